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
import { runInTransaction } from './fast/sqlite-direct.js';

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
 * `ended` hears whether the savepoint was released (true) or rolled back (false).
 */
export function inSavepoint<R>(
  session: Session,
  tx: TxScope,
  work: (child: Session) => Promise<R>,
  ended?: (committed: boolean) => void,
): Promise<R> {
  return tx.children.run(async () => {
    const name = sql.id(`sp_${++tx.state.savepoints}`);
    await sql`savepoint ${name}`.execute(session.executor);
    const child: Session = { executor: session.executor, tx: { state: tx.state, children: new Serial() } };
    try {
      const result = await work(child);
      await sql`release savepoint ${name}`.execute(session.executor);
      ended?.(true);
      return result;
    } catch (error) {
      try {
        await sql`rollback to savepoint ${name}`.execute(session.executor);
        await sql`release savepoint ${name}`.execute(session.executor);
      } finally {
        ended?.(false);
      }
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
  /**
   * Runs a statement where a session sends it: on SQLite `fast/sqlite-direct.ts`'s runner (straight on
   * the connection where that is safe), on PostgreSQL {@link executeOnKysely}. Chosen once at open, so
   * a collection reaches the driver in one call.
   */
  readonly execute: StatementRunner;
}

/** Runs `query` where `session` sends statements; same rows and errors whichever runner. */
export type StatementRunner = <R>(session: Session, query: CompiledQuery<R>) => Promise<QueryResult<R>>;

/** The plain runner: the session's Kysely executor (PostgreSQL, and SQLite when the caller must wait). */
export const executeOnKysely: StatementRunner = (session, query) => session.executor.executeQuery(query);

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
 * transaction is opened in this one function, which calls `work` itself (no callback of Kysely's in
 * between), so a write's call path stays short (docs/architecture.md "From request to row"). Once it
 * commits, the {@link ChangeFeed} hears what it wrote; `ended` hears whether it committed (or the
 * savepoint was released) or rolled back: the guard logs what it held for the transaction then.
 */
export async function atomically<R>(
  source: SessionSource,
  session: Session,
  work: (session: Session) => Promise<R>,
  savepoint = true,
  ended?: (committed: boolean) => void,
): Promise<R> {
  if (session.tx) return savepoint ? inSavepoint(session, session.tx, work, ended) : work(session);
  const state: TxState = { open: true, savepoints: 0, changed: undefined };
  const held = await holdConnection(source.root);
  // On SQLite the connection is ours from here on: begin, commit and rollback skip Kysely's executor.
  const direct = source.sqliteDirect;
  const run = (text: string) =>
    direct ? runInTransaction(direct, CompiledQuery.raw(text)) : held.connection.executeQuery(CompiledQuery.raw(text));
  let value: R;
  try {
    await run(source.rules.begin);
    try {
      const tx: Session = { executor: held.connection, tx: { state, children: new Serial() } };
      value = await source.active.run(tx, () => work(tx));
      await run('commit');
    } catch (error) {
      // As in inTransaction: a failed commit can leave SQLite's transaction open.
      try {
        await run('rollback');
      } catch {
        // the error that got us here matters more
      }
      throw error;
    }
  } catch (error) {
    state.open = false;
    await held.release();
    ended?.(false);
    throw error;
  }
  state.open = false;
  await held.release();
  if (state.changed) source.feed.committed(state.changed);
  ended?.(true);
  return value;
}

/**
 * Takes a connection from Kysely (on SQLite its only one, so nobody else's statement can slip in)
 * and keeps it until `release`, which resolves once Kysely has it back.
 * @throws (rejects with) the driver's error when no connection can be had.
 */
function holdConnection(
  root: Kysely<StoreTables>,
): Promise<{ connection: Kysely<StoreTables>; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    let give!: () => void;
    const returned: Promise<void> = root.connection().execute((connection) => {
      resolve({
        connection,
        release: () => {
          give();
          return returned;
        },
      });
      return new Promise<void>((done) => (give = done));
    });
    returned.catch(reject);
  });
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
