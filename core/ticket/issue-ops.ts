/**
 * Issuing tickets (spec §4.4 Totem: "generate a new attendance ticket"; Clinic: "generate a ticket
 * for a place"). Numbers come from `ctx.numbers`, per service per clinic per day, so two installations
 * issuing offline never print one number twice (docs/decisions/numbering.md).
 */
import { z } from 'zod';
import { EXAMPLE_ID, compact, idInput, newRecordBase, notFound, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { loadTicketControl, type TicketService } from './ticket-control-record.js';
import { ticketSeries } from './ticket-day.js';
import { clinicToday } from './ticket-queries.js';
import {
  priorityReasonInput,
  ticketCode,
  ticketOutput,
  tickets,
  type PriorityReason,
  type Ticket,
  type TicketClass,
} from './ticket-record.js';

const serviceInput = z
  .string()
  .regex(/^[A-Z]{1,3}$/, 'o prefixo do serviço: 1 a 3 letras maiúsculas')
  .describe('prefixo do serviço (N, P…)');

const issueFields = {
  priorityReason: priorityReasonInput.optional(),
  patient: idInput.optional().describe('o paciente, quando já identificado'),
};

const output = z.object({ message: z.string(), ticket: ticketOutput });

function classOf(service: TicketService | undefined, reason: PriorityReason | undefined): TicketClass {
  if (reason === 'elderly80') return 'super';
  return reason || service?.class === 'priority' ? 'priority' : 'normal';
}

/** @throws DomainError `validation` naming `service` unless `prefix` is an active service line. */
export function activeService(services: readonly TicketService[], prefix: string): TicketService {
  const service = services.find((s) => s.active && s.prefix === prefix);
  if (!service) {
    throw new DomainError('validation', 'Requisição inválida', [
      { path: 'service', message: `serviço desconhecido ou inativo: ${prefix}` },
    ]);
  }
  return service;
}

/** What a new ticket is for. */
export interface IssueRequest {
  clinic: string;
  day: string;
  prefix: string;
  service: TicketService | undefined;
  place?: string | undefined;
  priorityReason?: PriorityReason | undefined;
  patient?: string | undefined;
  appointment?: string | undefined;
}

/**
 * A new waiting ticket numbered from the clinic day's series of its prefix, not yet stored: the number
 * is drawn before any transaction it is stored in (a leased block is read outside it), and a number
 * whose ticket then fails to store is skipped, never reused.
 * @throws DomainError `not_found` naming `patient` when the patient does not exist.
 */
export async function prepareTicket(ctx: OperationContext, request: IssueRequest): Promise<Ticket> {
  if (request.patient !== undefined && !(await ctx.store.collection(patients).get(request.patient))) {
    throw notFound('Paciente', 'patient', request.patient);
  }
  const number = await ctx.numbers.next(ticketSeries(request.clinic, request.prefix, request.day));
  return compact({
    ...newRecordBase(ctx),
    clinic: request.clinic,
    day: request.day,
    service: request.prefix,
    number,
    code: ticketCode(request.prefix, number),
    class: classOf(request.service, request.priorityReason),
    priorityReason: request.priorityReason,
    place: request.place,
    patient: request.patient,
    appointment: request.appointment,
    status: 'waiting' as const,
    issuedAt: nowIso(ctx),
    recalls: 0,
    callSeq: 0,
    panelSeq: 0,
  });
}

async function issue(ctx: OperationContext, request: IssueRequest): Promise<Ticket> {
  return ctx.store.collection(tickets).insert(await prepareTicket(ctx, request));
}

/** `ticket.create`: `POST /ticket/` (201), the totem's button. */
export const createTicket = defineOperation({
  name: 'ticket.create',
  group: 'Totem',
  summary: 'Gera uma nova senha de atendimento',
  description:
    'Numeração por serviço, por clínica e por dia (no fuso da clínica): N001, P001… Um motivo de prioridade ' +
    'legal torna a senha prioritária; 80+ é prioridade especial (Lei 13.466/2017).',
  // The patient's arrival, as the totem's check-in: issuing is `attendance:write`, running the queue
  // (calls, settings) is `ticket:write`, so the kiosk's key issues but never calls.
  permission: 'attendance:write',
  input: z.strictObject({ clinic: idInput, service: serviceInput.default('N'), ...issueFields }),
  output,
  http: { method: 'POST', path: '/ticket/', status: 201 },
  example: { clinic: EXAMPLE_ID, service: 'P', priorityReason: 'elderly' },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.clinic).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'not_found'
        ? notFound('Clínica', 'clinic', input.clinic)
        : error;
    });
    const { services } = await loadTicketControl(ctx, clinic.id);
    const service = activeService(services, input.service);
    const ticket = await issue(ctx, { ...input, clinic: clinic.id, day, prefix: service.prefix, service });
    return { message: `Senha ${ticket.code} gerada`, ticket };
  },
});

/** `ticket.createForPlace`: `POST /clinic/{id}/place/{placeId}/ticket/` (201). */
export const createTicketForPlace = defineOperation({
  name: 'ticket.createForPlace',
  group: 'Clinic',
  summary: 'Gera uma senha para um local de atendimento',
  description:
    'A senha entra na fila do local: só ele a chama. Usa o prefixo de senhas do local, quando ele tem um; ' +
    'senão o do serviço.',
  permission: 'ticket:write',
  input: z.strictObject({ id: idInput, placeId: idInput, service: serviceInput.optional(), ...issueFields }),
  output,
  http: { method: 'POST', path: '/clinic/{id}/place/{placeId}/ticket/', status: 201 },
  example: { id: EXAMPLE_ID, placeId: EXAMPLE_ID },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id, input.placeId);
    const place = clinic.places.find((p) => p.id === input.placeId);
    const { services } = await loadTicketControl(ctx, clinic.id);
    const service =
      input.service !== undefined
        ? activeService(services, input.service)
        : (services.find((s) => s.active && s.class === 'normal') ?? services.find((s) => s.active));
    const prefix = place?.ticketPrefix ?? service?.prefix ?? 'N';
    const ticket = await issue(ctx, { ...input, clinic: clinic.id, day, prefix, service, place: input.placeId });
    return { message: `Senha ${ticket.code} gerada`, ticket };
  },
});
