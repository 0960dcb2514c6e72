/**
 * The words of a refused booking or move (the 409 of `assertSlotFree`): one pt-BR line per
 * appointment or block in the way, in the clinic's local time, as the reception reads it aloud to
 * the patient on the phone ("Já há agendamento de Maria Silva das 14:00 às 14:30"). Record ids stay
 * out of the words; each detail carries its record in `ref` for integrators.
 */
import type { ErrorDetail } from '#core/errors.js';
import { appointments } from './appointment-record.js';
import { scheduleBlocks } from './block-record.js';
import { dayIn, inZone } from './time.js';

/** What the words of one refusal depend on. */
export interface OccupancyWording {
  /** IANA zone the times are said in: the clinic's. */
  timeZone: string;
  /** `YYYY-MM-DD`, the requested range's day in `timeZone`: a range on it is said without its day. */
  day: string;
  /** Patient id → the name to say (social name first); a patient missing here is "outro paciente". */
  patientNames: ReadonlyMap<string, string>;
}

/** `2026-11-24` → `24/11`: a 409 is about the days around the request, so the year adds nothing. */
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * A range of UTC keys in local time: `das 14:00 às 14:30` on `day`, `em 25/11 das 00:00 às 00:30`
 * on another day, `de 23/11 às 22:00 até 24/11 às 08:00` across midnight. An end at midnight closes
 * its start's day (`das 23:00 às 00:00`).
 *
 * @param startUtc instant (ISO-8601), e.g. `2026-11-24T17:00:00.000Z`
 * @param endUtc instant after `startUtc`
 * @param timeZone IANA zone, e.g. `America/Sao_Paulo`
 * @param day `YYYY-MM-DD` said without its date
 */
export function localRangeText(startUtc: string, endUtc: string, timeZone: string, day: string): string {
  const start = inZone(startUtc, timeZone);
  const end = inZone(endUtc, timeZone);
  const from = start.slice(11, 16);
  const to = end.slice(11, 16);
  const startDay = start.slice(0, 10);
  const lastDay = dayIn(new Date(Date.parse(endUtc) - 1), timeZone);
  if (lastDay !== startDay) return `de ${dayMonth(startDay)} às ${from} até ${dayMonth(end.slice(0, 10))} às ${to}`;
  return `${startDay === day ? '' : `em ${dayMonth(startDay)} `}das ${from} às ${to}`;
}

/** `Já há agendamento de Maria Silva das 14:00 às 14:30`, naming the appointment in `ref`. */
export function appointmentInTheWay(
  appointment: { id: string; patient: string; startUtc: string; endUtc: string },
  wording: OccupancyWording,
): ErrorDetail {
  const who = wording.patientNames.get(appointment.patient) ?? 'outro paciente';
  const when = localRangeText(appointment.startUtc, appointment.endUtc, wording.timeZone, wording.day);
  return {
    path: 'start',
    message: `Já há agendamento de ${who} ${when}`,
    ref: { collection: appointments.name, id: appointment.id },
  };
}

/** `Bloqueado das 12:00 às 13:00: Almoço`, naming the block in `ref`. */
export function blockInTheWay(
  block: { id: string; reason: string; startUtc: string; endUtc: string },
  wording: OccupancyWording,
): ErrorDetail {
  const when = localRangeText(block.startUtc, block.endUtc, wording.timeZone, wording.day);
  const reason = block.reason.trim();
  return {
    path: 'start',
    message: `Bloqueado ${when}${reason ? `: ${reason}` : ''}`,
    ref: { collection: scheduleBlocks.name, id: block.id },
  };
}
