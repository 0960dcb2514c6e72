import { sql, type CompiledQuery, type Kysely, type Migration } from 'kysely';
import { checkSeries, type LeasedRange, type NumberSource } from '#core/numbering/number-source.js';
import { DomainError } from '#core/errors.js';
import { fixedStatement } from '../store/doc-sql.js';
import type { Store } from '#core/store/port.js';
import { executeIn, executorOf, type SqlDatabase } from '../store/index.js';

/** The server's counters: the highest number of each series ever handed out, per tenant. */
export type NumberSeriesTables = {
  number_series: { tenant_id: string; series: string; hi: number };
};

export const numberSeriesMigrations: Record<string, Migration> = {
  '2026-11-23-0100-number-series': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('number_series')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('hi', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('number_series_pk', ['tenant_id', 'series'])
        .execute();
    },
  },
};

/** Largest block an installation may lease at once: bounds the numbers a lost PC can burn. */
export const MAX_LEASE = 1000;

/**
 * Hands out `size` numbers of `series` after every number handed out before, atomically: the upsert
 * is one statement, so two concurrent leases (two desks coming online together) never overlap.
 *
 * @throws DomainError `validation` when size is not an integer in 1..MAX_LEASE.
 */
export async function leaseNumbers(
  db: Kysely<NumberSeriesTables>,
  tenantId: string,
  series: string,
  size: number,
): Promise<LeasedRange> {
  checkSeries(series);
  if (!Number.isInteger(size) || size < 1 || size > MAX_LEASE) {
    throw new DomainError('validation', 'Tamanho de bloco inválido', [
      { path: 'size', message: `entre 1 e ${MAX_LEASE}` },
    ]);
  }
  const { rows } = await sql<{ hi: number | string }>`
    insert into number_series (tenant_id, series, hi) values (${tenantId}, ${series}, ${size})
    on conflict (tenant_id, series) do update set hi = number_series.hi + excluded.hi
    returning hi`.execute(db);
  const hi = Number(rows[0]!.hi);
  return { from: hi - size + 1, to: hi };
}

/**
 * The server's own {@link NumberSource}: one number at a time straight from the counter. A draw given
 * the operation's transaction (`next(series, tx)`) runs in it: no commit of its own, and on SQLite no
 * wait for the one connection the transaction holds. The counter's row stays locked until the
 * transaction ends, so two concurrent draws never see the same `hi`; a rolled back transaction gives
 * its number back. Without `tx` the draw commits alone.
 *
 * @param db the counter's tables (then a draw given `tx` runs on `tx`'s executor: the tables must be in
 *   its database), or the database whose stores draws run through.
 */
export function serverNumberSource(db: Kysely<NumberSeriesTables> | SqlDatabase, tenantId: string): NumberSource {
  if (!('forTenant' in db)) {
    // Given a transaction, the counter (in the same database) is drawn in it: going to `db` instead
    // would wait on the connection (SQLite) or row lock (PostgreSQL) the transaction holds.
    const counters = (tx: Store | undefined) => (tx ? executorOf(tx).withTables<NumberSeriesTables>() : db);
    return { next: async (series, tx) => (await leaseNumbers(counters(tx), tenantId, series, 1)).from };
  }
  const store = db.forTenant(tenantId);
  const draw = drawStatement(db);
  return {
    async next(series, tx) {
      checkSeries(series);
      const { rows } = await executeIn(tx ?? store, draw([tenantId, series]));
      return Number(rows[0]!.hi);
    },
  };
}

/** `leaseNumbers` of one number as fixed SQL text, made once per database: it runs on every budget created. */
const drawStatements = new WeakMap<SqlDatabase, (parameters: unknown[]) => CompiledQuery<{ hi: number | string }>>();

function drawStatement(database: SqlDatabase) {
  let statement = drawStatements.get(database);
  if (!statement) {
    statement = fixedStatement<{ hi: number | string }>(
      database.kysely as unknown as Kysely<never>,
      'insert into "number_series" ("tenant_id", "series", "hi") values (?, ?, 1) ' +
        'on conflict ("tenant_id", "series") do update set "hi" = "number_series"."hi" + 1 returning "hi"',
    );
    drawStatements.set(database, statement);
  }
  return statement;
}
