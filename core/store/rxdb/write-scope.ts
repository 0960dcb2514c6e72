import type { Mutex } from './mutex.js';
import { UndoLog } from './undo-log.js';

/** Where a write of the port runs: alone under the database lock, or inside a running transaction. */
export interface WriteScope {
  /** Runs one port write; `log` is the running transaction's undo log, undefined outside one. */
  run<R>(work: (log: UndoLog | undefined) => Promise<R>): Promise<R>;
}

/** Plain writes: each takes the database lock, so it never lands in the middle of a transaction. */
export function lockedScope(mutex: Mutex): WriteScope {
  return { run: (work) => mutex.run(() => work(undefined)) };
}

/**
 * The writes of one transaction. The transaction holds the database lock for its whole run, so its
 * writes go straight to the storage and are recorded in its undo log.
 */
export class TransactionScope implements WriteScope {
  readonly log = new UndoLog();
  private open = true;

  run<R>(work: (log: UndoLog | undefined) => Promise<R>): Promise<R> {
    // A write started after the transaction ended (a promise the work did not await) would bypass
    // the lock and the undo log.
    if (!this.open) return Promise.reject(new Error('A transação já terminou; use o store fora dela'));
    return work(this.log);
  }

  /** Refuses every later write through this scope. */
  close(): void {
    this.open = false;
  }
}
