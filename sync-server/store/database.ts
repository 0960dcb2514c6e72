/**
 * Opening the server's SQL database: engine, migrations, collection tables, tenant-scoped stores.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { AnyCollectionDef, CollectionDef } from '#core/store/collection-def.js';
import type { Database, Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { connect, parseDatabaseUrl, type SqlDialectName } from './dialect.js';
import type { StoreTables } from './layout.js';
import type { ListenHandlers } from './pg-listen.js';
import { runMigrations, type Migration } from './migrations.js';
import { syncCollections } from './schema.js';
import { ChangeFeed } from './change-feed.js';
import { executeOnKysely, type Session } from './session.js';
import { sqliteExecutor } from './fast/sqlite-direct.js';
import { SqlStore, type StoreContext } from './sql-store.js';

/** Options of {@link openSqlDatabase}. */
export interface OpenSqlDatabaseOptions {
  /** `postgres://…` / `postgresql://…` for PostgreSQL, else the path of an SQLite file (`./data/clinic.db`). */
  url: string;
  /** Every collection the stores will be asked for; their tables are created or updated at open. */
  collections: readonly AnyCollectionDef[];
  /** PostgreSQL only: the schema every table lives in (created when missing). Default: the server's search_path. */
  schema?: string;
  /**
   * Versioned migrations of other server modules (auth's `accounts` and `api_keys`…), run at open
   * after the store's own and recorded in `schema_migrations`. Name them `<module>_<version>_<what>`
   * (`auth_0001_accounts`); they run in name order, each at most once. Put their tables in
   * unqualified names: in PostgreSQL they land in `schema`.
   */
  migrations?: Record<string, Migration>;
}

/** The port's Database plus what server-only modules need beside the collections. */
export interface SqlDatabase extends Database {
  readonly dialect: SqlDialectName;
  /**
   * The Kysely instance on the same connection(s), for server-only tables. Untyped on purpose: each
   * module adds its own, `db.kysely.withTables<AuthTables>()` is a `Kysely<AuthTables>` (the tables
   * type must be a type alias, not an interface). Outside the store's transactions: to join one, use
   * {@link executorOf} on the store given to `transaction`'s work.
   */
  readonly kysely: Kysely<unknown>;
  /** Resolves when the database answers a trivial query (health checks); rejects with the driver's error. */
  ping(): Promise<void>;
  /**
   * PostgreSQL only (absent on SQLite): LISTEN on `channel` over a connection of its own, until the
   * function it resolves to is called. Reconnects by itself; `reconnected` says notifications were missed.
   */
  readonly listen?: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /** This process's commits that wrote records, as they happen (change-feed.ts). */
  readonly feed: ChangeFeed;
}

/**
 * Opens (creating when needed) the database `url` names, runs pending migrations and brings the
 * collection tables in line with `collections`.
 *
 * @example
 * const db = await openSqlDatabase({ url: process.env.DATABASE_URL ?? './data/clinic.db', collections });
 * const budgets = db.forTenant(tenantId).collection(budgetsDef);
 *
 * @throws Error when the database cannot be reached, a migration fails, a collection declaration
 *   cannot become a table (bad name, two collections or two indexes with one name), or `schema` is
 *   given for SQLite. Nothing is left open then.
 */
export async function openSqlDatabase(options: OpenSqlDatabaseOptions): Promise<SqlDatabase> {
  const collections = new Map<string, CollectionDef<RecordBase>>();
  for (const def of options.collections) {
    // Short enough that `doc_<name>_by_seq` fits PostgreSQL's 63-byte identifiers.
    if (!/^[a-z][a-z0-9_]{0,51}$/.test(def.name)) throw new Error(`nome de coleção inválido: "${def.name}"`);
    if (collections.has(def.name)) throw new Error(`coleção "${def.name}" declarada duas vezes`);
    collections.set(def.name, def as unknown as CollectionDef<RecordBase>);
  }
  const {
    kysely: untyped,
    rules,
    sqliteBulk,
    sqliteDirect,
    listen,
    stop,
  } = await connect(parseDatabaseUrl(options.url), { schema: options.schema });
  const kysely = untyped as Kysely<StoreTables>;
  try {
    await runMigrations(untyped, rules, options.migrations);
    await syncCollections(kysely, rules, [...collections.values()]);
  } catch (error) {
    await stop();
    await kysely.destroy();
    throw error;
  }
  const feed = new ChangeFeed();
  const context: StoreContext = {
    root: kysely,
    feed,
    rules,
    active: new AsyncLocalStorage<Session>(),
    sqliteBulk,
    sqliteDirect,
    execute: sqliteDirect ? sqliteExecutor(sqliteDirect) : executeOnKysely,
    collections,
  };
  let closing: Promise<void> | undefined;
  return {
    dialect: rules.name,
    kysely: untyped,
    ping: async () => {
      await sql`select 1`.execute(untyped);
    },
    ...(listen ? { listen } : {}),
    feed,
    forTenant: (tenantId) => new SqlStore(context, tenantId, undefined),
    close: () => (closing ??= stop().then(() => kysely.destroy())),
  };
}

/**
 * The Kysely executor a store of this adapter writes through right now: inside `transaction`'s work,
 * the transaction's. Lets a server module write its own tables in the same transaction as records.
 *
 * @throws Error when `store` does not come from {@link openSqlDatabase}.
 */
export function executorOf(store: Store): Kysely<unknown> {
  const sql = adapterStore(store);
  if (!sql) throw new Error('executorOf: o store não é do adaptador SQL');
  return sql.executor() as Kysely<unknown>;
}

/** The SQL adapter's store beneath `store`'s decorators (the guarded store), if it is one. */
function adapterStore(store: Store): SqlStore | undefined {
  let at: Store | undefined = store;
  while (at && !(at instanceof SqlStore)) at = at.inner;
  return at;
}

/**
 * Runs `query` where `store`'s statements go right now, as {@link executorOf}'s executor would: given
 * the store `transaction` hands its work (or a decorator of it, such as the guarded store), in that
 * transaction. On SQLite it skips Kysely's executor where that is safe
 * (fast/sqlite-direct.ts): for a server module's statement that runs on every request.
 *
 * @throws Error when `store` does not come from {@link openSqlDatabase}; the driver's error as is.
 */
export function executeIn<R>(store: Store, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const sql = adapterStore(store);
  if (!sql) throw new Error('executeIn: o store não é do adaptador SQL');
  return sql.run(query);
}
