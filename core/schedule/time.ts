/**
 * Appointment times (docs/architecture.md "Records"): the wire and the record carry ISO-8601 with the clinic's
 * offset; queries run on a UTC key (`…Z`, fixed width) because strings with different offsets do not
 * sort as instants do (an appointment at 09:00-03:00 and one at 11:00-02:00 are the same instant).
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { z } from 'zod';
import { isoWithOffset } from '#core/clock.js';

/** ISO-8601 date-time with an explicit offset or `Z`, e.g. `2026-11-24T09:00:00-03:00`. */
export { dateTimeInput as instantInput } from '#core/br/schemas.js';

/** A calendar day `YYYY-MM-DD`. */
export { dateInput as dayInput } from '#core/br/schemas.js';

/** A local time of day `HH:mm`. */
export const clockTimeInput = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'hora inválida, use HH:mm');

/** The UTC query key of an instant: `2026-11-24T12:00:00.000Z`. */
export function utcKey(at: Date | string): string {
  return new Date(at).toISOString();
}

/** The instant shown in `timeZone`, with that zone's offset at that instant. */
export function inZone(at: Date | string, timeZone: string): string {
  const date = new Date(at);
  return isoWithOffset(date, tzOffset(timeZone, date));
}

/** Midnight of `day` (`YYYY-MM-DD`) in `timeZone`, as an instant. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

/** `HH:mm` of `day` in `timeZone`, as an instant (DST gaps resolve as the zone library does). */
export function localTimeIn(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime());
}

/** The calendar day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + n);
  return at.toISOString().slice(0, 10);
}

/** The weekday of `day`, 0 (domingo) to 6 (sábado). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** The calendar day an instant falls on in `timeZone`. */
export function dayIn(at: Date | string, timeZone: string): string {
  return inZone(at, timeZone).slice(0, 10);
}

/** The UTC key range `[from, to)` covering `days` calendar days from `day` in `timeZone`. */
export function dayRange(day: string, days: number, timeZone: string): { from: string; to: string } {
  return { from: utcKey(startOfDayIn(day, timeZone)), to: utcKey(startOfDayIn(addDays(day, days), timeZone)) };
}
