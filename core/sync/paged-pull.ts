/**
 * A pull larger than one server page: RxDB asks for `limit` documents and takes a shorter answer as
 * "caught up", so a replication batch above the server's cap ({@link MAX_PULL_LIMIT}) is read as
 * several server pages in a row, each from the checkpoint the previous one answered.
 */
import type { PullPage } from './full-resync.js';
import { MAX_PULL_LIMIT, type SyncDocument } from './protocol.js';

/**
 * Wraps `pull` (one server request, at most `pageLimit` documents) so one call answers up to `limit`
 * documents: pages are requested until `limit` documents came or a page comes back short (the
 * server's "nothing more"). Errors of any page propagate (the replication retries the whole batch
 * from its stored checkpoint, so nothing read is lost or applied twice).
 */
export function pagedPull(pull: PullPage, pageLimit = MAX_PULL_LIMIT): PullPage {
  return async (checkpoint, limit) => {
    const first = await pull(checkpoint, Math.min(limit, pageLimit));
    if (limit <= pageLimit || first.documents.length < Math.min(limit, pageLimit)) return first;
    const documents: SyncDocument[] = [...first.documents];
    let cursor = first.checkpoint;
    while (documents.length < limit) {
      const want = Math.min(limit - documents.length, pageLimit);
      const page = await pull(cursor, want);
      for (const doc of page.documents) documents.push(doc);
      cursor = page.checkpoint;
      if (page.documents.length < want) break;
    }
    return { documents, checkpoint: cursor };
  };
}
