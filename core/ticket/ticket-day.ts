/**
 * The clinic's day, where ticket numbers restart: tickets are numbered per service per clinic per day
 * in the clinic's own time zone (a clinic in Manaus restarts at its midnight, not Brasília's).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The calendar day (`yyyy-mm-dd`) of `at` in IANA zone `timeZone`. */
export function clinicDay(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * The number series of a service's tickets on a clinic day, for `ctx.numbers.next` (docs/decisions/
 * "Numbering"): a new series each day is how numbers restart, and blocks never overlap within one.
 *
 * @example ticketSeries('0193…', 'N', '2026-11-23') // 'ticket:0193…:N:2026-11-23'
 */
export function ticketSeries(clinicId: string, prefix: string, day: string): string {
  return `ticket:${clinicId}:${prefix}:${day}`;
}
