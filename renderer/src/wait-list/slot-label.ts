/** How a free slot reads in the desk's lists: `ter., 24/11 · 09:00–09:30`. */
import { clockTime } from '../reception/day-grid.js';

/** The day of `at` in `timeZone` as `ter., 24/11` (`Tue, 11/24` in English). */
export function slotDay(at: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: '2-digit', month: '2-digit', timeZone }).format(
    new Date(at),
  );
}

/** `ter., 24/11 · 09:00–09:30` for a slot in `timeZone`. */
export function slotLabel(slot: { start: string; end: string }, timeZone: string, locale: string): string {
  return `${slotDay(slot.start, timeZone, locale)} · ${clockTime(slot.start, timeZone)}–${clockTime(slot.end, timeZone)}`;
}
