/**
 * Preferred periods of a wait-list entry as the desk shows and edits them. The core
 * (core/schedule/wait-list-ops.ts) decides what a valid period is; this only formats and builds input.
 */
import type { PreferredPeriod } from '#core/schedule/wait-list-ops.js';

/** Weekdays in the order a Brazilian week is read: segunda first, domingo last (0 = domingo). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The short name of weekday `n` (0 domingo … 6 sábado) in `locale`, without the trailing dot. */
export function weekdayShort(n: number, locale: string): string {
  // 2026-11-22 is a Sunday; noon UTC stays on that day in every zone the format uses (UTC).
  const day = new Date(Date.UTC(2026, 10, 22 + n, 12));
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(day).replace(/\.$/, '');
}

/**
 * One period in words: `seg, qua 08:00–12:00`; `anyDay` when it names no weekday (every day).
 */
export function describePeriod(period: PreferredPeriod, locale: string, anyDay: string): string {
  const days =
    period.weekdays.length === 0 || period.weekdays.length === 7
      ? anyDay
      : WEEK_ORDER.filter((d) => period.weekdays.includes(d))
          .map((d) => weekdayShort(d, locale))
          .join(', ');
  return `${days} ${period.from}–${period.to}`;
}

/** A period being edited: weekdays toggled, times as typed (`HH:mm` from a time field, or empty). */
export interface PeriodDraft {
  weekdays: number[];
  from: string;
  to: string;
}

/** Toggles `day` in a period's weekdays, keeping them in numeric order. */
export function toggleWeekday(weekdays: readonly number[], day: number): number[] {
  return weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day].sort((a, b) => a - b);
}

/** The form of an entry, as the dialog holds it (empty strings: not chosen). */
export interface EntryDraft {
  patient: string;
  clinic: string;
  professional: string;
  specialty: string;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  periods: PeriodDraft[];
  notes: string;
}

/**
 * The `waitList.create`/`edit` input for a draft: unchosen references left out, notes trimmed (none
 * when blank). Times go as typed, so the core's own message names a bad one.
 */
export function entryInput(draft: EntryDraft) {
  const notes = draft.notes.trim();
  return {
    patient: draft.patient,
    ...(draft.clinic ? { clinic: draft.clinic } : {}),
    ...(draft.professional ? { professional: draft.professional } : {}),
    ...(draft.specialty ? { specialty: draft.specialty } : {}),
    priority: draft.priority,
    periods: draft.periods.map((p) => ({ weekdays: p.weekdays, from: p.from, to: p.to })),
    ...(notes ? { notes } : {}),
  };
}

/** The form fields a core message can name, most specific first (see `formFailure`). */
export function entryFields(periods: number): string[] {
  const perPeriod = Array.from({ length: periods }, (_, i) => [
    `periods.${i}.weekdays`,
    `periods.${i}.from`,
    `periods.${i}.to`,
  ]).flat();
  return ['patient', 'clinic', 'professional', 'specialty', 'priority', 'notes', ...perPeriod, 'periods'];
}
