/**
 * One professional's week: a column per day, a row per time of day. Pure: built from the same day
 * layout as the reception's day (layoutDay), so both views place slots, blocks and appointments alike.
 */
import { addDays, dayIn, weekdayOf } from '#core/schedule/time.js';
import { layoutDay, type Cell, type ColumnInput, type GridAppointment, type GridBlock } from './day-grid.js';

/** A week cell: a day cell, or a free slot that has already begun (not bookable). */
export type WeekCell<A extends GridAppointment> = Cell<A> | { kind: 'past'; startUtc: string; endUtc: string };

/** A row of the week: the time of day (`HH:mm`, the clinic's) and a cell per day shown. */
export interface WeekRow<A extends GridAppointment> {
  time: string;
  cells: WeekCell<A>[];
}

/** The Monday (`YYYY-MM-DD`) of the week holding `day`: a clinic's week runs Monday to Sunday. */
export function weekStart(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/**
 * The days of `day`'s week to show for `column`: those it works (working hours on that weekday) or
 * holds an appointment on; all seven when it works none of them, so the week is never empty.
 */
export function weekDays(day: string, column: ColumnInput, appointments: readonly GridAppointment[], timeZone: string) {
  const all = Array.from({ length: 7 }, (_, i) => addDays(weekStart(day), i));
  const booked = new Set(appointments.map((a) => dayIn(a.startUtc, timeZone)));
  const worked = all.filter((d) => booked.has(d) || column.workingHours.some((p) => p.weekday === weekdayOf(d)));
  return worked.length > 0 ? worked : all;
}

/**
 * Lays out `days` of `column` in `timeZone`. Rows are the union of the days' slot times (and off-grid
 * appointment times); a day without that time shows `off`. With `available` (the UTC keys of the
 * core's free slots, `schedule.availability`), a free slot it does not list has begun: `past`.
 */
export function layoutWeek<A extends GridAppointment>(
  days: readonly string[],
  timeZone: string,
  column: ColumnInput,
  appointments: readonly A[],
  blocks: readonly GridBlock[],
  available?: ReadonlySet<string>,
): WeekRow<A>[] {
  const byDay = days.map((day) => {
    const own = appointments.filter((a) => dayIn(a.startUtc, timeZone) === day);
    const cells = new Map<string, WeekCell<A>>();
    for (const row of layoutDay(day, timeZone, [column], own, blocks)) {
      const cell = row.cells[0]!;
      cells.set(
        row.time,
        cell.kind === 'free' && available && !available.has(cell.startUtc) ? { ...cell, kind: 'past' } : cell,
      );
    }
    return cells;
  });
  const times = [...new Set(byDay.flatMap((cells) => [...cells.keys()]))].sort();
  return times.map((time) => ({ time, cells: byDay.map((cells) => cells.get(time) ?? { kind: 'off' }) }));
}
