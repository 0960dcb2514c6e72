/**
 * The installation's side of tombstone retention: when the server answers a pull with 410
 * `resync_required` (the installation was offline longer than the server keeps tombstones), the
 * collection is read again from `{ seq: 0 }` and, at the last page, every document the installation
 * holds that the server no longer has comes down as a tombstone: it was deleted there and its
 * tombstone purged. RxDB applies a pulled state only to documents without unpushed local changes, so
 * work done offline is never dropped by this; it goes up as usual (an edit of a purged document is
 * then answered with a tombstone and listed as a conflict by the server).
 */
import { isDomainError } from '#core/errors.js';
import { toSyncDocument, type PullResponse, type SyncCheckpoint, type SyncDocument } from './protocol.js';

/** A pull of one collection, as the replication's handler calls it. */
export type PullPage = (checkpoint: SyncCheckpoint | undefined, limit: number) => Promise<PullResponse>;

/**
 * Wraps `pull` so a `resync_required` answer turns into a full read of the collection.
 *
 * @param localDocuments the installation's live documents of the collection (read at the last page)
 * @param events told when a full read starts and when its last page is answered (the status shows it)
 */
export function resyncingPull(
  pull: PullPage,
  localDocuments: () => Promise<readonly Record<string, unknown>[]>,
  events: { started?(): void; finished?(): void } = {},
): PullPage {
  // Ids the server sent since the full read began; undefined when none is under way.
  let seen: Set<string> | undefined;
  return async (checkpoint, limit) => {
    let response: PullResponse;
    try {
      response = await pull(checkpoint, limit);
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'resync_required') throw error;
      seen = new Set();
      events.started?.();
      response = await pull({ seq: 0 }, limit);
    }
    if (!seen) return response;
    for (const doc of response.documents) seen.add(doc.id);
    if (response.documents.length >= limit) return response;
    const known = seen;
    seen = undefined;
    const gone: SyncDocument[] = (await localDocuments())
      .filter((doc) => !known.has(String(doc.id)))
      .map((doc) => toSyncDocument(doc, true));
    events.finished?.();
    return { documents: [...response.documents, ...gone], checkpoint: response.checkpoint };
  };
}
