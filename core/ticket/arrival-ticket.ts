/**
 * One queue for every arrival (issue 19): the totem's check-in and the reception's "Chegou"
 * (`appointment.attend`) both move the appointment to waiting and issue its ticket in one
 * transaction, so the panel counts and calls every patient who arrived, wherever they checked in.
 */
import { DomainError, isDomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import type { Appointment } from '#core/schedule/appointment-record.js';
import { loadAppointment, transition } from '#core/schedule/appointment-write.js';
import { requireTransition } from '#core/schedule/status.js';
import type { Stored } from '#core/store/record.js';
import { ticketOfAppointment } from './appointment-ticket.js';
import { activeService, prepareTicket } from './issue-ops.js';
import { arrivalPriority } from './legal-priority.js';
import { loadTicketControl, type TicketService } from './ticket-control-record.js';
import { clinicToday } from './ticket-queries.js';
import { tickets, type PriorityReason, type Ticket } from './ticket-record.js';

/**
 * The service line an arrival's ticket goes to: the one asked for, else the first active priority line
 * when the arrival has a legal priority (its code then reads `P…`, as a patient expects), else the
 * first active normal line, else any active line.
 * @returns undefined when the clinic has no active line (it does not use tickets).
 * @throws DomainError `validation` naming `service` when `prefix` is not an active line.
 */
export function arrivalService(
  services: readonly TicketService[],
  prefix: string | undefined,
  priority: PriorityReason | undefined,
): TicketService | undefined {
  if (prefix !== undefined) return activeService(services, prefix);
  const active = services.filter((s) => s.active);
  const wanted = priority !== undefined ? 'priority' : 'normal';
  return active.find((s) => s.class === wanted) ?? active.find((s) => s.class === 'normal') ?? active[0];
}

/** What a check-in with its ticket answers. */
export interface ArrivalResult {
  appointment: Stored<Appointment>;
  /**
   * The arrival's ticket; undefined when the clinic has no active service line, or (not with
   * `requireTicket`) when an offline installation has no number of the day left to give.
   */
  ticket: Stored<Ticket> | undefined;
  /** True when the appointment already had its ticket (issued by an earlier check-in of it). */
  reused: boolean;
}

/**
 * Checks appointment `id` in (scheduled → waiting, the status table's `checkIn`) and issues its ticket
 * in the same transaction; the ticket's number is drawn before it (a leased block is read outside any
 * transaction), after the status was checked, so a refused check-in spends no number. The ticket's
 * priority is {@link arrivalPriority} of the appointment's patient on the clinic's today.
 *
 * @param options.declared the priority the patient declared, if any.
 * @param options.service a service prefix to issue in; by default {@link arrivalService}.
 * @param options.requireTicket throw instead of checking in without a ticket (the totem: its answer is
 *   the ticket).
 * @throws DomainError `not_found` (the appointment), `invalid_transition` (not scheduled),
 *   `validation` naming `service` (no such active line, or none at all with `requireTicket`).
 */
export async function checkInWithTicket(
  ctx: OperationContext,
  id: string,
  options: { declared?: PriorityReason | undefined; service?: string | undefined; requireTicket?: boolean } = {},
): Promise<ArrivalResult> {
  const current = await loadAppointment(ctx.store, id);
  requireTransition(current.status, 'checkIn');
  const { clinic, day } = await clinicToday(ctx, current.clinic);
  const earlier = await ticketOfAppointment(ctx, current);
  if (earlier && earlier.day === day) {
    return { appointment: await transition(ctx, id, 'checkIn'), ticket: earlier, reused: true };
  }
  const patient = await ctx.store.collection(patients).get(current.patient);
  const priorityReason = arrivalPriority(patient, day, options.declared);
  const { services } = await loadTicketControl(ctx, clinic.id);
  const service = arrivalService(services, options.service, priorityReason);
  if (!service) {
    if (options.requireTicket)
      throw new DomainError('validation', 'A clínica não tem serviço de senhas ativo', [
        { path: 'service', message: 'nenhum serviço ativo' },
      ]);
    return { appointment: await transition(ctx, id, 'checkIn'), ticket: undefined, reused: false };
  }
  let prepared: Ticket;
  try {
    prepared = await prepareTicket(ctx, {
      clinic: clinic.id,
      day,
      prefix: service.prefix,
      service,
      priorityReason,
      patient: current.patient,
      appointment: current.id,
    });
  } catch (error) {
    // A desk offline since before its first ticket of the day holds no block of the day's series: the
    // arrival is still recorded (the reception's work never stops offline), without a ticket.
    if (options.requireTicket || !isDomainError(error) || error.code !== 'conflict') throw error;
    return { appointment: await transition(ctx, id, 'checkIn'), ticket: undefined, reused: false };
  }
  let ticket: Stored<Ticket> | undefined;
  const appointment = await transition(ctx, id, 'checkIn', undefined, undefined, async (_saved, tx) => {
    ticket = await tx.collection(tickets).insert(prepared);
  });
  return { appointment, ticket, reused: false };
}
