/**
 * Where a store's statements go: straight to the database, or into one open transaction. Nested
 * transactions become savepoints of the enclosing one.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, sql, type Kysely, type QueryResult } from 'kysely';
import type { DialectRules } from './dialect.js';
import type { StoreTables } from './layout.js';
import type { SqliteBulkInsert } from './fast/sqlite-bulk.js';
import type { SqliteDirect } from './fast/sqlite-direct.js';
import type { ChangeFeed } from './change-feed.js';
import { runInTransaction, runOnConnection, runRead } from './fast/sqlite-direct.js';

/** Runs the functions given to it one after another, in call order. */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<R>(work: () => Promise<R>): Promise<R> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** What one transaction shares across its savepoint scopes. */
export interface TxState {
  open: boolean;
  savepoints: number;
  /**
   * Collections the transaction wrote, by tenant (SqlCollection records each write's seq draw):
   * told to the database's {@link ChangeFeed} once it commits.
   */
  changed: Map<string, Set<string>> | undefined;
}

/** One open transaction, or one savepoint scope inside it. */
export interface TxScope {
  /** Shared by the whole transaction. */
  readonly state: TxState;
  /**
   * Savepoint scopes opened directly inside this scope run one at a time: savepoints are a stack on
   * one connection, and two interleaved ones would undo each other's writes.
   */
  readonly children: Serial;
}

/** The executor statements run on, and the transaction it belongs to, if any. */
export interface Session {
  readonly executor: Kysely<StoreTables>;
  readonly tx: TxScope | undefined;
}

/**
 * Runs `work` in a transaction on one connection: commits when it resolves, rolls back and rethrows
 * when it throws. Kysely's SQLite driver hands its only connection to one caller at a time, so nobody
 * else's statements can slip into the transaction; in PostgreSQL the connection is the transaction's own.
 */
export async function inTransaction<DB, R>(
  kysely: Kysely<DB>,
  rules: DialectRules,
  work: (executor: Kysely<DB>) => Promise<R>,
  direct?: SqliteDirect,
): Promise<R> {
  return kysely.connection().execute(async (connection) => {
    // Plain text statements: they run on every write, and need no query builder. On SQLite the
    // connection is ours from here on, so they may skip Kysely's executor (fast/sqlite-direct.ts).
    const run = (text: string) =>
      direct ? runInTransaction(direct, CompiledQuery.raw(text)) : connection.executeQuery(CompiledQuery.raw(text));
    await run(rules.begin);
    try {
      const result = await work(connection);
      await run('commit');
      return result;
    } catch (error) {
      // A failed commit can leave SQLite's transaction open; rolling back frees the connection. The
      // rollback's own failure (connection gone) matters less than the error that got us here.
      try {
        await run('rollback');
      } catch {
        // see above
      }
      throw error;
    }
  });
}

/**
 * Runs `work` in a savepoint of `session`'s transaction: its writes are undone alone when it throws,
 * and the enclosing transaction goes on (PostgreSQL would otherwise refuse every later statement).
 */
export function inSavepoint<R>(session: Session, tx: TxScope, work: (child: Session) => Promise<R>): Promise<R> {
  return tx.children.run(async () => {
    const name = sql.id(`sp_${++tx.state.savepoints}`);
    await sql`savepoint ${name}`.execute(session.executor);
    const child: Session = { executor: session.executor, tx: { state: tx.state, children: new Serial() } };
    try {
      const result = await work(child);
      await sql`release savepoint ${name}`.execute(session.executor);
      return result;
    } catch (error) {
      await sql`rollback to savepoint ${name}`.execute(session.executor);
      await sql`release savepoint ${name}`.execute(session.executor);
      throw error;
    }
  });
}

/** What every store and collection of one open database shares. */
export interface SessionSource {
  readonly root: Kysely<StoreTables>;
  readonly rules: DialectRules;
  /**
   * The transaction the current async call chain runs in. A store obtained outside a transaction but
   * used inside its `work` joins it: going to the database instead would wait forever for the
   * connection (SQLite) or the tenant's seq row lock (PostgreSQL) that the transaction holds.
   */
  readonly active: AsyncLocalStorage<Session>;
  /** SQLite only: bulk inserts through a reused prepared statement on the same connection. */
  readonly sqliteBulk: SqliteBulkInsert | undefined;
  /** SQLite only: statements run without Kysely's executor where that is safe (fast/sqlite-direct.ts). */
  readonly sqliteDirect: SqliteDirect | undefined;
  /** Told of every committed transaction that wrote records. */
  readonly feed: ChangeFeed;
}

/**
 * Runs `query` where `session` sends statements: on SQLite directly on the connection when that is
 * safe (inside the session's open transaction, or a read outside any once nobody holds the
 * connection; see fast/sqlite-direct.ts), else through the session's Kysely executor. Same rows, same
 * errors either way.
 */
export async function execute<R>(
  source: SessionSource,
  session: Session,
  query: CompiledQuery<R>,
): Promise<QueryResult<R>> {
  const direct = source.sqliteDirect;
  if (direct) {
    if (session.tx?.state.open) return runOnConnection(direct.file.prepare(query.sql), query.parameters);
    if (!session.tx) {
      const read = await runRead(direct, query);
      if (read) return read;
    }
  }
  return session.executor.executeQuery(query);
}

/**
 * The session a store bound to `bound` (or to none) should use right now.
 *
 * @throws Error when `bound` is a transaction that already ended: its connection went back to other
 *   callers (in SQLite, the only one), and writing through it would land in someone else's transaction.
 */
export function currentSession(source: SessionSource, bound: Session | undefined): Session {
  if (bound?.tx && !bound.tx.state.open) {
    throw new Error('a transação deste store já terminou: use o store de fora da transação');
  }
  if (bound) return bound;
  const active = source.active.getStore();
  if (active?.tx?.state.open) return active;
  return { executor: source.root, tx: undefined };
}

/**
 * Runs `work` atomically: in a new transaction when `session` has none, else in a savepoint of it
 * (when `savepoint`) or directly in it (a single statement needs no savepoint of its own). A new
 * transaction is opened here, not through {@link inTransaction}, so a write's call path stays short
 * (docs/architecture.md "From request to row"); once it commits, the {@link ChangeFeed} hears what it wrote.
 */
export async function atomically<R>(
  source: SessionSource,
  session: Session,
  work: (session: Session) => Promise<R>,
  savepoint = true,
): Promise<R> {
  if (session.tx) return savepoint ? inSavepoint(session, session.tx, work) : work(session);
  const state: TxState = { open: true, savepoints: 0, changed: undefined };
  const direct = source.sqliteDirect;
  try {
    const result = await source.root.connection().execute(async (connection) => {
      // On SQLite the connection is ours from here on: begin, commit and rollback skip Kysely's executor.
      const run = (text: string) =>
        direct ? runInTransaction(direct, CompiledQuery.raw(text)) : connection.executeQuery(CompiledQuery.raw(text));
      await run(source.rules.begin);
      try {
        const tx: Session = { executor: connection, tx: { state, children: new Serial() } };
        const value = await source.active.run(tx, () => work(tx));
        await run('commit');
        return value;
      } catch (error) {
        // As in inTransaction: a failed commit can leave SQLite's transaction open.
        try {
          await run('rollback');
        } catch {
          // the error that got us here matters more
        }
        throw error;
      }
    });
    if (state.changed) source.feed.committed(state.changed);
    return result;
  } finally {
    state.open = false;
  }
}

/** Notes that `session`'s transaction wrote `collection` of `tenantId` (told to the feed at commit). */
export function noteWrite(session: Session, tenantId: string, collection: string): void {
  const state = session.tx?.state;
  if (!state) return;
  const changed = (state.changed ??= new Map<string, Set<string>>());
  let names = changed.get(tenantId);
  if (!names) changed.set(tenantId, (names = new Set()));
  names.add(collection);
}
