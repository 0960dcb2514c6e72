/** Source of "now"; injected so tests and offline replays control time. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock frozen at `iso` (tests). */
export function fixedClock(iso: string): Clock {
  const at = new Date(iso);
  return { now: () => new Date(at) };
}

/**
 * Formats an instant as ISO-8601 with an explicit offset (`2026-11-23T09:00:00.000-03:00`), the form
 * every stored timestamp uses (docs/architecture.md "Records").
 *
 * @param offsetMinutes minutes east of UTC; defaults to the runtime's offset at that instant.
 */
export function isoWithOffset(at: Date, offsetMinutes = -at.getTimezoneOffset()): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local.toISOString().slice(0, -1)}${sign}${hh}:${mm}`;
}
