/**
 * The store's feed of this process's commits: after a transaction that wrote records commits, its
 * listeners hear which collections of which tenants it wrote. It is the in-process side of the
 * replication feed (every write draws the tenant's `seq`, sync-feed.ts): the change hub relays it to
 * sync streams and panel sockets, so a write made here reaches them at once; writes of other processes
 * reach them through the hub's polling or PostgreSQL's NOTIFY.
 */

/** Heard once per committed transaction that wrote records: collection names by tenant. */
export type CommitListener = (changed: ReadonlyMap<string, ReadonlySet<string>>) => void;

/** Listeners of one open database's commits. */
export class ChangeFeed {
  private readonly listeners = new Set<CommitListener>();

  /** Adds `listener`; @returns the function that removes it. */
  subscribe(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Tells every listener what a transaction wrote, after its commit. A listener that throws is
   * skipped: the write has committed and its caller must get its answer.
   */
  committed(changed: ReadonlyMap<string, ReadonlySet<string>>): void {
    for (const listener of this.listeners) {
      try {
        listener(changed);
      } catch {
        // see above
      }
    }
  }
}
