import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { sqliteFileOf, type DB, type Dialect } from '../../db/index.ts';
import { verify, type Violation } from './verify.ts';

/**
 * verify() on a thread of its own, over a read-only connection to the SQLite file.
 * better-sqlite3 runs every statement on the calling thread, so the whole-ledger check run
 * inline stopped the site for as long (5.6 s at 1M entries over 200k accounts): every request
 * waited. WAL lets the other connection read while the site writes; each check is still one
 * statement and sees one consistent state, as inline.
 */
export function verifyOffThread(file: string): Promise<Violation[]> {
  return new Promise((resolve, reject) => {
    // issue 23: compiled (apps/server/dist/main.js), the worker is plain JavaScript beside the bundle
    const worker = import.meta.url.endsWith('.ts')
      ? new Worker(new URL('../../lib/ts-worker.mjs', import.meta.url), {
          workerData: { entry: new URL('./verify-worker.ts', import.meta.url).href, file },
        })
      : new Worker(new URL('./verify-worker.js', import.meta.url), { workerData: { file } });
    let answered = false;
    worker.once('message', (m: { violations?: Violation[]; error?: string }) => {
      answered = true;
      if (m.violations) resolve(m.violations);
      else reject(new Error(`verify() failed: ${m.error ?? 'no answer'}`));
    });
    worker.once('error', (err) => {
      answered = true;
      reject(new Error(`verify() failed: ${err?.message || err?.name || String(err)}`));
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`verify() thread ended (exit ${code}) without an answer`));
    });
  });
}

/**
 * The ledger's whole check where it costs the site least: an SQLite file is read on another
 * thread; PostgreSQL (whose driver waits without blocking) and an in-memory SQLite (which no
 * other connection can open) are checked on the caller's connection.
 */
export function verifyLedger(app: { db: Kysely<DB>; dialect: Dialect; config: Pick<Config, 'sqliteFile' | 'dataDir'> }): Promise<Violation[]> {
  const file = app.dialect === 'sqlite' ? sqliteFileOf(app.config) : ':memory:';
  return file === ':memory:' ? verify(app.db) : verifyOffThread(file);
}
