/**
 * Clashes between records in the review list (issue 18, point 5): two bookings of one slot, two charges of one
 * appointment. A person's decision cannot make them go away; the entry leaves the list when the clash is gone
 * on the server, wherever it was undone.
 */
import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { syncRulesOf } from '#core/sync/record-rules.js';
import { executorOf, lockTenant, masterState, type SqlDatabase } from '../store/index.js';
import type { DeviceActor } from './devices.js';
import type { SyncTables } from './sync-tables.js';

/**
 * Whether `row` lists a clash between records (what the collection's `crossCheck` finds: two bookings
 * of one slot, two charges of one appointment) rather than a version that lost: a conflict with no
 * server version beside it, of a collection that checks across records. A push over a purged record
 * also lists no server version, but its record is gone, which {@link clashStands} tells apart.
 */
function mayBeClash(row: Pick<SyncTables['sync_review'], 'kind' | 'master' | 'collection'>): boolean {
  return row.kind === 'conflict' && row.master === null && syncRulesOf(row.collection).crossCheck !== undefined;
}

/**
 * Whether the clash listed in `row` still stands on the server's current version of the record:
 * `undefined` when the record is absent (purged: not a clash), else whether `crossCheck` still finds
 * a collision.
 */
async function clashStands(
  def: CollectionDef<RecordBase>,
  store: Store,
  executor: Kysely<unknown>,
  tenantId: string,
  docId: string,
): Promise<boolean | undefined> {
  const current = await masterState(executor, def, tenantId, docId);
  if (!current) return undefined;
  if (current.deleted) return false;
  const collisions = (await syncRulesOf(def.name).crossCheck?.(store, current.data)) ?? [];
  return collisions.length > 0;
}

/**
 * A person's decision does not make two bookings of one slot go away: while the clash stands, keeping
 * or re-applying a version would only hide it. @throws DomainError `conflict` then.
 */
export async function refuseLiveClash(
  def: CollectionDef<RecordBase>,
  store: Store,
  executor: Kysely<unknown>,
  tenantId: string,
  row: SyncTables['sync_review'],
): Promise<void> {
  if (!mayBeClash(row)) return;
  if ((await clashStands(def, store, executor, tenantId, row.doc_id)) !== true) return;
  throw new DomainError('conflict', 'O choque entre os registros continua', [
    {
      path: 'decision',
      message: 'resolve-se movendo, desmarcando ou marcando como encaixe um dos registros; a lista o retira sozinha',
    },
  ]);
}

/** What {@link settleClashes} needs. */
export interface SettleContext {
  database: SqlDatabase;
  actor: DeviceActor;
  clock: Clock;
  /** The replicated collection named `name`, undefined when it is not one. */
  collectionOf(name: string): CollectionDef<RecordBase> | undefined;
}

/**
 * Marks resolved (`clash_gone`, by the reading installation) every unresolved clash entry of
 * `collections` whose clash no longer stands on the server: one of the bookings was moved, cancelled
 * or made an encaixe, wherever that was done. Run before the conflict list is read, so a clash leaves
 * the list exactly when it is gone and never before (issue 18, point 5). Under the tenant's write
 * lock, as a push: a push listing the same clash again cannot interleave.
 */
export async function settleClashes(ctx: SettleContext, collections: readonly string[]): Promise<void> {
  const tenantId = ctx.actor.tenantId;
  const crossChecked = collections.filter((name) => syncRulesOf(name).crossCheck !== undefined);
  if (crossChecked.length === 0) return;
  const open = (db: Kysely<SyncTables>) =>
    db
      .selectFrom('sync_review')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'conflict')
      .where('master', 'is', null)
      .where('resolved_at', 'is', null)
      .where('collection', 'in', crossChecked)
      .execute();
  // Most reads find nothing to settle: only then is the lock taken.
  if ((await open(ctx.database.kysely.withTables<SyncTables>())).length === 0) return;
  const base = ctx.database.forTenant(tenantId);
  await base.transaction(async (store) => {
    const executor = executorOf(base);
    const review = executor.withTables<SyncTables>();
    await lockTenant(executor, tenantId);
    for (const row of await open(review)) {
      const def = ctx.collectionOf(row.collection);
      if (!def || (await clashStands(def, store, executor, tenantId, row.doc_id)) !== false) continue;
      await review
        .updateTable('sync_review')
        .set({
          resolved_at: isoWithOffset(ctx.clock.now()),
          resolution: 'clash_gone',
          resolved_by: ctx.actor.id,
          resolved_by_user: null,
        })
        .where('id', '=', row.id)
        .where('resolved_at', 'is', null)
        .execute();
    }
  });
}
