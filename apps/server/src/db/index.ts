import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Dialect as KyselyDialect, type Migration } from 'kysely';
import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { DB } from './schema.ts';
import type { Dialect } from './migrations/helpers.ts';
import { migrations } from './migrations/index.ts';
import { withStatementCache } from './sqlite-statements.ts';
import { ensurePrivateFile, makePrivate, makePrivateDir, sqliteFiles } from '../lib/private-files.ts';
import { hookDialect } from './hooks.ts'; // issue 24: commit listeners, the SQLite handle

export type { DB } from './schema.ts';
export type { Dialect } from './migrations/helpers.ts';

// pg answers int8 as strings; every int8 we keep (fen, ids, epoch ms) fits a safe integer.
pg.types.setTypeParser(20, (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 out of safe range: ${value}`);
  return n;
});

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema in use, when not the default */
  schema?: string;
  /** issue 23 (metrics): the PostgreSQL pool's connections now (none for SQLite's one connection) */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export function openDatabase(config: Config, onPoolError: (err: Error) => void = () => {}): Database {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // who holds a connection, in pg_stat_activity
      application_name: config.databaseSchema ? `casino:${config.databaseSchema}` : 'casino',
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    // an idle connection the server ends (restart, failover, an operator) is dropped from the
    // pool and reported; without a listener node-postgres would take the whole process down
    pool.on('error', onPoolError);
    // issue 23: the pool listens only to idle clients; a client checked out when its connection
    // drops (a query racing a database restart or a network cut) emitted 'error' with no
    // listener, which ended the process. Its query still fails; the process stays up.
    pool.on('connect', (client) => client.on('error', onPoolError));
    const base = new PostgresDialect({ pool });
    const db = new Kysely<DB>({ dialect: hookDialect(config.databaseSchema ? withSchemaMigrationLock(base, config.databaseSchema) : base) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', schema: config.databaseSchema, poolStats, close: () => db.destroy() };
  }
  const file = sqliteFileOf(config);
  // issue 33: the folder made 0700 and the file 0600 before SQLite opens it; SQLite gives the
  // -wal and -shm files the database file's mode
  if (file !== ':memory:') {
    makePrivateDir(path.dirname(file));
    ensurePrivateFile(file);
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  if (file !== ':memory:') sqliteFiles(file).forEach(makePrivate);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: hookDialect(new SqliteDialect({ database: withStatementCache(sqlite) }), sqlite) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely's migration lock on PostgreSQL is one advisory key for the whole database. Sites in
 * their own schemas (DATABASE_SCHEMA, and every test app) never share migrations, yet queued
 * behind each other's: a test app's start spent 8.7 of its 11.9 s waiting there (issue 24). With
 * a schema set, the lock's key is the schema's own; processes of one site still exclude each
 * other. The default schema keeps Kysely's key.
 */
function withSchemaMigrationLock(dialect: KyselyDialect, schema: string): KyselyDialect {
  const key = createHash('sha256').update(`migrations:${schema}`).digest().readBigInt64BE(0);
  class SchemaLockAdapter extends PostgresAdapter {
    override async acquireMigrationLock(db: Kysely<any>): Promise<void> {
      await sql`select pg_advisory_lock(${sql.lit(key)})`.execute(db);
    }
    override async releaseMigrationLock(db: Kysely<any>): Promise<void> {
      await sql`select pg_advisory_unlock(${sql.lit(key)})`.execute(db);
    }
  }
  return {
    createAdapter: () => new SchemaLockAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => dialect.createDriver(),
  };
}

/** The SQLite file the app opens (':memory:' for a database only this connection sees). */
export function sqliteFileOf(config: Pick<Config, 'sqliteFile' | 'dataDir'>): string {
  return config.sqliteFile ?? path.join(config.dataDir, 'casino.sqlite');
}

/**
 * Held (shared) while migrations run and (exclusive) while a schema is dropped. Kysely's
 * migrator looks for its tables by reading the catalogue of every schema in the database; a
 * schema dropped at that moment (another test app's, on PostgreSQL) made it fail with
 * `relation "<that schema>.kysely_migration" does not exist`. Migrations never wait for each
 * other, only for a drop in progress.
 */
const SCHEMA_LOCK = 7_204_611;

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrate(database: Database): Promise<void> {
  const all = migrations(database.dialect);
  const run = async (db: Kysely<DB>) => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async (): Promise<Record<string, Migration>> => all },
      // migrations of parallel branches land in any order; each is independent of its neighbours
      allowUnorderedMigrations: true,
      // Kysely looks for its own tables by name across schemas unless told which one
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
  };
  if (database.dialect !== 'postgres') return run(database.db);
  // one connection holds the shared lock and runs the migrations
  await database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock_shared(${SCHEMA_LOCK})`.execute(conn);
    try {
      await run(conn);
    } finally {
      await sql`select pg_advisory_unlock_shared(${SCHEMA_LOCK})`.execute(conn);
    }
  });
}

/** Creates a PostgreSQL schema (tests give every app its own). */
export async function createPgSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` holding SCHEMA_LOCK exclusively, so that no migration reads the catalogue
 * meanwhile: for whatever drops tables of a database other apps may be migrating in (a schema's
 * drop; a restore's `pg_restore --clean`, which in CI failed another test app's start with
 * `relation "<the restored schema>.settings" does not exist`). The lock ends with the session.
 */
export async function withTablesDropping<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function dropPgSchema(url: string, schema: string): Promise<void> {
  await withTablesDropping(url, (client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
}

export { sql };
