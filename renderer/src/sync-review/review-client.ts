/**
 * The desk's side of the review list: reads both lists through the sync transport and sends a
 * person's decision on one entry, with the installation's device token.
 */
import type { ErrorDetail } from '#core/errors.js';
import { fetchTransport, SyncHttpError, type FetchLike, type ReviewItem } from '#core/sync/transport.js';
import { SCHEMA_VERSION_HEADER, SYNC_SCHEMA_VERSION } from '#core/sync/schema-version.js';

/**
 * An entry as the server lists it: the transport's item plus the desk's enrolled name, its reasons
 * with the record each names (`ref`: the booking in the way of a double booking).
 */
export type ReviewEntry = Omit<ReviewItem, 'reasons'> & { reasons: ErrorDetail[]; deviceName?: string | null };

/** What a person decides: the server's version stands, or this desk's listed version is written. */
export type ReviewDecision = 'keep_server' | 'apply_mine';

/** The review list of one installation's tenant. Every method throws `SyncHttpError` when refused. */
export interface ReviewClient {
  /** Unresolved rejections and conflicts, oldest first. */
  list(): Promise<ReviewEntry[]>;
  /**
   * `POST /sync/review/{id}/resolution`, `by` the person signed in. Throws {@link ResolutionRefused}
   * when `apply_mine` is refused again (still invalid), `SyncHttpError` for any other refusal.
   */
  resolve(id: string, decision: ReviewDecision, by: string): Promise<void>;
}

/** A client for the server at `serverUrl` (its origin) as the installation holding `token`. */
export function reviewClient(serverUrl: string, token: string, fetchFn: FetchLike): ReviewClient {
  const transport = fetchTransport(serverUrl, token, fetchFn);
  const base = serverUrl.replace(/\/$/, '');
  return {
    async list() {
      const [rejections, conflicts] = await Promise.all([transport.review('rejection'), transport.review('conflict')]);
      return [...rejections, ...conflicts].sort((a, b) => a.id.localeCompare(b.id));
    },
    async resolve(id, decision, by) {
      const res = await fetchFn(`${base}/sync/review/${encodeURIComponent(id)}/resolution`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          [SCHEMA_VERSION_HEADER]: String(SYNC_SCHEMA_VERSION),
        },
        body: JSON.stringify({ decision, by }),
      });
      const text = await res.text();
      if (res.status === 400) {
        const body = JSON.parse(text) as { error: { message: string; details: { path: string; message: string }[] } };
        throw new ResolutionRefused(body.error.message, body.error.details);
      }
      if (!res.ok) throw new SyncHttpError(res.status, text);
    },
  };
}

/** The server refused to write this desk's version (still invalid); `reasons` say why, in pt-BR. */
export class ResolutionRefused extends Error {
  constructor(
    message: string,
    readonly reasons: { path: string; message: string }[],
  ) {
    super(message);
  }
}
