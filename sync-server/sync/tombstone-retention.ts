/**
 * Tombstone retention (docs/architecture.md "Sync"): the server keeps a deleted document's tombstone at least as
 * long as installations keep theirs (RxDB's cleanup keeps them 31 days by default; the server, 60),
 * then a purge job removes it. An installation whose checkpoint is older than the newest purged
 * tombstone of a collection may have missed a deletion: its pull is answered 410 `resync_required`
 * and it re-reads the collection from the start, dropping what the server no longer holds.
 *
 * Age is told without any client clock and without a timestamp column on the documents: each purge
 * run records every tenant's current seq with the server's time (`sync_seq_marks`); a tombstone whose
 * seq is at or below a mark older than the retention was written before that mark, so it is older.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { PullResponse, SyncCheckpoint } from '#core/sync/protocol.js';
import { docTableName, type SqlDatabase, type StoreTables } from '../store/index.js';
import { forgetPushedStates } from './replays.js';
import type { SyncTables } from './sync-tables.js';
import type { DocTables } from '../store/layout.js';

/** Default days a tombstone is kept (`CLINIC_TOMBSTONE_RETENTION_DAYS`); RxDB's clients keep theirs 31. */
export const DEFAULT_RETENTION_DAYS = 60;

const DAY_MS = 86_400_000;

/** The tables of retention. A type alias: `withTables` needs an implicit index signature. */
export type RetentionTables = {
  /** A tenant's seq at a purge run, with the server's time: how seq values are dated. */
  sync_seq_marks: { tenant_id: string; seq: number | string; at_ms: number | string };
  /** Per tenant and collection, the highest seq of a purged tombstone. */
  sync_purge_horizon: { tenant_id: string; collection: string; seq: number | string };
};

/** Retention's migration, part of `syncMigrations`. */
export const retentionMigrations: Record<string, Migration> = {
  sync_0003_tombstone_retention: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sync_seq_marks')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sync_seq_marks_pk', ['tenant_id', 'at_ms'])
        .execute();
      await db.schema
        .createTable('sync_purge_horizon')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sync_purge_horizon_pk', ['tenant_id', 'collection'])
        .execute();
    },
  },
};

/**
 * Reads `CLINIC_TOMBSTONE_RETENTION_DAYS` (default {@link DEFAULT_RETENTION_DAYS}).
 * @throws Error when it is not an integer of at least 32 (below RxDB's 31 days, an installation could
 *   still hold a tombstone the server forgot, and nothing would tell it to resync)
 */
export function readRetentionDays(env: Record<string, string | undefined>): number {
  const raw = env.CLINIC_TOMBSTONE_RETENTION_DAYS;
  if (raw === undefined || raw === '') return DEFAULT_RETENTION_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 32) {
    throw new Error(`CLINIC_TOMBSTONE_RETENTION_DAYS must be an integer ≥ 32, got "${raw}"`);
  }
  return days;
}

/** What one purge run did. */
export interface PurgeResult {
  /** Tombstones removed, over every tenant and collection. */
  purged: number;
}

/**
 * Records every tenant's seq with the server's time, then removes the tombstones older than
 * `retentionDays` and raises each collection's horizon to the highest seq removed. Run it daily
 * ({@link startTombstonePurge}); running it more often only costs reads.
 *
 * @throws Error when the database fails; a collection's removal and its horizon commit together.
 */
export async function purgeTombstones(options: {
  database: SqlDatabase;
  collections: readonly Pick<CollectionDef, 'name'>[];
  clock: Clock;
  retentionDays?: number;
}): Promise<PurgeResult> {
  const { database } = options;
  const db = database.kysely.withTables<RetentionTables & StoreTables>();
  const now = options.clock.now().getTime();
  const cutoff = now - (options.retentionDays ?? DEFAULT_RETENTION_DAYS) * DAY_MS;
  const deletedTrue = database.dialect === 'sqlite' ? 1 : true;
  let purged = 0;
  // Replays are recognised as long as tombstones are kept (replays.ts).
  await forgetPushedStates(database.kysely.withTables<SyncTables>(), cutoff);
  for (const { tenant_id: tenantId, seq } of await db.selectFrom('tenant_seq').selectAll().execute()) {
    await db
      .insertInto('sync_seq_marks')
      .values({ tenant_id: tenantId, seq: Number(seq), at_ms: now })
      .onConflict((oc) => oc.columns(['tenant_id', 'at_ms']).doNothing())
      .execute();
    const mark = await db
      .selectFrom('sync_seq_marks')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('tenant_id', '=', tenantId)
      .where('at_ms', '<=', cutoff)
      .executeTakeFirst();
    const threshold = Number(mark?.seq ?? 0);
    if (threshold === 0) continue;
    // Older marks than the one in use tell nothing more.
    await db
      .deleteFrom('sync_seq_marks')
      .where('tenant_id', '=', tenantId)
      .where('seq', '<', threshold)
      .where('at_ms', '<=', cutoff)
      .execute();
    for (const def of options.collections) {
      await database.kysely.transaction().execute(async (trx) => {
        const docs = trx.withTables<DocTables>();
        const table = docTableName(def);
        const top = await docs
          .selectFrom(table)
          .select((eb) => [eb.fn.max('seq').as('seq'), eb.fn.countAll().as('n')])
          .where('tenant_id', '=', tenantId)
          .where('deleted', '=', deletedTrue)
          .where('seq', '<=', threshold)
          .executeTakeFirst();
        const count = Number(top?.n ?? 0);
        if (count === 0) return;
        await docs
          .deleteFrom(table)
          .where('tenant_id', '=', tenantId)
          .where('deleted', '=', deletedTrue)
          .where('seq', '<=', threshold)
          .execute();
        await sql`insert into sync_purge_horizon (tenant_id, collection, seq) values (${tenantId}, ${def.name}, ${Number(top!.seq)})
          on conflict (tenant_id, collection) do update set seq = excluded.seq
          where sync_purge_horizon.seq < excluded.seq`.execute(trx);
        purged += count;
      });
    }
  }
  return { purged };
}

/**
 * Runs {@link purgeTombstones} every `intervalMs` (default a day) until the returned function is
 * called. A failed run is reported to `onError` and retried at the next interval.
 */
export function startTombstonePurge(
  options: Parameters<typeof purgeTombstones>[0] & { intervalMs?: number; onError?(error: unknown): void },
): () => void {
  const run = () => void purgeTombstones(options).catch((error: unknown) => options.onError?.(error));
  const timer = setInterval(run, options.intervalMs ?? DAY_MS);
  timer.unref?.();
  run();
  return () => clearInterval(timer);
}

/** The highest purged seq over `collections` of the tenant (0 when none was purged). */
async function horizonOf(database: SqlDatabase, tenantId: string, collections: readonly string[]): Promise<number> {
  const row = await database.kysely
    .withTables<RetentionTables>()
    .selectFrom('sync_purge_horizon')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('tenant_id', '=', tenantId)
    .where('collection', 'in', collections)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Wraps a pull of `collections` (one collection, or a storage group's members) with retention:
 *
 * - a checkpoint below the horizon, not served under it (`h`), may have missed a purged tombstone: it is
 *   refused with 410 `resync_required`, so the installation re-reads from `{ seq: 0 }` instead of
 *   keeping, and later pushing back, records deleted elsewhere;
 * - once anything was purged, answers carry the horizon as `h`: the pages of a full read (whose `seq`
 *   stays below the horizon until the read passes it) are not sent back to resync;
 * - a last page (shorter than `limit`) answers at least the horizon as `seq`: nothing of the
 *   collection lies between.
 *
 * @throws DomainError `resync_required` (410) as above
 */
export async function pullWithinRetention(
  database: SqlDatabase,
  tenantId: string,
  collections: readonly string[],
  checkpoint: SyncCheckpoint,
  limit: number,
  pull: () => Promise<PullResponse>,
): Promise<PullResponse> {
  const refuse = (horizon: number) => {
    if (checkpoint.seq > 0 && checkpoint.seq < horizon && (checkpoint.h ?? 0) < horizon) {
      throw new DomainError(
        'resync_required',
        'Esta instalação ficou sem sincronizar além do prazo de retenção; ela vai baixar os dados de novo.',
        [{ path: 'checkpoint', message: `seq ${checkpoint.seq} anterior ao horizonte ${horizon}` }],
      );
    }
  };
  refuse(await horizonOf(database, tenantId, collections));
  const response = await pull();
  // A purge that committed while the page was read removed tombstones the page may lack; its horizon
  // commits with the removal, so reading it after the page tells.
  const horizon = await horizonOf(database, tenantId, collections);
  refuse(horizon);
  if (horizon === 0) return response;
  const last = response.documents.length < limit;
  const seq = last ? Math.max(response.checkpoint.seq, horizon) : response.checkpoint.seq;
  return { ...response, checkpoint: { seq, h: horizon } };
}
