/**
 * Tells open sync streams that a tenant's data changed. Pushes through this process notify at once;
 * writes by REST operations or by another server process on the same database are noticed by polling
 * each streamed tenant's `tenant_seq` (one primary-key read per tenant per interval), so a change
 * written through one process reaches clients streaming from another.
 */
import type { Kysely } from 'kysely';
import type { StoreTables } from '../store/index.js';

type Listener = () => void;

/** Listeners per tenant, and the poller that watches their seq. */
export class ChangeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly lastSeq = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;

  /**
   * @param db the store's tables (`database.kysely.withTables<StoreTables>()`)
   * @param pollMs how often streamed tenants' seq is read; 0 disables polling (push notifications only)
   */
  constructor(
    private readonly db: Kysely<StoreTables>,
    private readonly pollMs = 1000,
  ) {}

  /** Calls `listener` whenever `tenantId`'s data may have changed. @returns the unsubscribe function. */
  subscribe(tenantId: string, listener: Listener): () => void {
    let set = this.listeners.get(tenantId);
    if (!set) this.listeners.set(tenantId, (set = new Set()));
    set.add(listener);
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
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** The tenant's data changed (a push committed). */
  notify(tenantId: string): void {
    for (const listener of this.listeners.get(tenantId) ?? []) listener();
  }

  /** Stops polling; streams stay open until their clients leave. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
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
