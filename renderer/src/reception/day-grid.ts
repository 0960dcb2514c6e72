/**
 * The reception's day: one column per professional, one row per slot time. Pure: it takes what the
 * local database holds (working hours, slot length, appointments, blocks) and places it, so the
 * layout is tested without a browser.
 */
import { localTimeIn, utcKey, weekdayOf } from '#core/schedule/time.js';

/** A professional's column and the rules that make their slots. */
export interface ColumnInput {
  id: string;
  name: string;
  slotMinutes: number;
  /** Working periods (`HH:mm`), every weekday; the day's are picked by weekday. */
  workingHours: readonly { weekday: number; start: string; end: string }[];
}

/** What the grid needs of an appointment. */
export interface GridAppointment {
  id: string;
  professional: string;
  startUtc: string;
  endUtc: string;
}

/** What the grid needs of a block. */
export interface GridBlock {
  professional: string;
  startUtc: string;
  endUtc: string;
  reason: string;
}

/** One cell: a free or blocked slot, outside working hours, or the appointments starting in it. */
export type Cell<A extends GridAppointment> =
  | { kind: 'free'; startUtc: string; endUtc: string }
  | { kind: 'blocked'; startUtc: string; endUtc: string; reason: string }
  | { kind: 'off' }
  | { kind: 'booked'; startUtc: string; endUtc: string; appointments: A[] };

/** A row: the slot's start (UTC key, and `HH:mm` in the clinic's zone) and a cell per column. */
export interface Row<A extends GridAppointment> {
  startUtc: string;
  time: string;
  cells: Cell<A>[];
}

const overlaps = (a: { startUtc: string; endUtc: string }, b: { startUtc: string; endUtc: string }) =>
  a.startUtc < b.endUtc && a.endUtc > b.startUtc;

/** `HH:mm` of `at` in `timeZone`. */
export function clockTime(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(at),
  );
}

/**
 * Lays out `day` (`YYYY-MM-DD`, the clinic's) in `timeZone`. Rows are the union of every column's
 * slot starts, plus the start of any appointment off the slot grid (an encaixe at 09:10 gets its own
 * row). A slot holding an appointment shows it even when it is also blocked; an appointment spanning
 * several slots shows in its first and marks the rest booked with no appointment of their own.
 */
export function layoutDay<A extends GridAppointment>(
  day: string,
  timeZone: string,
  columns: readonly ColumnInput[],
  appointments: readonly A[],
  blocks: readonly GridBlock[],
): Row<A>[] {
  const weekday = weekdayOf(day);
  const slotsOf = columns.map((column) => {
    const slots: { startUtc: string; endUtc: string }[] = [];
    for (const period of column.workingHours.filter((p) => p.weekday === weekday)) {
      const closes = localTimeIn(day, period.end, timeZone).getTime();
      const step = column.slotMinutes * 60_000;
      for (let at = localTimeIn(day, period.start, timeZone).getTime(); at + step <= closes; at += step)
        slots.push({ startUtc: utcKey(new Date(at)), endUtc: utcKey(new Date(at + step)) });
    }
    return slots;
  });
  const starts = new Set<string>();
  for (const slots of slotsOf) for (const s of slots) starts.add(s.startUtc);
  for (const a of appointments) if (columns.some((c) => c.id === a.professional)) starts.add(a.startUtc);
  const sorted = [...starts].sort();
  return sorted.map((startUtc) => ({
    startUtc,
    time: clockTime(startUtc, timeZone),
    cells: columns.map((column, i): Cell<A> => {
      const slot = slotsOf[i]!.find((s) => s.startUtc === startUtc);
      const mine = appointments.filter((a) => a.professional === column.id);
      const starting = mine.filter((a) => a.startUtc === startUtc);
      if (starting.length > 0) {
        const endUtc = starting.reduce((end, a) => (a.endUtc > end ? a.endUtc : end), starting[0]!.endUtc);
        return { kind: 'booked', startUtc, endUtc, appointments: starting };
      }
      if (!slot) return { kind: 'off' };
      const running = mine.find((a) => overlaps(a, slot));
      if (running) return { kind: 'booked', ...slot, appointments: [] };
      const block = blocks.find((b) => b.professional === column.id && overlaps(b, slot));
      if (block) return { kind: 'blocked', ...slot, reason: block.reason };
      return { kind: 'free', ...slot };
    }),
  }));
}
