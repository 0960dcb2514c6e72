/**
 * Tells open sync streams and panel sockets that a tenant's data changed. Writes committed by this
 * process arrive at once from the store's change feed (change-feed.ts), with the collections written;
 * pushes through this process notify at once;
 * on PostgreSQL every write, whichever process made it, arrives by LISTEN/NOTIFY at its commit
 * (change-notify.ts). Polling each streamed tenant's `tenant_seq` (one primary-key read per tenant per
 * interval) is SQLite's way and PostgreSQL's safety net (a notification lost with a connection).
 */
import type { Kysely } from 'kysely';
import type { ChangeFeed } from '../store/change-feed.js';
import type { SqlDatabase, StoreTables } from '../store/index.js';
import { CHANGE_CHANNEL } from './change-notify.js';

/**
 * Told that a tenant's data may have changed: with the collections written when a commit of this
 * process says so, undefined when the news came without them (a poll, a NOTIFY, a push).
 */
type Listener = (collections?: ReadonlySet<string>) => void;

/** Listeners per tenant, and the poller that watches their seq. */
export class ChangeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly lastSeq = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private listening: Promise<() => Promise<void>> | undefined;

  /**
   * @param db the store's tables (`database.kysely.withTables<StoreTables>()`)
   * @param pollMs how often streamed tenants' seq is read; 0 disables polling (push notifications only)
   * @param listen the database's LISTEN (`database.listen`, PostgreSQL only), started at the first subscription
   * @param feed the database's own commits (`database.feed`), relayed as they happen
   */
  constructor(
    private readonly db: Kysely<StoreTables>,
    private readonly pollMs = 1000,
    private readonly listen?: SqlDatabase['listen'],
    feed?: ChangeFeed,
  ) {
    feed?.subscribe((changed) => {
      for (const [tenantId, collections] of changed) this.notify(tenantId, collections);
    });
  }

  /** Calls `listener` whenever `tenantId`'s data may have changed. @returns the unsubscribe function. */
  subscribe(tenantId: string, listener: Listener): () => void {
    let set = this.listeners.get(tenantId);
    if (!set) this.listeners.set(tenantId, (set = new Set()));
    set.add(listener);
    if (this.listen && !this.listening) {
      this.listening = this.listen(CHANGE_CHANNEL, {
        message: (tenantId) => this.notify(tenantId),
        // Notifications sent while the connection was down are lost: wake every stream.
        reconnected: () => {
          for (const tenant of this.listeners.keys()) this.notify(tenant);
        },
      });
      // Without LISTEN (PostgreSQL unreachable at that moment) polling still wakes streams.
      this.listening.catch(() => undefined);
    }
    if (this.pollMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.poll().catch(() => undefined), this.pollMs);
      this.timer.unref?.();
    }
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(tenantId);
        this.lastSeq.delete(tenantId);
      }
      if (this.listeners.size === 0) void this.close();
    };
  }

  /** The tenant's data changed (a push committed); `collections` when it is known which. */
  notify(tenantId: string, collections?: ReadonlySet<string>): void {
    const listeners = this.listeners.get(tenantId);
    if (listeners) for (const listener of listeners) listener(collections);
  }

  /** Stops polling and listening; streams stay open until their clients leave. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const listening = this.listening;
    this.listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }

  private async poll(): Promise<void> {
    const tenants = [...this.listeners.keys()];
    if (tenants.length === 0) return;
    const rows = await this.db.selectFrom('tenant_seq').selectAll().where('tenant_id', 'in', tenants).execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      const before = this.lastSeq.get(row.tenant_id);
      this.lastSeq.set(row.tenant_id, seq);
      // A first reading has nothing to compare with: wake the streams anyway (a flush that finds
      // nothing past its cursors costs one indexed read per collection).
      if (before !== seq) this.notify(row.tenant_id);
    }
  }
}
