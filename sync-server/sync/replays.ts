/**
 * Replayed pushes (issue 18.3). An installation whose push answer was lost sends the batch again;
 * a test or a proxy may replay older batches. When the record changed in between, the replayed row's
 * assumed master state no longer holds and the push would take it for a conflict, listing for a
 * person something the server already took. So the server remembers, per installation and document,
 * a hash of every state it already handled from that installation (written, merged, or listed); a
 * row whose new state is one of them, arriving over a master that moved on, is a replay: it writes
 * nothing, lists nothing, and is answered the master state (through the windows, push-answer.ts) so
 * the installation takes what the server holds now.
 *
 * Why a hash of the state and not a revision: installations never see the server's revisions and a
 * record keeps no history of its versions, while a replay carries exactly the state sent before.
 * Every real edit changes `updatedAt`, so an installation never sends the same state twice except as
 * a replay. Rows older than the tombstone retention go with the purge run (a batch replayed after two
 * months is taken for a new push again: at worst one entry to dismiss).
 */
import { createHash } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { canonicalJson } from '../../core/sync/protocol.js';
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

/** One pushed state: whose, of which document, and the state itself (`_deleted` included). */
export interface PushedState {
  tenantId: string;
  deviceId: string;
  collection: string;
  state: Record<string, unknown> & { id: string };
}

const hashOf = (state: unknown) => createHash('sha256').update(canonicalJson(state)).digest('base64url');

/**
 * Remembers that the server handled `pushed` (it wrote, merged or listed it).
 * @param db the push's transaction, so the record lands or is undone with the row
 */
export async function recordPushedState(db: Kysely<SyncTables>, pushed: PushedState, nowMs: number): Promise<void> {
  await db
    .insertInto('sync_pushed_states')
    .values({
      tenant_id: pushed.tenantId,
      collection: pushed.collection,
      doc_id: pushed.state.id,
      device_id: pushed.deviceId,
      state_hash: hashOf(pushed.state),
      at_ms: nowMs,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'collection', 'doc_id', 'device_id', 'state_hash']).doNothing())
    .execute();
}

/** Whether the server already handled this very state of the document from this installation: a replay. */
export async function isReplay(db: Kysely<SyncTables>, pushed: PushedState): Promise<boolean> {
  const row = await db
    .selectFrom('sync_pushed_states')
    .select('at_ms')
    .where('tenant_id', '=', pushed.tenantId)
    .where('collection', '=', pushed.collection)
    .where('doc_id', '=', pushed.state.id)
    .where('device_id', '=', pushed.deviceId)
    .where('state_hash', '=', hashOf(pushed.state))
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets states handled at or before `cutoffMs` (the tombstone purge run calls it). @returns rows removed */
export async function forgetPushedStates(db: Kysely<SyncTables>, cutoffMs: number): Promise<number> {
  const result = await db.deleteFrom('sync_pushed_states').where('at_ms', '<=', cutoffMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
