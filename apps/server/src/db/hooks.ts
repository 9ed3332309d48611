import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseConnection, Dialect, Driver, Kysely } from 'kysely';

/** What changed, told to the database's listeners once it is committed: a topic and its keys. */
export type CommitListener = (topic: string, keys: readonly (string | number)[]) => void;

/**
 * What the app keeps beside one open database (issue 24): listeners told of changes once they are
 * committed (the live cache), the SQLite handle behind the one connection (the ledger's prepared
 * statements) and memos modules keep per database (the ledger's account ids).
 */
export interface DatabaseHooks {
  /** SQLite: the better-sqlite3 handle of the only connection; undefined on PostgreSQL */
  readonly sqlite?: BetterSqlite3.Database;
  /** per-database memos of modules, each under a symbol of its own */
  readonly memo: Map<symbol, unknown>;
  /** statements sent to the database since it was opened (through Kysely, and counted by hand past it) */
  statements: number;
  onCommit(listener: CommitListener): () => void;
  /** tells every listener now (the change is already committed) */
  emit(topic: string, keys: readonly (string | number)[]): void;
}

const hooksOfConnection = new WeakMap<DatabaseConnection, DatabaseHooks>();
const hooksOfDb = new WeakMap<Kysely<any>, DatabaseHooks>();
/** work waiting for the commit of the transaction open on a connection */
const pending = new WeakMap<DatabaseConnection, (() => void)[]>();

function createHooks(sqlite?: BetterSqlite3.Database): DatabaseHooks {
  const listeners = new Set<CommitListener>();
  return {
    sqlite,
    memo: new Map(),
    statements: 0,
    onCommit(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(topic, keys) {
      if (keys.length === 0) return;
      for (const l of listeners) l(topic, keys);
    },
  };
}

/**
 * The dialect with its driver watched: each connection it hands out is known to belong to this
 * database and counts its statements, and work registered with `afterCommitOn` runs once that
 * connection's transaction has committed (dropped when it rolls back). Kysely has no commit hook
 * of its own.
 */
export function hookDialect(dialect: Dialect, sqlite?: BetterSqlite3.Database): Dialect {
  const hooks = createHooks(sqlite);
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => hookDriver(dialect.createDriver(), hooks),
  };
}

function hookDriver(driver: Driver, hooks: DatabaseHooks): Driver {
  // Kysely gets a counting stand-in for each connection and hands it back to the driver
  const standIns = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const real = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const standInFor = (connection: DatabaseConnection) => {
    let s = standIns.get(connection);
    if (!s) {
      s = {
        executeQuery(query) {
          hooks.statements++;
          return connection.executeQuery(query);
        },
        streamQuery(query, chunkSize) {
          hooks.statements++;
          return connection.streamQuery(query, chunkSize);
        },
      };
      standIns.set(connection, s);
      real.set(s, connection);
      hooksOfConnection.set(s, hooks);
    }
    return s;
  };
  const r = (s: DatabaseConnection) => real.get(s) ?? s;
  const run = (connection: DatabaseConnection) => {
    const work = pending.get(connection);
    if (!work) return;
    pending.delete(connection);
    for (const fn of work) fn();
  };
  return {
    init: () => driver.init(),
    acquireConnection: async () => standInFor(await driver.acquireConnection()),
    beginTransaction(connection, settings) {
      pending.delete(connection);
      hooks.statements++;
      return driver.beginTransaction(r(connection), settings);
    },
    async commitTransaction(connection) {
      hooks.statements++;
      await driver.commitTransaction(r(connection));
      run(connection);
    },
    async rollbackTransaction(connection) {
      pending.delete(connection);
      hooks.statements++;
      await driver.rollbackTransaction(r(connection));
    },
    savepoint: driver.savepoint && ((c, name, compile) => (hooks.statements++, driver.savepoint!(r(c), name, compile))),
    rollbackToSavepoint: driver.rollbackToSavepoint && ((c, name, compile) => (hooks.statements++, driver.rollbackToSavepoint!(r(c), name, compile))),
    releaseSavepoint: driver.releaseSavepoint && ((c, name, compile) => (hooks.statements++, driver.releaseSavepoint!(r(c), name, compile))),
    releaseConnection: (connection) => driver.releaseConnection(r(connection)),
    destroy: () => driver.destroy(),
  };
}

/**
 * The connection `db` runs on: a transaction's own, or one taken from the pool for the moment.
 * (Kysely marks getExecutor internal; it is the only way to a transaction's connection, and the
 * live-cache tests fail if a Kysely release changes it.)
 */
export function withConnection<T>(db: Kysely<any>, fn: (connection: DatabaseConnection, hooks: DatabaseHooks | undefined) => Promise<T>): Promise<T> {
  return db.getExecutor().provideConnection((connection) => fn(connection, hooksOfConnection.get(connection)));
}

/** The hooks of the database `db` (or a transaction of it) works on; undefined when opened without them. */
export async function hooksOf(db: Kysely<any>): Promise<DatabaseHooks | undefined> {
  const known = hooksOfDb.get(db);
  if (known) return known;
  const hooks = await withConnection(db, async (_, h) => h);
  if (hooks && !db.isTransaction) hooksOfDb.set(db, hooks);
  return hooks;
}

/** Runs `fn` once the transaction open on `connection` commits; at once when none is registered to wait for. */
export function afterCommitOn(connection: DatabaseConnection, fn: () => void): void {
  if (!hooksOfConnection.has(connection)) return fn();
  const work = pending.get(connection);
  if (work) work.push(fn);
  else pending.set(connection, [fn]);
}

/**
 * Tells the database's listeners of a change made through `db`: once its transaction commits
 * when `db` is one, else at once (the caller's statements have committed already).
 */
export async function announce(db: Kysely<any>, topic: string, keys: readonly (string | number)[]): Promise<void> {
  if (keys.length === 0) return;
  if (!db.isTransaction) {
    (await hooksOf(db))?.emit(topic, keys);
    return;
  }
  await withConnection(db, async (connection, hooks) => {
    if (hooks) afterCommitOn(connection, () => hooks.emit(topic, keys));
  });
}
