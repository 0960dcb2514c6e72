/**
 * A pull as an installation gets it: tombstone retention (a checkpoint past the horizon is told to
 * resync, tombstone-retention.ts) and the collection windows (core/sync/windows.ts): documents outside
 * a window stay on the server; pages are read until `limit` documents pass or the changes end, so a
 * page shorter than `limit` still means "nothing more" to the installation.
 */
import type { Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { PullResponse, SyncCheckpoint, SyncDocument } from '#core/sync/protocol.js';
import { sendsDown, throughWindow, type SyncWindows } from '#core/sync/windows.js';
import type { SqlDatabase } from '../store/index.js';
import { pullWithinRetention } from './tombstone-retention.js';

/** What {@link pullForInstallation} needs. */
export interface InstallationPull {
  database: SqlDatabase;
  tenantId: string;
  /** The collection pulled (or a storage group's members). */
  collections: readonly string[];
  windows: SyncWindows;
  clock: Clock;
  checkpoint: SyncCheckpoint;
  limit: number;
  /** One page of raw changes after `checkpoint`, at most `limit` (`pullChanges`). */
  pull: (checkpoint: SyncCheckpoint) => Promise<PullResponse>;
  /** The collection of a document of a group pull; default the single collection pulled. */
  collectionOf?: (document: SyncDocument) => string;
  /** Whether the installation may hold a document (device-user.ts); one it may not is never sent. */
  holds?: (document: SyncDocument) => boolean;
  /**
   * Which of `ids` the installation pushed itself (replays.ts `pushedDocIds`). On a first sync
   * (checkpoint 0) a document outside a `where` window is skipped, since the installation holds
   * nothing yet; but it may hold one it created before that first pull was answered (the pull
   * in flight, or retried), and that one goes down as a tombstone so the installation drops it.
   */
  pushedByInstallation?: (ids: readonly string[]) => Promise<ReadonlySet<string>>;
}

/**
 * One page for an installation.
 *
 * @throws DomainError `forbidden` for a collection whose window is `never`; `resync_required` (410)
 *   for a checkpoint past the tombstone horizon
 */
export async function pullForInstallation(request: InstallationPull): Promise<PullResponse> {
  const closed = request.collections.find((name) => !sendsDown(request.windows, name));
  if (closed !== undefined) {
    throw new DomainError('forbidden', 'Esta coleção não é enviada às instalações', [
      { path: 'collection', message: closed },
    ]);
  }
  const now = request.clock.now();
  const incremental = request.checkpoint.seq > 0;
  const collectionOf = request.collectionOf ?? (() => request.collections[0]!);
  return pullWithinRetention(
    request.database,
    request.tenantId,
    request.collections,
    request.checkpoint,
    request.limit,
    async () => {
      const documents: SyncDocument[] = [];
      let cursor = request.checkpoint;
      for (;;) {
        const page = await request.pull(cursor);
        const mayHold = request.holds;
        const candidates = mayHold ? page.documents.filter((doc) => mayHold(doc)) : page.documents;
        const windowOf = (doc: SyncDocument) => request.windows[collectionOf(doc)];
        const sent = candidates.map((doc) => throughWindow(windowOf(doc), doc, now, incremental));
        const skipped = candidates.filter((doc, i) => !incremental && !sent[i] && !doc._deleted);
        const held =
          skipped.length > 0 && request.pushedByInstallation
            ? await request.pushedByInstallation(skipped.map((doc) => doc.id))
            : new Set<string>();
        candidates.forEach((doc, i) => {
          const out = sent[i] ?? (held.has(doc.id) ? throughWindow(windowOf(doc), doc, now, true) : undefined);
          if (out) documents.push(out);
        });
        cursor = page.checkpoint;
        if (page.documents.length < request.limit || documents.length >= request.limit) {
          return { documents, checkpoint: cursor };
        }
      }
    },
  );
}
