/**
 * The two SQL engines the server stores in (docs/architecture.md "The store port"): picking one from a URL,
 * opening it through Kysely, and the few places where their SQL differs.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { pgListen, type ListenHandlers } from './pg-listen.js';
import { SqliteBulkInsert } from './fast/sqlite-bulk.js';
import { SqliteCheckpointer } from './fast/sqlite-checkpointer.js';
import { trackedSqliteDialect, type SqliteDirect } from './fast/sqlite-direct.js';
import { cachingSqlite } from './fast/sqlite-statements.js';

/** The engines the SQL adapter speaks. */
export type SqlDialectName = 'sqlite' | 'postgres';

/** Where the data lives, as {@link parseDatabaseUrl} understands a `DATABASE_URL`. */
export type DatabaseTarget = { dialect: 'postgres'; url: string } | { dialect: 'sqlite'; path: string };

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/**
 * Reads a `DATABASE_URL`: `postgres://…` or `postgresql://…` is a PostgreSQL server, anything else is
 * the path of an SQLite file (`./data/clinic.db`, `/var/lib/clinic/clinic.db`, `:memory:`).
 *
 * @throws Error when the value is empty.
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const value = url.trim();
  if (value === '') throw new Error('DATABASE_URL está vazio');
  return POSTGRES_URL.test(value) ? { dialect: 'postgres', url: value } : { dialect: 'sqlite', path: value };
}

/** How one engine spells the column types, booleans and documents the adapter stores. */
export interface DialectRules {
  readonly name: SqlDialectName;
  /**
   * Text columns that are compared or sorted. PostgreSQL's default collation is linguistic, so its
   * order would disagree with the JS code-unit order of `match.ts`; "C" compares bytes. SQLite's
   * default BINARY collation already does.
   */
  readonly textType: RawBuilder<unknown>;
  readonly numberType: RawBuilder<unknown>;
  readonly booleanType: RawBuilder<unknown>;
  readonly jsonType: RawBuilder<unknown>;
  /** A boolean as a bound parameter: better-sqlite3 refuses JS booleans, so SQLite gets 0/1. */
  bool(value: boolean): boolean | number;
  /** The `data` column as read back: SQLite returns the JSON text, pg already parsed the jsonb. */
  decodeData(value: unknown): Record<string, unknown>;
  /**
   * Opens a write transaction. SQLite takes the write lock up front (IMMEDIATE) so a transaction that
   * reads before it writes cannot fail with SQLITE_BUSY when another process (the admin CLI) writes.
   */
  readonly begin: string;
}

const sqliteRules: DialectRules = {
  name: 'sqlite',
  textType: sql`text`,
  numberType: sql`real`,
  booleanType: sql`integer`,
  jsonType: sql`text`,
  bool: (value) => (value ? 1 : 0),
  decodeData: (value) => JSON.parse(String(value)) as Record<string, unknown>,
  begin: 'begin immediate',
};

const postgresRules: DialectRules = {
  name: 'postgres',
  textType: sql`text collate "C"`,
  numberType: sql`double precision`,
  booleanType: sql`boolean`,
  jsonType: sql`jsonb`,
  bool: (value) => value,
  decodeData: (value) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>,
  begin: 'begin',
};

/** A connected Kysely instance and the rules of its engine. The type parameter is left to callers. */
export interface Connection {
  readonly kysely: Kysely<unknown>;
  readonly rules: DialectRules;
  /** SQLite only: prepared bulk inserts on Kysely's one connection. */
  readonly sqliteBulk: SqliteBulkInsert | undefined;
  /** SQLite only: statements run without Kysely's executor (fast/sqlite-direct.ts). */
  readonly sqliteDirect: SqliteDirect | undefined;
  /** PostgreSQL only: LISTEN on a connection of its own (see pg-listen.ts). */
  readonly listen?: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /** Stops background work on the database (SQLite's checkpoint thread); call before destroying `kysely`. */
  readonly stop: () => Promise<void>;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** PostgreSQL only: the schema every table lives in; created when missing. */
  schema?: string | undefined;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the engine `target` names. SQLite: creates the file's folder, WAL journal (readers never
 * block the writer), `synchronous=NORMAL` (safe with WAL, much faster than FULL), foreign keys on, a
 * busy timeout so a second process waits instead of failing, and most checkpoint work on a worker
 * thread (fast/sqlite-checkpointer.ts). PostgreSQL: a pg Pool whose every
 * connection starts with `search_path` set to `schema`, so unqualified names (ours and those of other
 * server modules' migrations) all land in that schema.
 *
 * @throws Error when the schema name is not a plain lowercase identifier, when a schema is given for
 *   SQLite, or when PostgreSQL cannot be reached.
 */
export async function connect(target: DatabaseTarget, options: ConnectOptions = {}): Promise<Connection> {
  if (target.dialect === 'sqlite') {
    if (options.schema !== undefined) throw new Error('a opção schema só existe para PostgreSQL');
    if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true });
    const file = new BetterSqlite3(target.path, { timeout: 5_000 });
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    const checkpointer = target.path === ':memory:' ? undefined : new SqliteCheckpointer(file, target.path);
    const { dialect, direct } = trackedSqliteDialect({ database: cachingSqlite(file) });
    return {
      kysely: new Kysely<unknown>({ dialect }),
      rules: sqliteRules,
      sqliteBulk: new SqliteBulkInsert(file),
      sqliteDirect: direct,
      stop: async () => checkpointer?.stop(),
    };
  }
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`nome de schema inválido: ${schema}`);
  const pool = new pg.Pool({
    connectionString: target.url,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client that loses its server emits 'error' on the pool; unheard, it would crash the
  // process. The pool drops that client and the next query reports the outage to its caller.
  pool.on('error', () => undefined);
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    if (schema !== undefined) await sql`create schema if not exists ${sql.id(schema)}`.execute(kysely);
    else await sql`select 1`.execute(kysely);
  } catch (error) {
    await kysely.destroy();
    throw error;
  }
  return {
    kysely,
    rules: postgresRules,
    sqliteBulk: undefined,
    sqliteDirect: undefined,
    listen: (channel, handlers) => pgListen(target.url, channel, handlers),
    stop: () => Promise.resolve(),
  };
}
