/**
 * Replayed pushes (issue 18.3). An installation whose push answer was lost sends the batch again;
 * a test or a proxy may replay older batches. When the record changed in between, the replayed row's
 * assumed master state no longer holds and the push would take it for a conflict, listing for a
 * person something the server already took. So the server remembers, per installation and document,
 * a hash of every state it already handled from that installation (written, merged, listed as a
 * conflict or refused); a row whose new state is one of them, arriving over a master that moved on,
 * is a replay: it writes nothing, lists nothing, and is answered the master state (through the
 * windows, push-answer.ts) so the installation takes what the server holds now. A replay whose
 * assumed state still holds is handled as any row: it writes what it wrote before, or is refused
 * again (the review list skips an identical unresolved entry).
 *
 * Why a hash of the state and not a revision: installations never see the server's revisions and a
 * record keeps no history of its versions, while a replay carries exactly the state sent before.
 * Every real edit changes `updatedAt`, so an installation never sends the same state twice except as
 * a replay. Rows older than the tombstone retention go with the purge run (a batch replayed after two
 * months is taken for a new push again: at worst one entry to dismiss).
 */
import { createHash } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import type { Clock } from '#core/clock.js';
import { canonicalJson, sameDocument, type PushRow, type SyncDocument } from '#core/sync/protocol.js';
import type { SyncTables } from './sync-tables.js';

/** The table's migration, part of `syncMigrations`. */
export const pushedStateMigrations: Record<string, Migration> = {
  sync_0005_pushed_states: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sync_pushed_states')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('state_hash', 'text', (c) => c.notNull())
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sync_pushed_states_pk', [
          'tenant_id',
          'collection',
          'doc_id',
          'device_id',
          'state_hash',
        ])
        .execute();
      await db.schema.createIndex('sync_pushed_states_by_age').on('sync_pushed_states').column('at_ms').execute();
    },
  },
};

/** One pushed row: whose, and of which collection. */
export interface PushedRow {
  tenantId: string;
  deviceId: string;
  collection: string;
  row: PushRow;
}

const hashOf = (state: unknown) => createHash('sha256').update(canonicalJson(state)).digest('base64url');

/**
 * Tells a replayed row from a new one, before the push handles it.
 *
 * @param db the push's transaction: the record of a new row lands or is undone with the batch (a
 *   row refused alone stays recorded: its replay is answered, not refused and listed again)
 * @param master the server's current version (undefined when it holds none)
 * @returns for a replay (the installation sent this very state before, and the state it assumed is
 *   no longer the master's), the master state to answer: the server's version, or a tombstone of the
 *   pushed document when the server holds none (purged); undefined for a row to handle, whose state
 *   is now recorded.
 */
export async function replayAnswer(
  db: Kysely<SyncTables>,
  pushed: PushedRow,
  master: SyncDocument | undefined,
  clock: Clock,
): Promise<SyncDocument | undefined> {
  const { row } = pushed;
  const state = row.newDocumentState;
  const assumed = row.assumedMasterState ?? undefined;
  const stale = master ? !(assumed !== undefined && sameDocument(assumed, master)) : assumed !== undefined;
  // A deletion over a deletion (or over a purged one) answers nothing anyway.
  const bothDeleted = state._deleted && (master === undefined || master._deleted);
  const key = {
    tenant_id: pushed.tenantId,
    collection: pushed.collection,
    doc_id: state.id,
    device_id: pushed.deviceId,
    state_hash: hashOf(state),
  };
  if (stale && !bothDeleted) {
    const seen = await db
      .selectFrom('sync_pushed_states')
      .select('at_ms')
      .where('tenant_id', '=', key.tenant_id)
      .where('collection', '=', key.collection)
      .where('doc_id', '=', key.doc_id)
      .where('device_id', '=', key.device_id)
      .where('state_hash', '=', key.state_hash)
      .executeTakeFirst();
    if (seen) return master ?? { ...state, _deleted: true };
  }
  await db
    .insertInto('sync_pushed_states')
    .values({ ...key, at_ms: clock.now().getTime() })
    .onConflict((oc) => oc.columns(['tenant_id', 'collection', 'doc_id', 'device_id', 'state_hash']).doNothing())
    .execute();
  return undefined;
}

/** Which of `ids` the installation `deviceId` of the tenant pushed, in any state (first-sync pulls). */
export async function pushedDocIds(
  db: Kysely<SyncTables>,
  tenantId: string,
  deviceId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sync_pushed_states')
    .select('doc_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .where('doc_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.doc_id));
}

/** Forgets states handled at or before `cutoffMs` (the tombstone purge run calls it). @returns rows removed */
export async function forgetPushedStates(db: Kysely<SyncTables>, cutoffMs: number): Promise<number> {
  const result = await db.deleteFrom('sync_pushed_states').where('at_ms', '<=', cutoffMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
