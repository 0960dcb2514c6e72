/**
 * The ticket an appointment checked in with (totem check-in), and calling it when the reception calls
 * the appointment from the agenda at a place: the hall's panel then shows "Senha N001 — Guichê 1" for a
 * patient the reception called by name, as it does for a call made from the ticket queue.
 */
import { z } from 'zod';
import { nowIso } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { callAtPlace } from './call-at-place.js';
import { clinicToday } from './ticket-queries.js';
import { tickets, type Ticket } from './ticket-record.js';

/**
 * The ticket issued when `appointment` was checked in, or undefined (checked in at the desk, or not
 * yet). Read by patient (indexed) and matched on `appointment`: one check-in issues one ticket.
 */
export async function ticketOfAppointment(
  ctx: OperationContext,
  appointment: { id: string; patient: string; clinic: string },
): Promise<Stored<Ticket> | undefined> {
  const mine = await ctx.store.collection(tickets).find({ selector: { patient: appointment.patient } });
  return mine.find((t) => t.appointment === appointment.id && t.clinic === appointment.clinic);
}

/** A ticket called together with an appointment, as the appointment's call answers it. */
export const calledTicketOutput = z
  .object({
    id: z.string(),
    code: z.string().describe('o código mostrado no painel (`N001`)'),
    place: z.string().describe('o local que chamou'),
    placeName: z.string().describe('o nome do local, como o painel o mostra'),
    calledAt: z.string(),
  })
  .describe('a senha do check-in chamada junto com o agendamento; ausente quando nenhuma foi chamada');

/** A ticket called with an appointment: {@link calledTicketOutput}. */
export type CalledTicket = z.output<typeof calledTicketOutput>;

/**
 * Calls the ticket `appointment` checked in with to `placeId`, through `ctx.store` (the appointment's
 * transaction). Only a ticket of the clinic's today still waiting is called: one already called from
 * the queue, started, or left from an earlier day stays as it is, and the appointment's call goes on.
 * The caller checks `ticket:write`.
 *
 * @returns the call, or undefined when no ticket was called.
 * @throws DomainError `not_found` (404) naming `placeId` when it is not an active place of the
 *   appointment's clinic (checked even when there is no ticket, so a wrong place is never silent);
 *   `validation` naming `placeId` when the ticket was issued for another place; `conflict` when
 *   someone called the ticket meanwhile.
 */
export async function callAppointmentTicket(
  ctx: OperationContext,
  appointment: { id: string; patient: string; clinic: string },
  placeId: string,
): Promise<CalledTicket | undefined> {
  const { clinic, day } = await clinicToday(ctx, appointment.clinic, placeId);
  const ticket = await ticketOfAppointment(ctx, appointment);
  if (!ticket || ticket.day !== day || ticket.status !== 'waiting') return undefined;
  const called = await callAtPlace(ctx, ticket, placeId, 'id');
  return {
    id: called.id,
    code: called.code,
    place: placeId,
    placeName: clinic.places.find((p) => p.id === placeId)?.name ?? '',
    calledAt: called.calledAt!,
  };
}

/**
 * Takes the ticket `appointment` checked in with out of the line when its attendance starts with the
 * ticket still waiting (the professional started without a call on the panel): the ticket is then
 * `started`, so the panel's count of people waiting drops and no place calls a patient already in
 * the room. A ticket already called, or of an earlier day, is left as it is. Through `ctx.store`
 * (the appointment's transaction).
 */
export async function startAppointmentTicket(
  ctx: OperationContext,
  appointment: { id: string; patient: string; clinic: string },
): Promise<void> {
  const { day } = await clinicToday(ctx, appointment.clinic);
  const ticket = await ticketOfAppointment(ctx, appointment);
  if (!ticket || ticket.day !== day || ticket.status !== 'waiting') return;
  const now = nowIso(ctx);
  await ctx.store
    .collection(tickets)
    .update(ticket.id, ticket._rev, { ...ticket, status: 'started', startedAt: now, updatedAt: now });
}
