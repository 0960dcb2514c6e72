/**
 * The installation's side of sync: one RxDB replication per collection (`replicateRxCollection`)
 * whose pull and push handlers go through an injected {@link SyncTransport}, plus the status the UI
 * shows. Only collections the installation opened are replicated (RxDB opens 13 per realm).
 */
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, Subject, type Observable, type Subscription } from 'rxjs';
import { isoWithOffset, type Clock } from '../clock.js';
import type { AnyCollectionDef } from '../store/collection-def.js';
import type { RxRecord } from '../store/rxdb/schema.js';
import type { RxRecordCollection } from '../store/rxdb/storage-io.js';
import { MAX_PUSH_ROWS, type PullResponse, type PushRow, type SyncCheckpoint, type SyncDocument } from './protocol.js';
import { resyncingPull } from './full-resync.js';
import { SyncStatusTracker, type SyncStatus } from './status.js';
import type { SyncTransport } from './transport.js';

/** What {@link startSync} replicates and how. */
export interface SyncOptions {
  /** The installation's RxDB handles (`openRxdbDatabase`'s result). */
  database: { rxCollection(def: AnyCollectionDef): RxRecordCollection };
  /** The collections to replicate; each must be open in `database`. */
  collections: readonly AnyCollectionDef[];
  transport: SyncTransport;
  clock: Clock;
  /**
   * Names the replication's stored checkpoints; put the server's origin in it, so pointing the
   * installation at another server starts over instead of resuming from a foreign checkpoint.
   */
  identifier: string;
  /** Documents per pull page (server cap 5000). Default 1000: an initial sync is a handful of round trips. */
  pullBatchSize?: number;
  /** Documents per push (server cap 500). Default 100. */
  pushBatchSize?: number;
  /** Milliseconds before a failed request is retried. Default 5000. */
  retryTime?: number;
  /**
   * Live server changes: each emission is a page for one collection, or `RESYNC` after a reconnect
   * (every collection then pulls from its checkpoint). Without it, call {@link SyncHandle.resync}.
   */
  stream$?: Observable<{ collection: string; documents: SyncDocument[]; checkpoint: SyncCheckpoint } | 'RESYNC'>;
}

/** A running sync. */
export interface SyncHandle {
  /** The status for the UI; replays the latest to each subscriber. */
  readonly status$: Observable<SyncStatus>;
  readonly status: SyncStatus;
  /** The RxDB replication of each collection, by name. */
  readonly replications: ReadonlyMap<string, RxReplicationState<RxRecord, SyncCheckpoint>>;
  /** Pulls every collection from its checkpoint now (after a reconnect, or on demand). */
  resync(): void;
  /** Resolves once every collection has pushed its local changes and pulled the server's. */
  awaitInSync(): Promise<void>;
  /** Reads the review list's counts into the status. */
  refreshReview(): Promise<void>;
  /** Stops every replication; local data stays. */
  cancel(): Promise<void>;
}

const DOWNSTREAM_CONTEXT = 'replication-';

/**
 * Starts replicating `options.collections` with the server. Failed requests are retried after
 * `retryTime`; writes made offline wait in RxDB's fork and go up when the server answers again.
 */
export function startSync(options: SyncOptions): SyncHandle {
  const tracker = new SyncStatusTracker();
  const replications = new Map<string, RxReplicationState<RxRecord, SyncCheckpoint>>();
  const subscriptions: Subscription[] = [];
  const resyncAll = new Subject<'RESYNC'>();
  const succeeded = () => tracker.succeeded(isoWithOffset(options.clock.now()));
  const guarded = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      const result = await work();
      succeeded();
      return result;
    } catch (error) {
      tracker.failed(error);
      throw error;
    }
  };

  const refreshReview = async (): Promise<void> => {
    const [rejections, conflicts] = await guarded(() =>
      Promise.all([options.transport.review('rejection'), options.transport.review('conflict')]),
    );
    tracker.reviewed(rejections.length, conflicts.length);
  };

  for (const def of options.collections) {
    const collection = options.database.rxCollection(def);
    // Local writes (the store port's, the UI's): anything not written by a replication itself.
    subscriptions.push(
      collection.storageInstance
        .changeStream()
        .pipe(filter((bulk) => !bulk.context.startsWith(DOWNSTREAM_CONTEXT)))
        .subscribe((bulk) => {
          for (const event of bulk.events) tracker.written(def.name, event.documentId);
        }),
    );
    const stream$ = new Subject<{ documents: SyncDocument[]; checkpoint: SyncCheckpoint } | 'RESYNC'>();
    subscriptions.push(resyncAll.subscribe(() => stream$.next('RESYNC')));
    if (options.stream$) {
      subscriptions.push(
        options.stream$.subscribe((event) => {
          if (event === 'RESYNC') stream$.next('RESYNC');
          else if (event.collection === def.name) {
            stream$.next({ documents: event.documents, checkpoint: event.checkpoint });
          }
        }),
      );
    }
    // Offline past the server's tombstone retention: a full read that drops what the server deleted.
    const pull = resyncingPull(
      (checkpoint, limit) => options.transport.pull(def.name, checkpoint, limit),
      async () => (await collection.find().exec()).map((doc) => doc.toJSON() as Record<string, unknown>),
      { started: () => tracker.resyncing(def.name, true), finished: () => tracker.resyncing(def.name, false) },
    );
    const state = replicateRxCollection<RxRecord, SyncCheckpoint>({
      replicationIdentifier: `clinic-sync-${options.identifier}-${def.name}`,
      collection,
      live: true,
      waitForLeadership: false,
      autoStart: true,
      retryTime: options.retryTime ?? 5000,
      pull: {
        batchSize: options.pullBatchSize ?? 1000,
        handler: (checkpoint, batchSize) =>
          guarded((): Promise<PullResponse> => pull(checkpoint, batchSize)) as unknown as Promise<{
            documents: never[];
            checkpoint: SyncCheckpoint;
          }>,
        stream$: stream$.asObservable() as unknown as Observable<never>,
      },
      push: {
        batchSize: Math.min(options.pushBatchSize ?? 100, MAX_PUSH_ROWS),
        handler: async (rows) => {
          const ids = rows.map((row) => String(row.newDocumentState.id));
          for (const id of ids) tracker.written(def.name, id);
          const answer = await guarded(() => options.transport.push(def.name, rows as unknown as PushRow[]));
          tracker.acknowledged(def.name, ids);
          // A refusal or a lost conflict answered: the review list grew.
          if (answer.length > 0) void refreshReview().catch(() => undefined);
          return answer as unknown as never[];
        },
      },
    });
    // Errors are retried by RxDB; the status already says offline.
    subscriptions.push(state.error$.subscribe(() => tracker.failed()));
    replications.set(def.name, state);
  }

  return {
    status$: tracker.status$,
    get status() {
      return tracker.current;
    },
    replications,
    resync: () => resyncAll.next('RESYNC'),
    async awaitInSync() {
      await Promise.all([...replications.values()].map((state) => state.awaitInSync()));
    },
    refreshReview,
    async cancel() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      await Promise.all([...replications.values()].map((state) => state.cancel()));
      tracker.complete();
    },
  };
}
