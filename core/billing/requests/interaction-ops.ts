/**
 * An attendance's insurance interactions (spec §4.3 Schedule: "get interactions with the insurance
 * for an attendance", "publish a response for an insurance interaction in an attendance"; §4.4
 * Integration: "create an insurance interaction for a code"). Publishing a response records what the
 * operator answered outside its web service (typed by a person); when the interaction is about a
 * request, the request takes the answer's status and password (TISS-027).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { interactionOutput, insuranceInteractions } from './interaction-record.js';
import { recordInteraction } from './interactions.js';
import { FINAL_STATUSES, GROUP } from './request-ops.js';
import { procedureRequests, REQUEST_STATUSES } from './request-record.js';

async function insuredAppointment(ctx: Parameters<typeof recordInteraction>[0], id: string) {
  const appointment = await requireRecord(ctx.store.collection(appointments), id, 'Agendamento');
  if (!appointment.insurance)
    throw new DomainError('validation', 'Atendimento particular não tem interações com convênio', [
      { path: 'appointment', message: 'agendamento sem convênio' },
    ]);
  return { ...appointment, insurance: appointment.insurance };
}

/** `schedule.insuranceInteraction.list`: `GET /appointment/{id}/insuranceInteraction`. */
export const listInteractions = defineOperation({
  name: 'schedule.insuranceInteraction.list',
  group: GROUP,
  summary: 'Lista as interações com o convênio de um atendimento (pedidos, respostas, senhas enviadas)',
  permission: 'authorization:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({ interactions: z.array(interactionOutput) }).meta({ id: 'InsuranceInteractionList' }),
  http: { method: 'GET', path: '/appointment/{id}/insuranceInteraction' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    await requireRecord(ctx.store.collection(appointments), id, 'Agendamento');
    const interactions = await ctx.store
      .collection(insuranceInteractions)
      .find({ selector: { appointment: id }, sort: [{ at: 'asc' }], limit: 500 });
    return { interactions };
  },
});

/** `schedule.insuranceInteraction.respond`: `POST /appointment/{id}/insuranceInteraction/{interaction}/response`. */
export const publishResponse = defineOperation({
  name: 'schedule.insuranceInteraction.respond',
  group: GROUP,
  summary: 'Publica a resposta da operadora para uma interação do atendimento (digitada por uma pessoa)',
  description:
    'A resposta fica na interação; se a interação é de uma solicitação, ela passa à situação respondida ' +
    '(e guarda a senha quando autorizada).',
  permission: 'authorization:write',
  input: z.strictObject({
    id: idInput,
    interaction: idInput,
    text: z.string().trim().min(1, 'escreva a resposta').max(1000),
    status: z.enum(REQUEST_STATUSES).exclude(['draft', 'sent', 'billed']).optional(),
    password: z.string().trim().min(1).max(20).optional(),
    operatorGuideNumber: z.string().trim().min(1).max(20).optional(),
  }),
  output: z.object({ message: z.string(), interaction: interactionOutput }),
  http: { method: 'POST', path: '/appointment/{id}/insuranceInteraction/{interaction}/response' },
  example: { id: EXAMPLE_ID, interaction: EXAMPLE_ID, text: 'Operadora autorizou por telefone', status: 'authorized' },
  async run(ctx, { id, interaction: interactionId, ...answer }) {
    return ctx.store.transaction(async (store) => {
      const interaction = await requireRecord(store.collection(insuranceInteractions), interactionId, 'Interação');
      if (interaction.appointment !== id)
        throw new DomainError('not_found', 'Interação não é deste atendimento', [
          { path: 'interaction', message: 'interação de outro atendimento' },
        ]);
      if (interaction.response)
        throw invalidTransition('Interação já respondida', 'interaction', 'registre uma nova interação');
      const at = nowIso(ctx);
      const response = { at, by: ctx.actor.id, ...answer };
      const next = await store
        .collection(insuranceInteractions)
        .update(interaction.id, interaction._rev, { ...interaction, response, updatedAt: at });
      const request = interaction.request ? await store.collection(procedureRequests).get(interaction.request) : null;
      if (request && answer.status && !FINAL_STATUSES.includes(request.status)) {
        const authorized = answer.status === 'authorized' || answer.status === 'partiallyAuthorized';
        await store.collection(procedureRequests).update(request.id, request._rev, {
          ...request,
          status: answer.status,
          ...(authorized && answer.password
            ? {
                authorization: {
                  password: answer.password,
                  ...(answer.operatorGuideNumber ? { operatorGuideNumber: answer.operatorGuideNumber } : {}),
                  authorizedOn: at.slice(0, 10),
                  manual: true,
                  at,
                  by: ctx.actor.id,
                  reason: answer.text,
                },
              }
            : {}),
          updatedAt: at,
        });
      }
      return { message: 'Resposta registrada', interaction: next };
    });
  },
});

/** `integration.insuranceInteraction.create`: `POST /integration/insuranceInteraction` (201). */
export const createCodeInteraction = defineOperation({
  name: 'integration.insuranceInteraction.create',
  group: 'Integration',
  summary: 'Cria uma interação com o convênio para um código TUSS no atendimento (vinda de uma integração)',
  description:
    'Um sistema integrado (laboratório, prontuário externo) registra que um código precisa de tratativa com a ' +
    'operadora; a recepção vê a interação no atendimento e publica a resposta.',
  permission: 'authorization:write',
  input: z.strictObject({
    appointment: refInput(() => appointments),
    code: z.string().trim().min(1).max(10),
    table: z.enum(['18', '19', '20', '22', '98', '00']).default('22'),
    text: z.string().trim().min(1).max(1000).describe('o que é preciso tratar com a operadora'),
  }),
  output: z.object({ message: z.string(), interaction: interactionOutput }),
  http: { method: 'POST', path: '/integration/insuranceInteraction', status: 201 },
  example: { appointment: EXAMPLE_ID, code: '40304361', text: 'Hemograma pede autorização prévia' },
  async run(ctx, { appointment, code, table, text }) {
    const found = await insuredAppointment(ctx, appointment);
    const interaction = await recordInteraction(
      ctx,
      ctx.store,
      { appointment, patient: found.patient, insurance: found.insurance },
      { kind: 'code', channel: 'integration', summary: `Código ${code}: ${text}`, ok: true, code, table },
    );
    return { message: 'Interação registrada', interaction };
  },
});

export { insuredAppointment };
