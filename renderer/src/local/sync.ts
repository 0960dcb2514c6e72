/**
 * Starts this installation's replication with its server: the local collections it may replicate,
 * through `fetchTransport` with the device token, live through the server's change stream.
 */
import { BehaviorSubject, combineLatest, map, type Observable } from 'rxjs';
import { systemClock } from '#core/clock.js';
import { startSync, syncStream, fetchTransport, type SyncHandle, type SyncStatus } from '#core/sync/index.js';
import { replicatedCollections } from './collections.js';
import type { Installation } from './installation.js';
import type { LocalCore } from './local-core.js';

/** Milliseconds between retries while the server is out of reach: the indicator turns back soon. */
export const SYNC_RETRY_MS = 3000;

/** Milliseconds between re-reads of the conflict and rejection counts the indicator shows. */
export const REVIEW_REFRESH_MS = 30_000;

/** A running installation sync and the status the shell shows. */
export interface InstallationSync {
  handle: SyncHandle;
  /**
   * core/sync's status, offline also while the live stream is broken: with nothing to push or pull,
   * no request fails, and the stream is what notices the cable pulled.
   */
  status$: Observable<SyncStatus>;
}

/** Replicates `core` with the installation's server until cancelled. */
export function startInstallationSync(
  core: LocalCore,
  installation: Extract<Installation, { mode: 'server' }>,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): InstallationSync {
  const fetchLike = (url: string, init: RequestInit) => fetchFn(url, init);
  // startSync shares the stream among its groups (one request, however many groups).
  // Unknown until the first attempt: trust the requests' outcome meanwhile.
  const streamOpen = new BehaviorSubject(true);
  const stream$ = syncStream(installation.serverUrl, installation.token, fetchLike, {
    retryMs: SYNC_RETRY_MS,
    onConnection: (open) => streamOpen.next(open),
  });
  const sync = startSync({
    database: core.database,
    collections: replicatedCollections(core.collections),
    transport: fetchTransport(installation.serverUrl, installation.token, fetchLike),
    clock: systemClock,
    // The server's origin and the installation: another server or a new enrolment starts over; the same
    // server at a new address (settings) keeps the host it was enrolled at.
    identifier: `${installation.syncHost ?? new URL(installation.serverUrl).host}-${installation.installationId}`,
    retryTime: SYNC_RETRY_MS,
    reviewEveryMs: REVIEW_REFRESH_MS,
    stream$,
  });
  void sync.refreshReview().catch(() => undefined);
  // The indicator says offline; the console says why (the support person's first look).
  for (const [name, state] of sync.replications) state.error$.subscribe((error) => console.warn(`sync ${name}`, error));
  const status$ = combineLatest([sync.status$, streamOpen]).pipe(
    map(([status, open]) => (open ? status : { ...status, online: false })),
  );
  return { handle: sync, status$ };
}
