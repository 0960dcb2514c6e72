/**
 * Calling tickets to places (spec §4.4 Clinic: "recall a ticket or patient on the panel", "reset a
 * ticket for a place"): call the next by the clinic's rules, or a given ticket or patient; repeat the
 * last call; send a called ticket back to the line; mark the attendance started.
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, invalidTransition, notFound, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { callAtPlace, nextSeq, placeMayCall } from './call-at-place.js';
import { nextTicket, priorityStreak } from './calling-rules.js';
import { loadTicketControl } from './ticket-control-record.js';
import { clinicToday, latestCalls, requireTicket, waitingTickets } from './ticket-queries.js';
import { ticketOutput, tickets, type Ticket } from './ticket-record.js';

const GROUP = 'Clinic';
const placePath = { id: idInput, placeId: idInput };
const target = {
  ticket: idInput.optional().describe('uma senha específica'),
  patient: idInput.optional().describe('a senha de hoje deste paciente'),
};
const onlyOneTarget = (v: { ticket?: string | undefined; patient?: string | undefined }) =>
  v.ticket === undefined || v.patient === undefined;
const oneTargetMessage = { message: 'informe a senha ou o paciente, não ambos', path: ['patient'] };

/** Attempts of a call when another place took the same ticket at the same moment. */
const CALL_ATTEMPTS = 5;

function isConflict(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'conflict';
}

/** A patient's ticket of the clinic day in `status`, oldest first, or 404 naming `patient`. */
async function patientTicket(
  ctx: OperationContext,
  clinic: string,
  day: string,
  patient: string,
  accept: (t: Ticket) => boolean,
): Promise<Stored<Ticket>> {
  const mine = await ctx.store.collection(tickets).find({ selector: { patient } });
  const found = mine
    .filter((t) => t.clinic === clinic && t.day === day && accept(t))
    .sort((a, b) => b.panelSeq - a.panelSeq || (a.issuedAt < b.issuedAt ? -1 : 1))[0];
  if (!found) throw notFound('Senha do paciente', 'patient', patient);
  return found;
}

/** `ticket.call`: `POST /clinic/{id}/place/{placeId}/call`. */
export const callTicket = defineOperation({
  name: 'ticket.call',
  group: GROUP,
  summary: 'Chama a próxima senha para o local (ou uma senha ou paciente específico)',
  description:
    'Sem senha nem paciente, segue as regras da clínica: prioridade especial (80+) primeiro, depois as ' +
    'prioritárias, alternando com as normais na proporção configurada; a mais antiga primeiro em cada ' +
    'classe. Responde `ticket: null` quando ninguém aguarda.',
  permission: 'ticket:write',
  input: z.strictObject({ ...placePath, ...target }).refine(onlyOneTarget, oneTargetMessage),
  output: z.object({ message: z.string(), ticket: ticketOutput.nullable() }),
  http: { method: 'POST', path: '/clinic/{id}/place/{placeId}/call' },
  example: { id: EXAMPLE_ID, placeId: EXAMPLE_ID },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id, input.placeId);
    for (let attempt = 1; ; attempt++) {
      let chosen: Stored<Ticket> | undefined;
      if (input.ticket !== undefined) {
        chosen = await requireTicket(ctx, input.ticket, 'ticket', clinic.id);
      } else if (input.patient !== undefined) {
        chosen = await patientTicket(ctx, clinic.id, day, input.patient, (t) => t.status === 'waiting');
      } else {
        const { priorityRatio } = await loadTicketControl(ctx, clinic.id);
        const waiting = (await waitingTickets(ctx, clinic.id, day)).filter((t) => placeMayCall(t, input.placeId));
        const recent = await latestCalls(ctx, clinic.id, day, 'callSeq', priorityRatio);
        chosen = nextTicket(waiting, priorityStreak(recent.map((t) => t.class)), priorityRatio);
        if (!chosen) return { message: 'Nenhuma senha aguardando', ticket: null };
      }
      try {
        const called = await callAtPlace(
          ctx,
          chosen,
          input.placeId,
          input.patient !== undefined ? 'patient' : 'ticket',
        );
        return { message: `Senha ${called.code} chamada`, ticket: called };
      } catch (error) {
        // Another place called this ticket meanwhile: choose again (a given ticket then reads as called).
        if (!isConflict(error) || attempt >= CALL_ATTEMPTS) throw error;
      }
    }
  },
});

/** The ticket a place last called (and still holds), or 404 naming `placeId`. */
async function lastCallOf(ctx: OperationContext, clinic: string, day: string, placeId: string) {
  const recent = await latestCalls(ctx, clinic, day, 'panelSeq', 200);
  const found = recent.find((t) => t.calledPlace === placeId && t.status === 'called');
  if (!found) throw notFound('Chamada do local', 'placeId', placeId);
  return found;
}

/** `ticket.recall`: `POST /clinic/{id}/place/{placeId}/recall`. */
export const recallTicket = defineOperation({
  name: 'ticket.recall',
  group: GROUP,
  summary: 'Rechama uma senha ou paciente no painel',
  description: 'Sem senha nem paciente, repete a última chamada do local. Conta as repetições da senha.',
  permission: 'ticket:write',
  input: z.strictObject({ ...placePath, ...target }).refine(onlyOneTarget, oneTargetMessage),
  output: z.object({ message: z.string(), ticket: ticketOutput }),
  http: { method: 'POST', path: '/clinic/{id}/place/{placeId}/recall' },
  example: { id: EXAMPLE_ID, placeId: EXAMPLE_ID },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id, input.placeId);
    const called = (t: Ticket) => t.status !== 'waiting';
    const ticket =
      input.ticket !== undefined
        ? await requireTicket(ctx, input.ticket, 'ticket', clinic.id)
        : input.patient !== undefined
          ? await patientTicket(ctx, clinic.id, day, input.patient, called)
          : await lastCallOf(ctx, clinic.id, day, input.placeId);
    if (!called(ticket)) throw invalidTransition('Esta senha ainda não foi chamada: use chamar', 'ticket');
    const now = nowIso(ctx);
    const recalled = await ctx.store.collection(tickets).update(ticket.id, ticket._rev, {
      ...ticket,
      lastCalledAt: now,
      calledPlace: input.placeId,
      recalls: ticket.recalls + 1,
      panelSeq: await nextSeq(ctx, clinic.id, ticket.day, 'panelSeq'),
      updatedAt: now,
    });
    return { message: `Senha ${recalled.code} rechamada`, ticket: recalled };
  },
});

/** `ticket.reset`: `POST /clinic/{id}/place/{placeId}/reset`. */
export const resetTicket = defineOperation({
  name: 'ticket.reset',
  group: GROUP,
  summary: 'Devolve à fila a senha chamada pelo local',
  description:
    'Para o paciente que não atendeu à chamada ou foi chamado por engano: a senha volta a aguardar com o ' +
    'mesmo número e o mesmo horário de emissão, sem perder o lugar na fila. Sem `ticket`, a última do local.',
  permission: 'ticket:write',
  input: z.strictObject({ ...placePath, ticket: target.ticket }),
  output: z.object({ message: z.string(), ticket: ticketOutput }),
  http: { method: 'POST', path: '/clinic/{id}/place/{placeId}/reset' },
  example: { id: EXAMPLE_ID, placeId: EXAMPLE_ID },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id, input.placeId);
    const ticket =
      input.ticket !== undefined
        ? await requireTicket(ctx, input.ticket, 'ticket', clinic.id)
        : await lastCallOf(ctx, clinic.id, day, input.placeId);
    if (ticket.status !== 'called') throw invalidTransition('Só uma senha chamada volta à fila', 'ticket');
    const { calledAt: _c, lastCalledAt: _l, calledPlace: _p, calledBy: _b, ...rest } = ticket;
    const reset = await ctx.store.collection(tickets).update(ticket.id, ticket._rev, {
      ...rest,
      status: 'waiting',
      callSeq: 0,
      panelSeq: 0,
      updatedAt: nowIso(ctx),
    });
    return { message: `Senha ${reset.code} de volta à fila`, ticket: reset };
  },
});

/** `ticket.start`: `POST /ticket/{id}/start`. */
export const startTicket = defineOperation({
  name: 'ticket.start',
  group: GROUP,
  summary: 'Registra o início do atendimento de uma senha chamada',
  permission: 'ticket:write',
  input: z.strictObject({ id: idInput }),
  output: ticketOutput,
  http: { method: 'POST', path: '/ticket/{id}/start' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const ticket = await requireTicket(ctx, id);
    if (ticket.status !== 'called') throw invalidTransition('Só uma senha chamada começa a ser atendida');
    const now = nowIso(ctx);
    return ctx.store
      .collection(tickets)
      .update(id, ticket._rev, { ...ticket, status: 'started', startedAt: now, updatedAt: now });
  },
});

/** `ticket.get`: `GET /ticket/{id}`. */
export const getTicket = defineOperation({
  name: 'ticket.get',
  group: GROUP,
  summary: 'Mostra uma senha com seus horários de emissão, chamada e início',
  permission: 'ticket:read',
  input: z.strictObject({ id: idInput }),
  output: ticketOutput,
  http: { method: 'GET', path: '/ticket/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireTicket(ctx, id),
});
