import type { Store } from '#core/store/port.js';

/**
 * Human-facing sequence numbers (budgetNumber, attendance tickets) that stay unique per tenant even
 * when installations issue them offline (docs/architecture.md "Records"). The server owns one counter per series
 * and tenant; installations lease blocks from it and issue locally; the server issues from the counter
 * directly. A number is never handed out twice, and never renumbered once printed.
 */
export interface NumberSource {
  /**
   * The next number of `series` for the tenant, e.g. `budget` or `ticket:N:2026-11-23`.
   *
   * @param tx the open store transaction the number is drawn for, when there is one: the draw is
   *   written through it (the server's counter row, a desk's leased block), so it commits or rolls
   *   back with the record and never waits on the transaction. Without it the draw commits alone.
   * @throws DomainError `conflict` when an installation has no leased numbers left and cannot reach
   *   the server (the message tells the reception to reconnect).
   */
  next(series: string, tx?: Store): Promise<number>;
  /**
   * Leases ahead while the station is online, so its first number offline does not fail: an
   * installation's blocks lease when fewer than the low-water mark remain. Resolves true when the
   * reserve stands afterwards, false when the server could not be reached. Absent on sources that
   * never run dry (the server's counter, the demo's).
   */
  reserve?(series: string): Promise<boolean>;
}

/** A block of numbers leased to one installation: `from`..`to`, both included. */
export interface LeasedRange {
  from: number;
  to: number;
}

/** The server side of leasing, as an installation sees it (an HTTP call in production). */
export interface NumberLeaser {
  /**
   * Leases `size` fresh numbers of `series`.
   * @throws any error when the server is unreachable; the caller keeps working from what it holds.
   */
  lease(series: string, size: number): Promise<LeasedRange>;
}

const SERIES = /^[a-z][a-zA-Z0-9_.:-]{0,99}$/;

/** @throws Error for a malformed series name: a programming error. */
export function checkSeries(series: string): void {
  if (!SERIES.test(series)) throw new Error(`number series "${series}" must match ${SERIES}`);
}

/**
 * A {@link NumberSource} counting in memory from 1 per series: for tests and local tools that never
 * meet another installation.
 */
export function memoryNumberSource(): NumberSource {
  const last = new Map<string, number>();
  return {
    next(series) {
      checkSeries(series);
      const n = (last.get(series) ?? 0) + 1;
      last.set(series, n);
      return Promise.resolve(n);
    },
  };
}
