/**
 * The store's statements on SQLite without Kysely's executor (issue #5 bench). better-sqlite3 runs a
 * statement synchronously, yet each one through Kysely's executor costs a chain of about ten promises
 * (connection provider, SQLite's connection mutex, result plugins), each also paying the promise
 * hooks of the store's AsyncLocalStorage: more CPU than SQLite takes to run the statement.
 *
 * Two cases are safe to run directly:
 * - inside a store transaction: Kysely's single connection is already held by that transaction, so a
 *   statement run on it now belongs to it, exactly as through the transaction's executor;
 * - a read outside any transaction: it goes to a second, query-only connection. In WAL a read there
 *   sees every committed transaction and none that is still open, which is what the same read through
 *   the main connection sees once the open transaction lets go of it (it waited for it before).
 */
import BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, QueryResult, SqliteDatabase, SqliteStatement } from 'kysely';
import { cachingSqlite } from './sqlite-statements.js';

/** The connections statements can run on directly. */
export interface SqliteDirect {
  /** Kysely's own connection: only while a store transaction holds it. */
  readonly write: SqliteDatabase;
  /** A query-only connection to the same file for reads outside transactions; none for `:memory:`. */
  readonly read: SqliteDatabase | undefined;
  /** Closes the read connection. */
  close(): void;
}

/**
 * Opens the read connection beside `write` (the cached statements Kysely also uses). `:memory:`
 * gets none: a second connection would open another, empty database.
 */
export function sqliteDirect(path: string, write: SqliteDatabase): SqliteDirect {
  if (path === ':memory:') return { write, read: undefined, close: () => undefined };
  const file = new BetterSqlite3(path, { timeout: 5_000 });
  // Writes on this connection are refused by SQLite itself, whatever a caller sends.
  file.pragma('query_only = ON');
  file.pragma('busy_timeout = 5000');
  const read = cachingSqlite(file);
  return { write, read, close: () => file.close() };
}

/** What Kysely's SQLite connection answers for `statement` run with `parameters`. */
function run<R>(statement: SqliteStatement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

/**
 * Runs `query` on the transaction's connection (call only while a store transaction is open on it).
 * @throws the driver's error, as Kysely would reject with it.
 */
export function runInTransaction<R>(direct: SqliteDirect, query: CompiledQuery<R>): QueryResult<R> {
  return run(direct.write.prepare(query.sql), query.parameters);
}

/**
 * Runs `query` on the read connection when it is a read; @returns undefined when it must go through
 * Kysely (no read connection, or a statement that writes).
 */
export function runRead<R>(direct: SqliteDirect, query: CompiledQuery<R>): QueryResult<R> | undefined {
  if (!direct.read) return undefined;
  const statement = direct.read.prepare(query.sql) as SqliteStatement & { readonly readonly: boolean };
  // `reader` alone would take `insert … returning` (a write that answers rows) for a read.
  return statement.reader && statement.readonly ? run(statement, query.parameters) : undefined;
}
