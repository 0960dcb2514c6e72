/**
 * What replication reads from a collection table beyond the store port: a tenant's changes after a
 * `seq` checkpoint (tombstones included), and the master state of one document, deleted or not.
 */
import { sql, type Kysely } from 'kysely';
import type { CollectionDef } from '#core/store/collection-def.js';
import { docTableName, type DocTables } from './layout.js';

/** A stored document with its replication bookkeeping. */
export interface FeedRow {
  id: string;
  /** The tenant's `seq` at this row's last write. */
  seq: number;
  deleted: boolean;
  /** The document as stored (no `_rev`). */
  data: Record<string, unknown>;
}

interface RawRow {
  id: string;
  seq: number | string;
  deleted: boolean | number;
  data: unknown;
}

function decode(row: RawRow): FeedRow {
  return {
    id: row.id,
    seq: Number(row.seq),
    deleted: row.deleted === true || row.deleted === 1,
    // SQLite keeps JSON text, PostgreSQL jsonb comes back parsed.
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  };
}

/**
 * The tenant's rows of `def` written after `afterSeq`, in `seq` order, at most `limit`. Served by the
 * `(tenant_id, seq)` index: a page costs its own size, never a table scan. Writers of a tenant are
 * serialized on its `tenant_seq` row (sql-collection.ts), so no row can commit later with a lower
 * seq than one a pull already returned.
 *
 * @param executor the database's Kysely (`db.kysely`) or a transaction's ({@link executorOf})
 */
export async function changesAfter(
  executor: Kysely<unknown>,
  def: Pick<CollectionDef, 'name'>,
  tenantId: string,
  afterSeq: number,
  limit: number,
): Promise<FeedRow[]> {
  const rows = await (executor as unknown as Kysely<DocTables>)
    .selectFrom(docTableName(def))
    .select(['id', 'seq', 'deleted', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => decode(row));
}

/** A row of a storage group's feed: which of the group's collections it belongs to. */
export type GroupFeedRow = FeedRow & { collection: string };

/**
 * The tenant's rows of every collection in `defs` (one storage group) written after `afterSeq`, in
 * `seq` order, at most `limit`. `seq` is the tenant's one counter across tables, so the union has
 * one order and a checkpoint means the same in every table. One `UNION ALL` of each table's first
 * `limit` rows by its `(tenant_id, seq)` index, ordered and cut to `limit`: a page reads at most
 * `limit` rows per table whatever the tables hold (PostgreSQL would otherwise scan and sort whole
 * tables for an initial sync, where nearly every row is past the checkpoint; with the inner limits
 * it runs a Merge Append of index scans, SQLite one co-routine per index scan).
 *
 * @param executor the database's Kysely (`db.kysely`) or a transaction's
 */
export async function groupChangesAfter(
  executor: Kysely<unknown>,
  defs: readonly Pick<CollectionDef, 'name'>[],
  tenantId: string,
  afterSeq: number,
  limit: number,
): Promise<GroupFeedRow[]> {
  const db = executor as unknown as Kysely<DocTables>;
  const branch = (def: Pick<CollectionDef, 'name'>, n: number) =>
    db
      .selectFrom(
        db
          .selectFrom(docTableName(def))
          .select([sql.lit(def.name).as('collection'), 'id', 'seq', 'deleted', 'data'])
          .where('tenant_id', '=', tenantId)
          .where('seq', '>', afterSeq)
          .orderBy('seq')
          .limit(limit)
          .as(`page_${n}`),
      )
      .selectAll();
  const [first, ...rest] = defs;
  if (!first) return [];
  let query = branch(first, 0);
  rest.forEach((def, n) => (query = query.unionAll(branch(def, n + 1))));
  const rows = (await query.orderBy('seq').limit(limit).execute()) as unknown as (RawRow & { collection: string })[];
  return rows.map((row) => ({ ...decode(row), collection: row.collection }));
}

/** The stored state of one document of the tenant, tombstones included; undefined when never stored. */
export async function masterState(
  executor: Kysely<unknown>,
  def: Pick<CollectionDef, 'name'>,
  tenantId: string,
  id: string,
): Promise<(FeedRow & { rev: number }) | undefined> {
  const row = await (executor as unknown as Kysely<DocTables>)
    .selectFrom(docTableName(def))
    .select(['id', 'seq', 'deleted', 'data', 'rev'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...decode(row), rev: Number(row.rev) };
}

/**
 * Takes the tenant's `tenant_seq` row lock without handing out a seq, at the start of a push: every
 * read the push then makes of master states stays true until it commits (PostgreSQL; SQLite's
 * `begin immediate` already holds the database's write lock).
 *
 * @param executor a transaction's executor ({@link executorOf}); the lock lasts until it ends
 */
export async function lockTenant(executor: Kysely<unknown>, tenantId: string): Promise<void> {
  await sql`insert into tenant_seq (tenant_id, seq) values (${tenantId}, 0)
    on conflict (tenant_id) do update set seq = tenant_seq.seq`.execute(executor);
}
