import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares every statement anew; on the hot paths (a session
 * lookup and a balance read per poll) preparing costs as much as running. This keeps
 * prepared statements by their SQL text, up to a bound, oldest dropped first.
 * Statements run synchronously one at a time (the driver holds a lock), so reusing
 * one is safe.
 */
export function withStatementCache(sqlite: Database.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
