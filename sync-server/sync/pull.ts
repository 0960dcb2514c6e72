/**
 * A pull from an installation: the tenant's changes of one collection after its checkpoint, in `seq`
 * order, tombstones included as `_deleted: true`.
 */
import type { AuditSink } from '#core/access/audit.js';
import { collectionPolicy } from '#core/access/policy.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import { toSyncDocument, type PullResponse, type SyncCheckpoint } from '#core/sync/protocol.js';
import { COLLECTION_FIELD } from '#core/store/rxdb/storage-groups.js';
import { changesAfter, type SqlDatabase } from '../store/index.js';
import { groupChangesAfter } from '../store/sync-feed.js';
import type { DeviceActor } from './devices.js';

/**
 * One page of changes after `checkpoint`, at most `limit`. The answer's checkpoint is the last
 * document's `seq` (the given one when nothing changed), so a client loops until a page comes back
 * shorter than `limit`. For collections audited on read (patient data), one audit entry per page names
 * the collection and the `seq` range: the records it held can be told from the range.
 */
export async function pullChanges(
  database: SqlDatabase,
  actor: DeviceActor,
  def: CollectionDef,
  checkpoint: SyncCheckpoint,
  limit: number,
  audit?: AuditSink,
): Promise<PullResponse> {
  const rows = await changesAfter(database.kysely, def, actor.tenantId, checkpoint.seq, limit);
  const last = rows.at(-1);
  if (last && audit && collectionPolicy(def.name)?.audit === 'all') {
    audit.record({
      tenantId: actor.tenantId,
      actorKind: actor.kind,
      actorId: actor.id,
      action: 'read',
      collection: def.name,
      detail: `sync.pull ${rows.length} registros, seq ${rows[0]!.seq}–${last.seq}`,
    });
  }
  return {
    documents: rows.map((row) => toSyncDocument(row.data, row.deleted)),
    checkpoint: { seq: last ? last.seq : checkpoint.seq },
  };
}

/**
 * One page of a storage group's changes after `checkpoint`: the union of `members` (the group's
 * collections the installation may read) in the tenant's `seq` order, each document tagged with its
 * collection in `rx_collection`. Paging and the checkpoint work as in {@link pullChanges}; one audit
 * entry per audited collection present in the page.
 */
export async function pullGroupChanges(
  database: SqlDatabase,
  actor: DeviceActor,
  members: readonly CollectionDef[],
  checkpoint: SyncCheckpoint,
  limit: number,
  audit?: AuditSink,
): Promise<PullResponse> {
  const rows = await groupChangesAfter(database.kysely, members, actor.tenantId, checkpoint.seq, limit);
  if (audit) {
    for (const def of members) {
      if (collectionPolicy(def.name)?.audit !== 'all') continue;
      const own = rows.filter((row) => row.collection === def.name);
      if (own.length === 0) continue;
      audit.record({
        tenantId: actor.tenantId,
        actorKind: actor.kind,
        actorId: actor.id,
        action: 'read',
        collection: def.name,
        detail: `sync.pull ${own.length} registros, seq ${own[0]!.seq}–${own.at(-1)!.seq}`,
      });
    }
  }
  return {
    documents: rows.map((row) => ({ ...toSyncDocument(row.data, row.deleted), [COLLECTION_FIELD]: row.collection })),
    checkpoint: { seq: rows.at(-1)?.seq ?? checkpoint.seq },
  };
}
