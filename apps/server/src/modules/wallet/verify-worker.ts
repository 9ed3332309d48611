import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { verify } from './verify.ts';

/** The other side of verifyOffThread(): verify() over its own read-only connection to the file. */
const { file } = workerData as { file: string };
let db: Kysely<DB> | undefined;
try {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  parentPort!.postMessage({ violations: await verify(db) });
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  await db?.destroy();
}
