/**
 * Brings back the server's documents RxDB may have skipped while one of the installation's pushes was
 * being answered (docs/decisions/sync.md SYNC-077).
 *
 * Why: RxDB's downstream skips a pulled document whose fork state differs from the assumed master
 * state (it takes the fork for a local write the upstream will push and settle by conflict), and
 * moves its checkpoint past it. Between the server accepting a push and RxDB recording the pushed
 * state as the assumed master, that is wrong: another desk's edit made on top of the accepted push,
 * pulled in that moment, is skipped and no conflict brings it back. The desk would keep its own
 * version for good while the server holds the newer one (the stop-31 race, a desk's lot balance one
 * consumption behind). Holding the pulled documents back until the push is absorbed is no cure: a
 * page answered before the push went in would then land after it and overwrite the pushed state
 * with an older one.
 *
 * So: when anything reached RxDB from the server while a push was open (from its request until
 * RxDB's upstream queue ran dry, its meta write included), the pushed documents are read again from
 * the checkpoint held before that push, by a pull sent after it was absorbed (so it answers the
 * server's state now, never an older one), and handed to RxDB as a streamed change.
 */
import type { SyncCheckpoint, SyncDocument } from './protocol.js';

/** What the catch-up needs from the replication around it. */
export interface CatchUpHooks {
  /** RxDB's upstream queue now (`internalReplicationState.streamQueue.up`), undefined before it runs. */
  upstream(): Promise<unknown> | undefined;
  /** One pull page after `checkpoint`, as the replication's own pull handler reads it. */
  pull(checkpoint: SyncCheckpoint, limit: number): Promise<{ documents: SyncDocument[]; checkpoint: SyncCheckpoint }>;
  /** Hands documents to RxDB as a streamed change that leaves its checkpoint at `checkpoint`. */
  deliver(documents: SyncDocument[], checkpoint: SyncCheckpoint): void;
  /** Milliseconds before a failed catch-up is tried again. */
  retryMs: number;
  /** Documents per catch-up page. */
  pageSize: number;
}

const later = (a: SyncCheckpoint | undefined, b: SyncCheckpoint): SyncCheckpoint => (a && a.seq > b.seq ? a : b);

/** One replication's catch-up: wrap its push handler with {@link pushing}, report what reached RxDB with {@link delivered}. */
export class PushCatchUp {
  private open = 0;
  private deliveredWhileOpen = false;
  private ids = new Set<string>();
  private since: SyncCheckpoint | undefined;
  private lastDelivered: SyncCheckpoint | undefined;
  private stopped = false;

  constructor(private readonly hooks: CatchUpHooks) {}

  /**
   * RxDB holds the server's documents up to `checkpoint` (where a pull resumes): after a restart, the
   * window's starting point, so a catch-up never reads the account from the beginning.
   */
  known(checkpoint: SyncCheckpoint | null | undefined): void {
    if (checkpoint) this.lastDelivered = later(this.lastDelivered, checkpoint);
  }

  /** The server's documents up to `checkpoint` went to RxDB (a pull page or a streamed change). */
  delivered(checkpoint: SyncCheckpoint | undefined): void {
    if (checkpoint) this.lastDelivered = later(this.lastDelivered, checkpoint);
    if (this.open > 0) this.deliveredWhileOpen = true;
  }

  /** Runs one push request of documents `ids`; its window closes once RxDB absorbed the answer. */
  async pushing<R>(ids: readonly string[], send: () => Promise<R>): Promise<R> {
    if (this.open === 0) {
      this.since = this.lastDelivered ?? { seq: 0 };
      this.deliveredWhileOpen = false;
    }
    this.open++;
    for (const id of ids) this.ids.add(id);
    try {
      return await send();
    } finally {
      // The upstream queue holds this very request: its absorption is awaited outside it.
      void this.close();
    }
  }

  /** Stops any catch-up still to come (the replication was cancelled). */
  stop(): void {
    this.stopped = true;
  }

  private async close(): Promise<void> {
    await this.upstreamIdle();
    if (--this.open > 0) return;
    const ids = this.ids;
    const since = this.since ?? { seq: 0 };
    const needed = this.deliveredWhileOpen;
    this.ids = new Set();
    this.deliveredWhileOpen = false;
    if (needed && ids.size > 0) await this.catchUp(since, ids);
  }

  /** Waits until RxDB's upstream queue stops growing (the loop of RxDB's `awaitRxStorageReplicationIdle`). */
  private async upstreamIdle(): Promise<void> {
    for (;;) {
      const queue = this.hooks.upstream();
      if (!queue) return;
      await queue.catch(() => undefined);
      if (this.hooks.upstream() === queue) return;
    }
  }

  private async catchUp(since: SyncCheckpoint, ids: Set<string>): Promise<void> {
    while (!this.stopped) {
      try {
        const found: SyncDocument[] = [];
        let checkpoint = since;
        for (;;) {
          const page = await this.hooks.pull(checkpoint, this.hooks.pageSize);
          found.push(...page.documents.filter((doc) => ids.has(doc.id)));
          if (page.documents.length < this.hooks.pageSize || page.checkpoint.seq <= checkpoint.seq) break;
          checkpoint = page.checkpoint;
        }
        // The checkpoint RxDB already holds: the other documents of these pages go their usual way.
        if (found.length > 0 && !this.stopped) this.hooks.deliver(found, this.lastDelivered ?? since);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, this.hooks.retryMs));
      }
    }
  }
}
