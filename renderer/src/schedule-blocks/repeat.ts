/**
 * The block dialog's "Repetir" section as the core's recurrence input (`scheduleBlock.create`'s
 * `recurrence`: weekly, on chosen weekdays, until a day), its preview, and the way back from a
 * stored series to that input (what undoing a series removal re-creates). The core decides what a
 * valid recurrence is; this builds input and reads the core's own `occurrences`.
 */
import { occurrences } from '#core/schedule/block-ops.js';
import { isDomainError } from '#core/errors.js';
import { dayIn, weekdayOf } from '#core/schedule/time.js';

/** The section as edited: off, or weekdays (0 domingo … 6 sábado) and the last day (`YYYY-MM-DD`, may be empty). */
export interface RepeatDraft {
  enabled: boolean;
  weekdays: number[];
  until: string;
}

/** The core's recurrence input (`recurrence` of `scheduleBlock.create`). */
export interface RecurrenceInput {
  frequency: 'weekly';
  /** Last day, inclusive, `YYYY-MM-DD` in the clinic's zone. */
  until: string;
  /** 0 (domingo) to 6 (sábado), ascending, at least one. */
  weekdays: number[];
}

/** The section when first switched on for a block on `day`: that day's weekday ticked, no end yet. */
export function startRepeat(day: string): RepeatDraft {
  return { enabled: true, weekdays: day ? [weekdayOf(day)] : [], until: '' };
}

/**
 * The section after the block's day changes from `before` to `after`: when the ticked weekdays are
 * still just the old day's (the default, untouched), the new day's replaces it; a choice the person
 * made stays.
 */
export function followDay(draft: RepeatDraft, before: string, after: string): RepeatDraft {
  if (!before || !after || draft.weekdays.length !== 1 || draft.weekdays[0] !== weekdayOf(before)) return draft;
  return { ...draft, weekdays: [weekdayOf(after)] };
}

/** `weekdays` with `day` ticked or unticked, ascending. */
export function toggleDay(weekdays: readonly number[], day: number): number[] {
  return weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b);
}

/**
 * The core's input for the section: none when it is off; otherwise weekly on the ticked weekdays
 * (ascending, once each) until the chosen day. An empty `until` or no weekday is passed as is: the
 * dialog asks for them before sending, and the core refuses them anyway.
 */
export function recurrenceOf(draft: RepeatDraft): RecurrenceInput | undefined {
  if (!draft.enabled) return undefined;
  return { frequency: 'weekly', until: draft.until, weekdays: [...new Set(draft.weekdays)].sort((a, b) => a - b) };
}

/** What the section would create: how many blocks and their first and last days (`YYYY-MM-DD`). */
export interface RepeatPreview {
  count: number;
  first: string | null;
  last: string | null;
}

/**
 * The blocks `recurrence` makes from the range `start`–`end` (ISO-8601 instants) in `timeZone`, by
 * the core's own `occurrences`; null when the core would refuse it (until before the first day, more
 * than its maximum occurrences) or the input is incomplete, since the save then shows the core's
 * message under the field.
 */
export function previewRepeat(
  start: string,
  end: string,
  timeZone: string,
  recurrence: RecurrenceInput,
): RepeatPreview | null {
  if (!recurrence.until || recurrence.weekdays.length === 0) return null;
  try {
    const ranges = occurrences(start, end, timeZone, recurrence);
    return {
      count: ranges.length,
      first: ranges[0] ? dayIn(ranges[0].start, timeZone) : null,
      last: ranges.at(-1) ? dayIn(ranges.at(-1)!.start, timeZone) : null,
    };
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}

/** A stored block as far as re-creating its series needs. */
export interface SeriesMember {
  start: string;
  end: string;
  /** The zone the core repeated the series in (the block's `timeZone`). */
  timeZone: string;
}

/**
 * The first range and the recurrence that make exactly `members` again (the occurrences of one
 * series), or null when none does: a series with an occurrence removed on its own has a gap no
 * weekly recurrence reproduces, so undoing its removal would bring back what was already unblocked.
 * The weekdays are those the occurrences fall on and `until` the last one's day, so a series made
 * daily comes back as weekly on all seven days: the same blocks.
 */
export function seriesRecurrence(
  members: readonly SeriesMember[],
): { start: string; end: string; recurrence: RecurrenceInput } | null {
  const sorted = [...members].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const first = sorted[0];
  if (!first) return null;
  const zone = first.timeZone;
  const days = sorted.map((m) => dayIn(m.start, zone));
  const recurrence: RecurrenceInput = {
    frequency: 'weekly',
    until: days.at(-1)!,
    weekdays: [...new Set(days.map(weekdayOf))].sort((a, b) => a - b),
  };
  let again: { start: string; end: string }[];
  try {
    again = occurrences(first.start, first.end, zone, recurrence);
  } catch {
    return null;
  }
  const same =
    again.length === sorted.length &&
    again.every(
      (r, i) =>
        Date.parse(r.start) === Date.parse(sorted[i]!.start) && Date.parse(r.end) === Date.parse(sorted[i]!.end),
    );
  return same ? { start: first.start, end: first.end, recurrence } : null;
}

/** `day` (`YYYY-MM-DD`) as `seg., 30/11` in `locale`. */
export function shortDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
