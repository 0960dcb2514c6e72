/**
 * The procedure-request operations that need no insurer (spec §4.3 Schedule): save a
 * hospitalization request as a draft, show a request, and authorize one by hand in contingency (the
 * operator's web service is down or the operator has none: a person asks on its portal or by phone
 * and types the password; recorded as manual, with the reason, TISS-028). The ones that reach the
 * operator are the server's (sync-server/billing/request-ops.ts).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso, requireRecord } from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { appointments } from '#core/schedule/appointment-record.js';
import type { Stored } from '#core/store/record.js';
import { interactionOutput } from './interaction-record.js';
import { recordInteraction } from './interactions.js';
import { tussWarningsField, withTuss22Warnings } from '#core/billing/tuss/tuss-check.js';
import { draftRequest, requestFieldsInput } from './request-draft.js';
import {
  hospitalizationOutput,
  procedureRequestOutput,
  procedureRequests,
  type ProcedureRequest,
  type RequestStatus,
} from './request-record.js';

/** The spec group of these operations. */
export const GROUP = 'Schedule';

/** Statuses after which a request no longer changes. */
export const FINAL_STATUSES: readonly RequestStatus[] = ['cancelled', 'billed'];

/** The request `id`. @throws DomainError `not_found`. */
export function loadRequest(ctx: OperationContext, id: string): Promise<Stored<ProcedureRequest>> {
  return requireRecord(ctx.store.collection(procedureRequests), id, 'Solicitação de procedimento');
}

/** The request `id`, refused once cancelled or billed. */
export async function requireOpenRequest(ctx: OperationContext, id: string): Promise<Stored<ProcedureRequest>> {
  const request = await loadRequest(ctx, id);
  if (FINAL_STATUSES.includes(request.status))
    throw invalidTransition('Solicitação encerrada (cancelada ou faturada)', 'id', `situação: ${request.status}`);
  return request;
}

/** The input of a hospitalization request (create and save). */
export const hospitalizationRequestInput = {
  appointment: refInput(() => appointments),
  ...requestFieldsInput,
  clinicalIndication: z.string().trim().min(1).max(500).describe('indicação clínica (obrigatória na internação)'),
  hospitalization: hospitalizationOutput,
};

/** Example of a hospitalization request. */
export const HOSPITALIZATION_EXAMPLE = {
  appointment: EXAMPLE_ID,
  procedures: [{ code: '31009069', description: 'Colecistectomia com colangiografia', quantity: 1 }],
  clinicalIndication: 'Colelitíase sintomática',
  hospitalization: {
    hospitalCode: 'HOSP01',
    hospitalName: 'Hospital Santa Luzia',
    suggestedDate: '2026-12-03',
    type: '2' as const,
    regime: '1' as const,
    days: 2,
    opme: false,
    chemotherapy: false,
    cids: ['K80.1'],
  },
};

/** `schedule.hospitalizationRequest.save`: `POST /hospitalizationRequest/draft`. */
export const saveHospitalizationRequest = defineOperation({
  name: 'schedule.hospitalizationRequest.save',
  group: GROUP,
  summary: 'Salva uma solicitação de internação como rascunho (sem enviar à operadora)',
  description:
    'Sem `id` cria o rascunho; com `id` regrava um rascunho existente. Para enviar, use POST /hospitalizationRequest/ ' +
    'com `draft` igual ao id do rascunho.',
  permission: 'authorization:write',
  input: z.strictObject({ id: idInput.optional(), ...hospitalizationRequestInput }),
  output: z.object({ message: z.string(), request: procedureRequestOutput, ...tussWarningsField }),
  http: { method: 'POST', path: '/hospitalizationRequest/draft' },
  example: HOSPITALIZATION_EXAMPLE,
  async run(ctx, { id, ...input }) {
    const collection = ctx.store.collection(procedureRequests);
    const existing = id ? await loadRequest(ctx, id) : undefined;
    if (existing && existing.status !== 'draft')
      throw invalidTransition('Só um rascunho é regravado', 'id', `situação: ${existing.status}`);
    const draft = await draftRequest(ctx, { ...input, kind: 'hospitalization' }, existing);
    const request = existing
      ? await collection.update(existing.id, existing._rev, { ...draft, updatedAt: nowIso(ctx) })
      : await collection.insert(draft);
    return {
      message: 'Rascunho da solicitação de internação salvo',
      request,
      ...(await withTuss22Warnings(request.procedures, 'procedures')),
    };
  },
});

/** `schedule.procedureRequest.authorizeManually`: `POST /procedureRequest/{id}/manualAuthorization`. */
export const authorizeManually = defineOperation({
  name: 'schedule.procedureRequest.authorizeManually',
  group: GROUP,
  summary: 'Autoriza manualmente um procedimento em contingência (senha informada pela operadora fora do web service)',
  description:
    'Quando o web service da operadora está fora do ar (ou ela não tem), a recepção pede a autorização pelo portal ou ' +
    'telefone e digita aqui a senha e o número da guia na operadora. Fica registrado como autorização manual, com o motivo.',
  permission: 'authorization:write',
  input: z.strictObject({
    id: idInput,
    password: z.string().trim().min(1).max(20).describe('senha de autorização'),
    operatorGuideNumber: z.string().trim().min(1).max(20).optional(),
    authorizedOn: z.iso.date().optional(),
    passwordValidUntil: z.iso.date().optional(),
    reason: z.string().trim().min(1, 'informe o motivo da contingência').max(500),
  }),
  output: z.object({ message: z.string(), request: procedureRequestOutput, interaction: interactionOutput }),
  http: { method: 'POST', path: '/procedureRequest/{id}/manualAuthorization' },
  example: {
    id: EXAMPLE_ID,
    password: 'A123456',
    reason: 'Web service da operadora fora do ar; senha dada por telefone',
  },
  async run(ctx, { id, reason, ...given }) {
    return ctx.store.transaction(async (store) => {
      const request = await requireOpenRequest({ ...ctx, store }, id);
      const at = nowIso(ctx);
      const next = await store.collection(procedureRequests).update(id, request._rev, {
        ...request,
        status: 'authorized',
        authorization: {
          ...given,
          authorizedOn: given.authorizedOn ?? at.slice(0, 10),
          manual: true,
          at,
          by: ctx.actor.id,
          reason,
        },
        updatedAt: at,
      });
      const interaction = await recordInteraction(ctx, store, next, {
        kind: 'manualAuthorization',
        channel: 'manual',
        summary: `Autorização manual em contingência (senha ${given.password}): ${reason}`,
        ok: true,
        status: 'authorized',
      });
      return { message: 'Procedimento autorizado manualmente (contingência)', request: next, interaction };
    });
  },
});

/** `schedule.procedureRequest.get`: `GET /procedureRequest/{id}`. */
export const getProcedureRequest = defineOperation({
  name: 'schedule.procedureRequest.get',
  group: GROUP,
  summary: 'Mostra uma solicitação de procedimento ou de internação',
  permission: 'authorization:read',
  input: z.strictObject({ id: idInput }),
  output: procedureRequestOutput,
  http: { method: 'GET', path: '/procedureRequest/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => loadRequest(ctx, id),
});
