/**
 * The store's statements on SQLite without Kysely's executor (issue #5 bench). better-sqlite3 runs a
 * statement synchronously, yet each one through Kysely's executor costs a chain of about ten promises
 * (connection provider, SQLite's connection mutex, result plugins), each also paying the promise
 * hooks of the store's AsyncLocalStorage: more CPU than SQLite takes to run the statement.
 *
 * Two cases are safe to run directly on Kysely's one connection:
 * - inside a store transaction: the connection is already held by that transaction, so a statement
 *   run on it now belongs to it, exactly as through the transaction's executor;
 * - a read outside any transaction while nobody holds the connection: then no transaction is open
 *   on it, the read sees the committed state, and it runs to its end before anyone else can start.
 *   When somebody holds it, the read waits for the moment nobody does (one promise, where Kysely's
 *   executor would cost its chain of ten) and runs then; every read waiting runs at that moment,
 *   before the next holder can open a transaction, so reads are never starved by a stream of writes.
 *
 * A second, read-only connection was tried for the second case and measured slower: in WAL every
 * commit of the writer makes another connection drop its whole page cache before its next read.
 */
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
  type TransactionSettings,
} from 'kysely';
import type { Session, StatementRunner } from '../session.js';

/** Kysely's SQLite connection, and whether anybody holds it right now. */
export interface SqliteDirect {
  /** The connection's statements (the same cached ones Kysely prepares). */
  readonly file: SqliteDatabase;
  /** True from the moment a caller got the connection from Kysely until it gave it back. */
  held(): boolean;
  /** Resolves when the connection is next given back by its last holder (at once when nobody holds it). */
  whenFree(): Promise<void>;
}

/**
 * Kysely's SqliteDialect with a driver that counts who holds the connection, so
 * {@link sqliteExecutor} knows when the connection is free; @returns the dialect and its direct handle.
 */
export function trackedSqliteDialect(config: SqliteDialectConfig & { database: SqliteDatabase }): {
  dialect: SqliteDialect;
  direct: SqliteDirect;
} {
  let holders = 0;
  let waiting: (() => void)[] = [];
  class TrackedDialect extends SqliteDialect {
    override createDriver(): Driver {
      const inner = super.createDriver();
      return {
        init: () => inner.init(),
        acquireConnection: async () => {
          const connection = await inner.acquireConnection();
          holders++;
          return connection;
        },
        releaseConnection: (connection: DatabaseConnection) => {
          holders--;
          if (holders === 0 && waiting.length > 0) {
            // Woken before Kysely hands the connection on: their continuations run first.
            const woken = waiting;
            waiting = [];
            for (const wake of woken) wake();
          }
          return inner.releaseConnection(connection);
        },
        beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
          inner.beginTransaction(connection, settings),
        commitTransaction: (connection: DatabaseConnection) => inner.commitTransaction(connection),
        rollbackTransaction: (connection: DatabaseConnection) => inner.rollbackTransaction(connection),
        savepoint: inner.savepoint?.bind(inner),
        rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
        releaseSavepoint: inner.releaseSavepoint?.bind(inner),
        destroy: () => inner.destroy(),
      };
    }
  }
  const whenFree = (): Promise<void> =>
    holders === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
  return { dialect: new TrackedDialect(config), direct: { file: config.database, held: () => holders > 0, whenFree } };
}

/** What Kysely's SQLite connection answers for `statement` run with `parameters`. */
export function runOnConnection<R>(statement: SqliteStatement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

/**
 * Runs `query` on the transaction's connection (call only while a store transaction holds it).
 * @throws the driver's error, as Kysely would reject with it.
 */
export function runInTransaction<R>(direct: SqliteDirect, query: CompiledQuery<R>): QueryResult<R> {
  return runOnConnection(direct.file.prepare(query.sql), query.parameters);
}

/**
 * How the SQL store runs a statement on SQLite (session.ts `SessionSource.execute`): directly on the
 * connection when that is safe (inside the session's open transaction, or a read outside any once
 * nobody holds the connection; see the module's comment), else through the session's Kysely executor.
 * Same rows, same errors either way. The statement runs in this function's own frame: a budget's
 * insert goes from the collection to better-sqlite3 in one call (docs/architecture.md "From request to row").
 */
export function sqliteExecutor(direct: SqliteDirect): StatementRunner {
  return async function executeOnSqlite<R>(session: Session, query: CompiledQuery<R>): Promise<QueryResult<R>> {
    let statement = direct.file.prepare(query.sql) as SqliteStatement & { readonly readonly: boolean };
    if (!session.tx) {
      // `reader` alone would take `insert … returning` (a write that answers rows) for a read.
      if (!statement.reader || !statement.readonly) return session.executor.executeQuery(query);
      if (direct.held()) {
        // Somebody else may take the connection between the wake-up and this turn: then wait again.
        while (direct.held()) await direct.whenFree();
        // Fetched again: while this read waited, another one may have left the cached statement iterating.
        statement = direct.file.prepare(query.sql) as typeof statement;
      }
    } else if (!session.tx.state.open) return session.executor.executeQuery(query);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  };
}
