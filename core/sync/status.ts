/**
 * The sync status the UI shows (online/offline, changes waiting to push, last successful sync,
 * rejections and conflicts to review), as an observable the replication keeps up to date.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import { isDomainError } from '#core/errors.js';

/** What the reception's sync indicator shows. */
export interface SyncStatus {
  /** False after a request failed, true again after one succeeds. */
  online: boolean;
  /** Documents changed on this installation and not yet acknowledged by the server. */
  pendingPushes: number;
  /** ISO-8601 instant of the last successful pull or push, null before the first. */
  lastSyncAt: string | null;
  /** Unresolved refused pushes of the tenant the installation may read. */
  rejections: number;
  /** Unresolved conflicts of the tenant the installation may read. */
  conflicts: number;
  /**
   * The server refused this installation's schema version (426): nothing syncs until the app is
   * updated; {@link SyncStatus.message} says so in pt-BR.
   */
  updateRequired: boolean;
  /** The server's pt-BR explanation of the last refusal that needs a person (an update), else null. */
  message: string | null;
  /**
   * A collection is being read again from the start: the installation was offline longer than the
   * server keeps deletions (410). Local work is kept; the UI may say "baixando os dados de novo".
   */
  resyncing: boolean;
}

/** The initial status: nothing known yet. */
export const UNKNOWN_STATUS: SyncStatus = {
  online: false,
  pendingPushes: 0,
  lastSyncAt: null,
  rejections: 0,
  conflicts: 0,
  updateRequired: false,
  message: null,
  resyncing: false,
};

/** Holds the status and the pending document ids of every replicated collection. */
export class SyncStatusTracker {
  private readonly subject = new BehaviorSubject<SyncStatus>(UNKNOWN_STATUS);
  private readonly pending = new Map<string, Set<string>>();
  private readonly rereading = new Set<string>();

  /** The status, replayed to each new subscriber. */
  get status$(): Observable<SyncStatus> {
    return this.subject.asObservable();
  }

  /** The current status. */
  get current(): SyncStatus {
    return this.subject.value;
  }

  /** A local write of `id` in `collection` waits to be pushed. */
  written(collection: string, id: string): void {
    let ids = this.pending.get(collection);
    if (!ids) this.pending.set(collection, (ids = new Set()));
    ids.add(id);
    this.set({ pendingPushes: this.countPending() });
  }

  /** The server acknowledged these documents (accepted, or answered with its own state). */
  acknowledged(collection: string, ids: readonly string[]): void {
    const set = this.pending.get(collection);
    for (const id of ids) set?.delete(id);
    this.set({ pendingPushes: this.countPending() });
  }

  /** A request succeeded at `at`. */
  succeeded(at: string): void {
    this.set({ online: true, lastSyncAt: at, updateRequired: false, message: null });
  }

  /**
   * A request failed: the server is out of reach, or refused the installation. An `upgrade_required`
   * refusal (426) is reached, not offline: the status says the app must be updated.
   */
  failed(error?: unknown): void {
    if (isDomainError(error) && error.code === 'upgrade_required') {
      this.set({ online: true, updateRequired: true, message: error.message });
    } else this.set({ online: false });
  }

  /** A full read of `collection` started (`true`) or ended (`false`). */
  resyncing(collection: string, under: boolean): void {
    if (under) this.rereading.add(collection);
    else this.rereading.delete(collection);
    this.set({ resyncing: this.rereading.size > 0 });
  }

  /** The review list's counts as last read. */
  reviewed(rejections: number, conflicts: number): void {
    this.set({ rejections, conflicts });
  }

  /** Ends the observable. */
  complete(): void {
    this.subject.complete();
  }

  private countPending(): number {
    let n = 0;
    for (const ids of this.pending.values()) n += ids.size;
    return n;
  }

  private set(change: Partial<SyncStatus>): void {
    const next = { ...this.subject.value, ...change };
    const same = (Object.keys(next) as (keyof SyncStatus)[]).every((k) => next[k] === this.subject.value[k]);
    if (!same) this.subject.next(next);
  }
}
