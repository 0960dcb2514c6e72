/**
 * Opening or working hours as the administration forms edit them: per weekday, a list of periods
 * as typed (`HH:mm` from a time field, or empty). The core decides what a valid period is
 * (opens before it closes, `HH:mm`); this only groups, flattens and maps its messages back.
 */

/** Weekdays in the order a Brazilian week is read: segunda first, domingo last (0 = domingo). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** One period being edited. */
export interface PeriodDraft {
  start: string;
  end: string;
}

/** Periods per weekday (0 domingo … 6 sábado); an empty list is a closed day. */
export type WeekDraft = Record<number, PeriodDraft[]>;

/** A period as the core stores it, under either naming (clinic: opens/closes; schedule: start/end). */
export interface FlatPeriod {
  weekday: number;
  start: string;
  end: string;
}

/** The week of `periods` (in their saved order per day); days without one are closed. */
export function weekOf(periods: readonly FlatPeriod[]): WeekDraft {
  const week: WeekDraft = {};
  for (const day of WEEK_ORDER) week[day] = [];
  for (const p of periods) week[p.weekday]?.push({ start: p.start, end: p.end });
  return week;
}

/**
 * The week as the core's list, in week order (segunda first), each period in the order typed.
 * `at[i]` tells where the list's i-th period came from, so a message on `openingHours.i` finds its row.
 */
export function flatten(week: WeekDraft): { periods: FlatPeriod[]; at: { weekday: number; index: number }[] } {
  const periods: FlatPeriod[] = [];
  const at: { weekday: number; index: number }[] = [];
  for (const weekday of WEEK_ORDER)
    (week[weekday] ?? []).forEach((p, index) => {
      periods.push({ weekday, start: p.start, end: p.end });
      at.push({ weekday, index });
    });
  return { periods, at };
}

/** Monday's periods copied to Tuesday through Friday (the usual week of a small clinic). */
export function copyMondayToWeekdays(week: WeekDraft): WeekDraft {
  const monday = week[1] ?? [];
  const next = { ...week };
  for (const day of [2, 3, 4, 5]) next[day] = monday.map((p) => ({ ...p }));
  return next;
}

/**
 * The messages of a failed save per row: `openingHours.3.closes` (list name `field`) lands on the
 * weekday and period that the list's 4th entry came from. @returns a map keyed `weekday:index`.
 */
export function periodMessages(
  fields: Record<string, string>,
  field: string,
  at: readonly { weekday: number; index: number }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = new RegExp(`^${field}\\.(\\d+)`).exec(path);
    const place = match ? at[Number(match[1])] : undefined;
    if (place) out[`${place.weekday}:${place.index}`] = message;
  }
  return out;
}

/** The field paths a form over `count` periods of list `field` offers formFailure. */
export function periodFields(field: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${field}.${i}`);
}

/** The weekday's name in `locale` (`segunda-feira`), read from a known week (2026-11-22 is a Sunday). */
export function weekdayName(n: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 22 + n, 12)),
  );
}

/** `seg 08:00–12:00, 13:00–18:00 · ter …`: a week in one line for a list; empty when closed all week. */
export function describeWeek(periods: readonly FlatPeriod[], locale: string): string {
  const week = weekOf(periods);
  return WEEK_ORDER.filter((d) => (week[d] ?? []).length > 0)
    .map((d) => {
      const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
        .format(new Date(Date.UTC(2026, 10, 22 + d, 12)))
        .replace(/\.$/, '');
      return `${short} ${(week[d] ?? []).map((p) => `${p.start}–${p.end}`).join(', ')}`;
    })
    .join(' · ');
}
