/**
 * Prepared statements of one SQLite file, reused by SQL text. Kysely's SQLite driver prepares every
 * query anew, and better-sqlite3's `prepare` (parsing and planning) costs more than running the
 * small statements the store issues; the store's statements are few and repeat on every request, so
 * a bounded cache removes that cost without changing any result.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept; the store and migrations issue a few hundred at most. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * The `database` to hand Kysely's SqliteDialect: `file` with a `prepare` that returns the cached
 * statement for the same SQL. A statement still iterating (a streamed query) is never handed out
 * twice: a fresh one is prepared instead.
 */
export function cachingSqlite(file: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Map keeps insertion order: re-inserting marks it most recently used.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = file.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}
