/**
 * The installation's side of sync: one RxDB replication (`replicateRxCollection`) per storage group,
 * the RxDB collection several domain collections share, whose pull and push handlers go through an
 * injected {@link SyncTransport}, plus the status the UI shows.
 *
 * Documents travel as the group endpoints carry them (domain fields plus `rx_collection`); the pull
 * handler adds the index slots the RxDB adapter stores beside them and the push handler takes them
 * off again, so the server never sees slots and RxDB's fork and master states stay comparable.
 */
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, interval, share, Subject, Subscription, type Observable } from 'rxjs';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import { toStorageDocument, withoutStorageFields } from '#core/store/rxdb/documents.js';
import type { OpenStorageGroup } from '#core/store/rxdb/rx-database.js';
import type { RxRecord } from '#core/store/rxdb/schema.js';
import { COLLECTION_FIELD } from '#core/store/rxdb/storage-groups.js';
import { resyncingPull } from './full-resync.js';
import { pagedPull } from './paged-pull.js';
import { MAX_PUSH_ROWS, type PushRow, type SyncCheckpoint, type SyncDocument } from './protocol.js';
import { PushCatchUp } from './push-catch-up.js';
import type { SyncStreamEvent } from './sse.js';
import { SyncStatusTracker, type SyncStatus } from './status.js';
import type { SyncTransport } from './transport.js';

/** What {@link startSync} replicates and how. */
export interface SyncOptions {
  /** The installation's database (`openRxdbDatabase`'s result). */
  database: { groupOf(def: AnyCollectionDef): OpenStorageGroup };
  /**
   * The collections to replicate; each must be open in `database`. Their storage groups are
   * replicated whole: the server sends every member the installation may read (a desk passes
   * `allCollections`; members it may not read never arrive, with no error).
   */
  collections: readonly AnyCollectionDef[];
  transport: SyncTransport;
  clock: Clock;
  /**
   * Names the replication's stored checkpoints; put the server's origin in it, so pointing the
   * installation at another server starts over instead of resuming from a foreign checkpoint.
   */
  identifier: string;
  /**
   * Documents per replication pull batch. Default {@link DEFAULT_PULL_BATCH}. Above the server's
   * page cap (5000) a batch is read as several pages in a row (`pagedPull`).
   */
  pullBatchSize?: number;
  /** Documents per push (server cap 500). Default 100. */
  pushBatchSize?: number;
  /** Milliseconds before a failed request is retried. Default 5000. */
  retryTime?: number;
  /**
   * Live server changes ({@link syncStream}): each emission is a page for one storage group, or
   * `RESYNC` after a reconnect (every group then pulls from its checkpoint). Without it, call
   * {@link SyncHandle.resync}.
   */
  stream$?: Observable<SyncStreamEvent>;
  /**
   * Milliseconds between re-reads of the review counts (rejections, conflicts). Conflicts another desk
   * caused, or a double booking listed on the server, show in no answer to this desk, so without a
   * re-read its indicator would lag until its own next refused push. Default: no periodic re-read.
   */
  reviewEveryMs?: number;
}

/** A running sync. */
export interface SyncHandle {
  /** The status for the UI; replays the latest to each subscriber. */
  readonly status$: Observable<SyncStatus>;
  readonly status: SyncStatus;
  /** The RxDB replication of each storage group, by group name. */
  readonly replications: ReadonlyMap<string, RxReplicationState<RxRecord, SyncCheckpoint>>;
  /** Pulls every group from its checkpoint now (after a reconnect, or on demand). */
  resync(): void;
  /** Resolves once every group has pushed its local changes and pulled the server's. */
  awaitInSync(): Promise<void>;
  /** Reads the review list's counts into the status. */
  refreshReview(): Promise<void>;
  /** Stops every replication; local data stays. */
  cancel(): Promise<void>;
}

const DOWNSTREAM_CONTEXT = 'replication-';

/**
 * Documents per pull batch by default: an initial sync of 100k documents is ten batches of four server
 * pages. RxDB writes each batch (fork and meta state) as one storage write, and fewer, larger writes
 * are what make an initial sync cheap (docs/decisions/sync.md, the sync-initial bench); a live pull
 * asks for as many but gets only what changed, in one request.
 */
export const DEFAULT_PULL_BATCH = 10_000;

/**
 * Documents per server request within a batch: the server holds a page in memory while it answers,
 * so ten installations syncing at once cost it ten pages (about 250 MiB at 5000, sync-server-memory).
 */
export const PULL_PAGE = 2500;

/** A document from a group endpoint as its storage group keeps it (slots filled from its collection). */
function stored(group: OpenStorageGroup, doc: SyncDocument): SyncDocument {
  const collection = String(doc[COLLECTION_FIELD]);
  // A member this database did not open is kept tagged only: no query of the port reaches it.
  return toStorageDocument(collection, group.members.get(collection), doc);
}

/** A stored document as the group endpoints take it: the tag stays, the slots go. */
function sent(doc: Record<string, unknown>): SyncDocument {
  return withoutStorageFields(doc, true) as SyncDocument;
}

/**
 * Starts replicating the storage groups of `options.collections` with the server, one RxDB
 * replication per group. Failed requests are retried after `retryTime`; writes made offline wait in
 * RxDB's fork and go up when the server answers again.
 *
 * @example
 * const sync = startSync({ database, collections: allCollections, clock: systemClock,
 *   transport: fetchTransport(origin, token, fetch), identifier: `${host}-${installationId}`,
 *   stream$: syncStream(origin, token, fetch) })
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

  // One subscription to the caller's stream for every group: a cold stream (syncStream) opens one
  // never-ending request per subscriber, and past a browser's six connections per origin the pulls
  // would queue behind them forever.
  const events$ = options.stream$?.pipe(share());
  const groups = new Map<string, OpenStorageGroup>();
  for (const def of options.collections) {
    const group = options.database.groupOf(def);
    groups.set(group.name, group);
  }

  for (const group of groups.values()) {
    const collection = group.rx;
    // Local writes (the store port's, the UI's): anything not written by a replication itself.
    subscriptions.push(
      collection.storageInstance
        .changeStream()
        .pipe(filter((bulk) => !bulk.context.startsWith(DOWNSTREAM_CONTEXT)))
        .subscribe((bulk) => {
          for (const event of bulk.events) tracker.written(group.name, event.documentId);
        }),
    );
    const stream$ = new Subject<{ documents: SyncDocument[]; checkpoint: SyncCheckpoint } | 'RESYNC'>();
    const streamed = (documents: SyncDocument[], checkpoint: SyncCheckpoint) => {
      catchUp.delivered(checkpoint);
      stream$.next({ documents, checkpoint });
    };
    subscriptions.push(resyncAll.subscribe(() => stream$.next('RESYNC')));
    if (events$) {
      subscriptions.push(
        events$.subscribe((event) => {
          if (event === 'RESYNC') stream$.next('RESYNC');
          else if (event.group === group.name) {
            streamed(
              event.documents.map((doc) => stored(group, doc)),
              event.checkpoint,
            );
          }
        }),
      );
    }
    // Offline past the server's tombstone retention: a full read that drops what the server deleted.
    const pull = resyncingPull(
      pagedPull((checkpoint, limit) => options.transport.pullGroup(group.name, checkpoint, limit), PULL_PAGE),
      async () => (await collection.find().exec()).map((doc) => doc.toJSON() as Record<string, unknown>),
      { started: () => tracker.resyncing(group.name, true), finished: () => tracker.resyncing(group.name, false) },
    );
    // Assigned below; the catch-up reads RxDB's upstream queue only once the replication runs.
    let replication: RxReplicationState<RxRecord, SyncCheckpoint> | undefined;
    const catchUp = new PushCatchUp({
      upstream: () => replication?.internalReplicationState?.streamQueue.up,
      pull: (checkpoint, limit) => options.transport.pullGroup(group.name, checkpoint, limit),
      deliver: (documents, checkpoint) =>
        streamed(
          documents.map((doc) => stored(group, doc)),
          checkpoint,
        ),
      retryMs: options.retryTime ?? 5000,
      pageSize: PULL_PAGE,
    });
    subscriptions.push(new Subscription(() => catchUp.stop()));
    const state = (replication = replicateRxCollection<RxRecord, SyncCheckpoint>({
      replicationIdentifier: `clinic-sync-${options.identifier}-${group.name}`,
      collection,
      live: true,
      waitForLeadership: false,
      autoStart: true,
      retryTime: options.retryTime ?? 5000,
      pull: {
        batchSize: options.pullBatchSize ?? DEFAULT_PULL_BATCH,
        handler: async (checkpoint, batchSize) => {
          catchUp.known(checkpoint);
          const page = await guarded(() => pull(checkpoint, batchSize));
          catchUp.delivered(page.checkpoint);
          return {
            documents: page.documents.map((doc) => stored(group, doc)) as unknown as never[],
            checkpoint: page.checkpoint,
          };
        },
        stream$: stream$.asObservable() as unknown as Observable<never>,
      },
      push: {
        batchSize: Math.min(options.pushBatchSize ?? 100, MAX_PUSH_ROWS),
        handler: async (rows) => {
          const ids = rows.map((row) => String(row.newDocumentState.id));
          for (const id of ids) tracker.written(group.name, id);
          const wire: PushRow[] = rows.map((row) => ({
            ...(row.assumedMasterState ? { assumedMasterState: sent(row.assumedMasterState) } : {}),
            newDocumentState: sent(row.newDocumentState),
          }));
          const answer = await catchUp.pushing(ids, () => guarded(() => options.transport.pushGroup(group.name, wire)));
          tracker.acknowledged(group.name, ids);
          // A refusal or a lost conflict answered: the review list grew.
          if (answer.length > 0) void refreshReview().catch(() => undefined);
          return answer.map((doc) => stored(group, doc)) as unknown as never[];
        },
      },
    }));
    // Errors are retried by RxDB; the status already says offline.
    subscriptions.push(state.error$.subscribe(() => tracker.failed()));
    replications.set(group.name, state);
  }

  if (options.reviewEveryMs) {
    subscriptions.push(interval(options.reviewEveryMs).subscribe(() => void refreshReview().catch(() => undefined)));
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
