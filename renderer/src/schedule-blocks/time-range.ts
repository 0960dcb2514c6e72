/**
 * Times the reception types (`HH:mm` on a day of the clinic) as the instants the core takes, and the
 * defaults the agenda's selected slot gives a form.
 */
import { clockTime } from '../reception/day-grid.js';
import { inZone, localTimeIn } from '#core/schedule/time.js';

/**
 * `from`–`to` (`HH:mm`) on `day` (`YYYY-MM-DD`) in `timeZone` as ISO-8601 with the zone's offset.
 * Nothing is checked here: an end before the start goes to the core, which names `end`.
 */
export function rangeOn(day: string, from: string, to: string, timeZone: string): { start: string; end: string } {
  return {
    start: inZone(localTimeIn(day, from, timeZone), timeZone),
    end: inZone(localTimeIn(day, to, timeZone), timeZone),
  };
}

/** `time` (`HH:mm`) plus `minutes`, kept within the day (at most `23:59`). */
export function addClock(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = Math.min(h * 60 + m + minutes, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The time fields a form opens with: the selected slot's start and one slot later, else the next
 * whole hour of `now` (at most 23:00) and one slot later.
 */
export function defaultTimes(
  startUtc: string | null,
  slotMinutes: number,
  timeZone: string,
  now: Date = new Date(),
): { from: string; to: string } {
  const from = startUtc
    ? clockTime(startUtc, timeZone)
    : `${String(Math.min(Number(clockTime(now, timeZone).slice(0, 2)) + 1, 23)).padStart(2, '0')}:00`;
  return { from, to: addClock(from, slotMinutes) };
}
