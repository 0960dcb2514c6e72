/**
 * Ticket control (spec §4.4 Clinic: "get ticket control information"): the clinic's service lines and
 * calling ratio, with today's line and each place's current call; and saving those settings.
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, newRecordBase, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { loadTicketControl, priorityRatioInput, ticketControls, ticketServiceInput } from './ticket-control-record.js';
import { clinicToday, latestCalls, waitingTickets } from './ticket-queries.js';
import { ticketOutput } from './ticket-record.js';

const serviceOutput = z.object({
  prefix: z.string(),
  name: z.string(),
  class: z.enum(['normal', 'priority']),
  active: z.boolean(),
});

const settingsOutput = {
  clinic: z.string(),
  services: z.array(serviceOutput),
  priorityRatio: z.number(),
};

/** `ticket.control.get`: `GET /clinic/{id}/ticketControl`. */
export const getTicketControl = defineOperation({
  name: 'ticket.control.get',
  group: 'Clinic',
  summary: 'Informações de controle das senhas: serviços, proporção e fila de hoje',
  permission: 'ticket:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({
    ...settingsOutput,
    day: z.string(),
    waiting: z.array(z.object({ service: z.string(), count: z.number(), oldestIssuedAt: z.string() })),
    places: z.array(z.object({ place: z.string(), name: z.string(), current: ticketOutput.nullable() })),
  }),
  http: { method: 'GET', path: '/clinic/{id}/ticketControl' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const { clinic, day } = await clinicToday(ctx, id);
    const { services, priorityRatio } = await loadTicketControl(ctx, clinic.id);
    const waiting = new Map<string, { service: string; count: number; oldestIssuedAt: string }>();
    for (const t of await waitingTickets(ctx, clinic.id, day)) {
      const line = waiting.get(t.service) ?? { service: t.service, count: 0, oldestIssuedAt: t.issuedAt };
      line.count++;
      waiting.set(t.service, line);
    }
    const calls = await latestCalls(ctx, clinic.id, day, 'panelSeq', 200);
    const places = clinic.places
      .filter((p) => p.active)
      .map((p) => ({
        place: p.id,
        name: p.name,
        current: calls.find((t) => t.calledPlace === p.id && t.status !== 'waiting') ?? null,
      }));
    return { clinic: clinic.id, services, priorityRatio, day, waiting: [...waiting.values()], places };
  },
});

/** `ticket.control.save`: `PUT /clinic/{id}/ticketControl`. */
export const saveTicketControl = defineOperation({
  name: 'ticket.control.save',
  group: 'Clinic',
  summary: 'Salva os serviços de senha e a proporção de chamadas prioritárias',
  description:
    'Substitui a lista de serviços. Um serviço sai de uso com `active: false`; o prefixo de um serviço ' +
    'não muda, pois nomeia as senhas já emitidas.',
  permission: 'clinic:write',
  input: z.strictObject({
    id: idInput,
    services: z.array(ticketServiceInput).min(1).max(30),
    priorityRatio: priorityRatioInput,
  }),
  output: z.object(settingsOutput),
  http: { method: 'PUT', path: '/clinic/{id}/ticketControl' },
  example: {
    id: EXAMPLE_ID,
    services: [
      { prefix: 'N', name: 'Normal', class: 'normal' },
      { prefix: 'P', name: 'Prioritário', class: 'priority' },
      { prefix: 'E', name: 'Exames', class: 'normal' },
    ],
    priorityRatio: 2,
  },
  async run(ctx, { id, services, priorityRatio }) {
    const { clinic } = await clinicToday(ctx, id);
    const repeated = services.findIndex((s, i) => services.findIndex((o) => o.prefix === s.prefix) !== i);
    if (repeated >= 0) {
      throw new DomainError('validation', 'Requisição inválida', [
        { path: `services.${repeated}.prefix`, message: 'prefixo repetido' },
      ]);
    }
    if (!services.some((s) => s.active)) {
      throw new DomainError('validation', 'Requisição inválida', [
        { path: 'services', message: 'mantenha ao menos um serviço ativo' },
      ]);
    }
    const { record } = await loadTicketControl(ctx, clinic.id);
    const collection = ctx.store.collection(ticketControls);
    const saved = record
      ? await collection.update(record.id, record._rev, { ...record, services, priorityRatio, updatedAt: nowIso(ctx) })
      : await collection.insert({ ...newRecordBase(ctx), clinic: clinic.id, services, priorityRatio });
    return { clinic: saved.clinic, services: saved.services, priorityRatio: saved.priorityRatio };
  },
});
