/**
 * The waiting-room panel's list (spec §4.4 Clinic: "list tickets for the panel"): the latest calls
 * and recalls, newest first, with the place's name to show, and how many still wait.
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { clinicToday, latestCalls, waitingTickets } from './ticket-queries.js';

/** `ticket.panel`: `GET /clinic/{id}/panel`. */
export const listPanelTickets = defineOperation({
  name: 'ticket.panel',
  group: 'Clinic',
  summary: 'Lista as senhas do painel: últimas chamadas primeiro',
  description: 'Só códigos e locais: o painel fica à vista da sala de espera e não mostra nomes.',
  permission: 'ticket:read',
  input: z.strictObject({
    id: idInput,
    limit: z.coerce.number({ message: 'limite inválido' }).int().min(1).max(50).default(10),
  }),
  output: z.object({
    day: z.string(),
    waiting: z.number(),
    calls: z.array(
      z.object({
        ticket: z.string(),
        code: z.string(),
        place: z.string(),
        placeName: z.string(),
        calledAt: z.string(),
        recalls: z.number(),
      }),
    ),
  }),
  http: { method: 'GET', path: '/clinic/{id}/panel' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id, limit }) {
    const { clinic, day } = await clinicToday(ctx, id);
    const names = new Map(clinic.places.map((p) => [p.id, p.name]));
    const recent = await latestCalls(ctx, clinic.id, day, 'panelSeq', limit);
    const calls = recent.map((t) => ({
      ticket: t.id,
      code: t.code,
      place: t.calledPlace ?? '',
      placeName: names.get(t.calledPlace ?? '') ?? '',
      calledAt: t.lastCalledAt ?? t.calledAt ?? t.issuedAt,
      recalls: t.recalls,
    }));
    return { day, waiting: (await waitingTickets(ctx, clinic.id, day)).length, calls };
  },
});
