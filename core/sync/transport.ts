/**
 * How an installation reaches the server's sync endpoints. Production passes the platform's `fetch`;
 * tests pass one that calls the server in-process and drops, delays, duplicates or reorders requests.
 */
import { DomainError, type ErrorCode } from '#core/errors.js';
import type { NumberLeaser } from '#core/numbering/number-source.js';
import type { PullResponse, PushRow, SyncCheckpoint, SyncDocument } from './protocol.js';
import { SCHEMA_VERSION_HEADER, SYNC_SCHEMA_VERSION } from './schema-version.js';

/** An entry of the server's review list, as the reception's conflict screen shows it. */
export interface ReviewItem {
  id: string;
  kind: 'rejection' | 'conflict';
  collection: string;
  docId: string;
  deviceId: string;
  document: Record<string, unknown>;
  master: Record<string, unknown> | null;
  reasons: { path: string; message: string }[];
  at: string;
}

/**
 * The sync endpoints seen from an installation. Every method throws when the request fails.
 * Documents of group endpoints carry `rx_collection`, the collection each belongs to.
 */
export interface SyncTransport {
  /** `GET /sync/group/{group}/pull`: a page of the storage group's changes, in the tenant's seq order. */
  pullGroup(group: string, checkpoint: SyncCheckpoint | undefined, limit: number): Promise<PullResponse>;
  /** `POST /sync/group/{group}/push`; @returns the master states the installation must take. */
  pushGroup(group: string, rows: readonly PushRow[]): Promise<SyncDocument[]>;
  /** `GET /sync/rejections` or `GET /sync/conflicts`: the first page of unresolved entries. */
  review(kind: 'rejection' | 'conflict'): Promise<ReviewItem[]>;
}

/** The `fetch` signature the transport needs (the platform's, or a test's). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  401: 'unauthenticated',
  410: 'resync_required',
  426: 'upgrade_required',
};

/**
 * A request the server answered with an error: `status` tells whether retrying can help; `code` is
 * `upgrade_required` (426: this installation must be updated), `resync_required` (410: offline past
 * the tombstone retention, a full resync follows), `unauthenticated` (401) or `internal`. The message is
 * the server's when it sent one (pt-BR).
 */
export class SyncHttpError extends DomainError {
  constructor(
    readonly status: number,
    body: string,
  ) {
    let message = `sincronização recusada (${status})`;
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } };
      if (typeof parsed.error?.message === 'string') message = parsed.error.message;
    } catch {
      // not the server's JSON (a proxy's page): the status says enough
    }
    super(STATUS_CODES[status] ?? 'internal', message, [{ path: '', message: body.slice(0, 500) }]);
  }
}

/** Options of {@link fetchTransport}. */
export interface FetchTransportOptions {
  /** The schema version sent in `x-clinic-schema-version`; default this build's `SYNC_SCHEMA_VERSION`. */
  schemaVersion?: number;
}

/**
 * A transport over HTTP. `baseUrl` is the server's origin (`https://clinica.example`), `token` the
 * installation's device token.
 *
 * @example const transport = fetchTransport('https://clinica.example', token, fetch.bind(globalThis))
 */
export function fetchTransport(
  baseUrl: string,
  token: string,
  fetchFn: FetchLike,
  options: FetchTransportOptions = {},
): SyncTransport {
  const base = baseUrl.replace(/\/$/, '');
  const version = String(options.schemaVersion ?? SYNC_SCHEMA_VERSION);
  const call = async <R>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<R> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, [SCHEMA_VERSION_HEADER]: version };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetchFn(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new SyncHttpError(res.status, text);
    return JSON.parse(text) as R;
  };
  return {
    pullGroup: (group, checkpoint, limit) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
      return call<PullResponse>('GET', `/sync/group/${encodeURIComponent(group)}/pull?${query.toString()}`);
    },
    pushGroup: (group, rows) => call<SyncDocument[]>('POST', `/sync/group/${encodeURIComponent(group)}/push`, rows),
    review: async (kind) => (await call<{ items: ReviewItem[] }>('GET', `/sync/${kind}s`)).items,
  };
}

/**
 * The installation's {@link NumberLeaser} over `POST /sync/numbers/{series}/lease`, for
 * `blockNumberSource`. A lease whose answer is lost burns its block: numbers stay unique, with a gap.
 */
export function fetchNumberLeaser(baseUrl: string, token: string, fetchFn: FetchLike): NumberLeaser {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async lease(series, size) {
      const res = await fetchFn(`${base}/sync/numbers/${encodeURIComponent(series)}/lease`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          [SCHEMA_VERSION_HEADER]: String(SYNC_SCHEMA_VERSION),
        },
        body: JSON.stringify({ size }),
      });
      const text = await res.text();
      if (!res.ok) throw new SyncHttpError(res.status, text);
      return JSON.parse(text) as { from: number; to: number };
    },
  };
}
