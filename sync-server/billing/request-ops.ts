/**
 * The procedure-request operations that reach the operator (spec §4.3 Schedule: "create a procedure
 * request", "create a hospitalization request", "get procedure request status", "do an action with
 * a previously authorized procedure request"; issue 25). Server-only: the insurer's web services and
 * the provider's password live here (as insurer-ops.ts). Paths are ours (the spec gives methods only,
 * TISS-032).
 */
import { z } from 'zod';
import { createAttendance, assignAuthorization } from '#core/billing/attendance-ops.js';
import { billingAttendances } from '#core/billing/attendance-record.js';
import type { InsurerTransport } from '#core/billing/insurer-transport.js';
import { interactionOutput } from '#core/billing/requests/interaction-record.js';
import { recordInteraction } from '#core/billing/requests/interactions.js';
import { draftRequest, requestFieldsInput, type DraftInput } from '#core/billing/requests/request-draft.js';
import {
  GROUP,
  HOSPITALIZATION_EXAMPLE,
  hospitalizationRequestInput,
  loadRequest,
  requireOpenRequest,
} from '#core/billing/requests/request-ops.js';
import { procedureRequestOutput, procedureRequests, type RequestKind } from '#core/billing/requests/request-record.js';
import { writeCancelGuideRequest } from '#core/billing/tiss/procedure-request.js';
import { writeAuthorizationStatusRequest } from '#core/billing/tiss/ws-requests.js';
import { wsHeadOf } from '#core/billing/ws-head.js';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, invoke, type Operation, type OperationContext } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { tussWarningsField, withTuss22Warnings } from '#core/billing/tuss/tuss-check.js';
import type { InsurerConnections } from './insurer-connections.js';
import { answerSummary, applyAnswer, sendRequest } from './request-send.js';

const sentAnswer = z
  .object({
    message: z.string(),
    contingency: z.boolean().describe('operadora fora do alcance: autorize manualmente'),
    request: procedureRequestOutput,
    interaction: interactionOutput,
    ...tussWarningsField,
  })
  .meta({ id: 'ProcedureRequestSent' });

const AUTHORIZED = ['authorized', 'partiallyAuthorized'];

/** The operations over `connections` and `transport`. */
export function procedureRequestOperations(connections: InsurerConnections, transport: InsurerTransport): Operation[] {
  async function saveAndSend(
    ctx: OperationContext,
    kind: RequestKind,
    { draft, ...input }: { draft?: string | undefined } & Omit<DraftInput, 'kind'>,
  ) {
    const collection = ctx.store.collection(procedureRequests);
    const existing = draft ? await loadRequest(ctx, draft) : undefined;
    if (existing && existing.status !== 'draft')
      throw invalidTransition('A solicitação já foi enviada', 'draft', `situação: ${existing.status}`);
    const fields = await draftRequest(ctx, { ...input, kind }, existing);
    const saved = existing
      ? await collection.update(existing.id, existing._rev, { ...fields, updatedAt: nowIso(ctx) })
      : await collection.insert(fields);
    const outcome = await sendRequest(ctx, connections, transport, saved);
    return {
      message: outcome.contingency
        ? 'Solicitação salva; a operadora não foi alcançada: autorize manualmente (contingência)'
        : 'Solicitação enviada à operadora',
      ...outcome,
      ...(await withTuss22Warnings(fields.procedures, 'procedures')),
    };
  }

  const createProcedureRequest = defineOperation({
    name: 'schedule.procedureRequest.create',
    group: GROUP,
    summary:
      'Cria uma solicitação de procedimentos/exames (SP/SADT) e a envia à operadora (tissSolicitacaoProcedimento)',
    description:
      'A guia de solicitação passa nos esquemas da ANS antes de sair; a resposta da operadora (senha, situação, ' +
      'negativas) fica na solicitação e a tentativa nas interações do atendimento. `draft`: envia um rascunho salvo.',
    permission: 'authorization:write',
    input: z.strictObject({
      appointment: refInput(() => appointments),
      draft: idInput.optional(),
      ...requestFieldsInput,
    }),
    output: sentAnswer,
    http: { method: 'POST', path: '/procedureRequest/', status: 201 },
    example: {
      appointment: EXAMPLE_ID,
      procedures: [{ code: '40304361', quantity: 1 }],
      clinicalIndication: 'Investigação de anemia',
    },
    run: (ctx, input) => saveAndSend(ctx, 'spsadt', input),
  });

  const createHospitalizationRequest = defineOperation({
    name: 'schedule.hospitalizationRequest.create',
    group: GROUP,
    summary: 'Cria uma solicitação de internação e a envia à operadora (tissSolicitacaoProcedimento)',
    permission: 'authorization:write',
    input: z.strictObject({ draft: idInput.optional(), ...hospitalizationRequestInput }),
    output: sentAnswer,
    http: { method: 'POST', path: '/hospitalizationRequest/', status: 201 },
    example: HOSPITALIZATION_EXAMPLE,
    run: (ctx, input) => saveAndSend(ctx, 'hospitalization', input),
  });

  const requestStatus = defineOperation({
    name: 'schedule.procedureRequest.status',
    group: GROUP,
    summary: 'Consulta na operadora a situação de uma solicitação (tissSolicitacaoStatusAutorizacao)',
    description:
      'A situação respondida (e a senha, quando autorizada) fica na solicitação; a consulta fica nas interações do ' +
      'atendimento. Com a operadora fora do alcance, `online` é falso e a solicitação não muda.',
    permission: 'authorization:write',
    input: z.strictObject({ id: idInput }),
    output: z
      .object({ online: z.boolean(), request: procedureRequestOutput, interaction: interactionOutput })
      .meta({ id: 'ProcedureRequestStatus' }),
    http: { method: 'GET', path: '/procedureRequest/{id}/status' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const request = await requireOpenRequest(ctx, id);
      if (request.status === 'draft')
        throw invalidTransition('Rascunho não enviado não tem situação na operadora', 'id', 'envie a solicitação');
      const connection = await connections.connection(ctx.actor.tenantId, request.insurance);
      if (!connection)
        throw invalidTransition('Convênio sem web service TISS', 'id', 'publique a resposta da operadora na interação');
      const head = await wsHeadOf(ctx.store, ctx.clock, request.insurance, connection, request.clinic);
      const message = writeAuthorizationStatusRequest(head, request);
      try {
        const answer = await transport.authorizationStatus(
          connection.endpoint('tissSolicitacaoStatusAutorizacao'),
          message,
          connection.version,
        );
        const next = await ctx.store
          .collection(procedureRequests)
          .update(id, request._rev, applyAnswer(ctx, request, answer));
        const interaction = await recordInteraction(ctx, ctx.store, next, {
          kind: 'authorizationStatus',
          channel: 'webService',
          ok: answer.found,
          status: next.status,
          hash: message.hash,
          summary: answerSummary(`Situação da guia ${request.guideNumber}`, answer),
        });
        return { online: true, request: next, interaction };
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'internal') throw error;
        const interaction = await recordInteraction(ctx, ctx.store, request, {
          kind: 'authorizationStatus',
          channel: 'webService',
          ok: false,
          hash: message.hash,
          summary: `Situação da guia ${request.guideNumber} não consultada: ${error.message}`,
        });
        return { online: false, request, interaction };
      }
    },
  });

  const action = defineOperation({
    name: 'schedule.procedureRequest.action',
    group: GROUP,
    summary: 'Executa uma ação com uma solicitação autorizada: cancelar (tissCancelaGuia) ou faturar no atendimento',
    description:
      '`cancel`: cancela a guia na operadora pelo web service (sem web service, fica cancelada aqui com o aviso de ' +
      'cancelar também no portal). `bill`: leva o atendimento ao faturamento com a senha da autorização ' +
      '(requer o atendimento realizado e `billing:write`).',
    permission: 'authorization:write',
    input: z.strictObject({
      id: idInput,
      action: z.enum(['cancel', 'bill']),
      reason: z.string().trim().min(1).max(500).optional().describe('motivo (obrigatório para cancelar)'),
    }),
    output: z
      .object({
        message: z.string(),
        request: procedureRequestOutput,
        interaction: interactionOutput.optional(),
        billingAttendance: z.string().optional(),
      })
      .meta({ id: 'ProcedureRequestAction' }),
    http: { method: 'POST', path: '/procedureRequest/{id}/action' },
    example: { id: EXAMPLE_ID, action: 'cancel', reason: 'Paciente desistiu do exame' },
    async run(ctx, { id, action: what, reason }) {
      const request = await requireOpenRequest(ctx, id);
      const at = nowIso(ctx);
      if (what === 'bill') {
        if (!AUTHORIZED.includes(request.status))
          throw invalidTransition('Só uma solicitação autorizada é faturada', 'id', `situação: ${request.status}`);
        const [billed] = await ctx.store
          .collection(billingAttendances)
          .find({ selector: { appointment: request.appointment }, limit: 1 });
        const attendanceId =
          billed?.id ?? (await invoke(createAttendance, ctx, { appointment: request.appointment })).attendance.id;
        const code = request.authorization?.password ?? request.authorization?.operatorGuideNumber;
        if (code)
          await invoke(assignAuthorization, ctx, {
            id: attendanceId,
            authorizationCode: code,
            ...(request.authorization?.authorizedOn ? { authorizationDate: request.authorization.authorizedOn } : {}),
          });
        const next = await ctx.store.collection(procedureRequests).update(id, request._rev, {
          ...request,
          status: 'billed',
          billingAttendance: attendanceId,
          updatedAt: at,
        });
        return {
          message: 'Atendimento no faturamento com a senha da autorização',
          request: next,
          billingAttendance: attendanceId,
        };
      }
      if (!reason)
        throw new DomainError('validation', 'Informe o motivo do cancelamento', [
          { path: 'reason', message: 'obrigatório' },
        ]);
      const connection =
        request.status === 'draft' ? undefined : await connections.connection(ctx.actor.tenantId, request.insurance);
      let online = false;
      let hash: string | undefined;
      if (connection) {
        const head = await wsHeadOf(ctx.store, ctx.clock, request.insurance, connection, request.clinic);
        const message = writeCancelGuideRequest(head, {
          guideNumber: request.guideNumber,
          operatorGuideNumber: request.authorization?.operatorGuideNumber,
        });
        hash = message.hash;
        const receipt = await transport.cancelGuide(
          connection.endpoint('tissCancelaGuia'),
          message,
          connection.version,
        );
        if (!receipt.accepted)
          throw new DomainError(
            'validation',
            `A operadora recusou o cancelamento: ${receipt.description ?? 'sem descrição'}`,
            [{ path: 'glosa', message: receipt.glosaCode }],
          );
        online = true;
      }
      const next = await ctx.store.collection(procedureRequests).update(id, request._rev, {
        ...request,
        status: 'cancelled',
        cancellation: { at, by: ctx.actor.id, reason, online },
        updatedAt: at,
      });
      const interaction = await recordInteraction(ctx, ctx.store, next, {
        kind: 'cancellation',
        channel: online ? 'webService' : 'manual',
        ok: true,
        status: 'cancelled',
        ...(hash ? { hash } : {}),
        summary: online
          ? `Guia ${request.guideNumber} cancelada na operadora: ${reason}`
          : `Solicitação ${request.guideNumber} cancelada aqui${request.status === 'draft' ? '' : ' (cancele também no portal da operadora)'}: ${reason}`,
      });
      return { message: 'Solicitação cancelada', request: next, interaction };
    },
  });

  return [createProcedureRequest, createHospitalizationRequest, requestStatus, action];
}
