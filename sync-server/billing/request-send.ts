/**
 * Sending a procedure request to the operator (tissSolicitacaoProcedimento) and applying its answer:
 * the request becomes the TISS `solicitacaoProcedimentoWS`, is checked against the ANS schemas of the
 * insurer's version, posted through the insurer port, and the operator's situation
 * (autorizacaoProcedimentoWS) is written on the request; every attempt is an insurance interaction.
 * When the insurer has no web service, or it cannot be reached, the request stays a draft and the
 * answer says `contingency`: the reception authorizes it by hand (TISS-028).
 */
import { clinics } from '#core/clinic/clinic-record.js';
import type { AuthorizationStatus, InsurerTransport } from '#core/billing/insurer-transport.js';
import type { InsuranceInteraction } from '#core/billing/requests/interaction-record.js';
import { recordInteraction, type InteractionFields } from '#core/billing/requests/interactions.js';
import { procedureRequests, statusOfTiss, type ProcedureRequest } from '#core/billing/requests/request-record.js';
import { writeProcedureRequest } from '#core/billing/tiss/procedure-request.js';
import { validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import { wsHeadOf, type InsurerConnection } from '#core/billing/ws-head.js';
import { nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import type { InsurerConnections } from './insurer-connections.js';

/** What sending or asking gave. */
export interface RequestOutcome {
  request: Stored<ProcedureRequest>;
  interaction: InsuranceInteraction;
  /** True when the operator could not be reached: authorize by hand. */
  contingency: boolean;
}

/** The request with the operator's `answer` applied (status, password, refusals). */
export function applyAnswer(ctx: OperationContext, request: ProcedureRequest, answer: AuthorizationStatus) {
  const at = nowIso(ctx);
  if (!answer.found)
    return {
      ...request,
      status: 'denied' as const,
      refusals: [{ glosaCode: answer.glosaCode, ...(answer.description ? { description: answer.description } : {}) }],
      updatedAt: at,
    };
  const status = statusOfTiss(answer.status);
  const given = {
    ...(answer.password ? { password: answer.password } : {}),
    ...(answer.operatorGuideNumber ? { operatorGuideNumber: answer.operatorGuideNumber } : {}),
    ...(answer.authorizedOn ? { authorizedOn: answer.authorizedOn } : {}),
    ...(answer.passwordValidUntil ? { passwordValidUntil: answer.passwordValidUntil } : {}),
  };
  return {
    ...request,
    status,
    insurerStatus: answer.status,
    ...(Object.keys(given).length ? { authorization: { ...given, manual: false, at, by: ctx.actor.id } } : {}),
    refusals: answer.refusals,
    updatedAt: at,
  };
}

/** pt-BR summary of an operator's answer. */
export function answerSummary(what: string, answer: AuthorizationStatus): string {
  if (!answer.found)
    return `${what}: operadora recusou (glosa ${answer.glosaCode}${answer.description ? ` — ${answer.description}` : ''})`;
  const words: Record<string, string> = {
    authorized: 'autorizada',
    partiallyAuthorized: 'autorizada parcialmente',
    inAnalysis: 'em análise',
    awaitingDocuments: 'aguardando documentação',
    denied: 'negada',
    cancelled: 'cancelada',
  };
  const status = words[statusOfTiss(answer.status)] ?? 'recebida';
  return `${what}: ${status}${answer.password ? ` (senha ${answer.password})` : ''}`;
}

/** Records a failed or manual attempt and answers `contingency`. */
async function contingency(ctx: OperationContext, request: Stored<ProcedureRequest>, fields: InteractionFields) {
  const interaction = await recordInteraction(ctx, ctx.store, request, fields);
  return { request, interaction, contingency: true };
}

/**
 * Sends `request` (a stored draft) to its insurer.
 * @throws DomainError `validation` when the message fails the ANS schemas (nothing sent).
 */
export async function sendRequest(
  ctx: OperationContext,
  connections: InsurerConnections,
  transport: InsurerTransport,
  request: Stored<ProcedureRequest>,
): Promise<RequestOutcome> {
  const what = request.kind === 'hospitalization' ? 'Solicitação de internação' : 'Solicitação de SP/SADT';
  const connection = await connections.connection(ctx.actor.tenantId, request.insurance);
  if (!connection)
    return contingency(ctx, request, {
      kind: 'procedureRequest',
      channel: 'manual',
      ok: false,
      summary: `${what} não enviada: convênio sem web service TISS; solicite no portal da operadora e registre a autorização (contingência)`,
    });
  const message = await requestMessage(ctx, connection, request);
  let answer: AuthorizationStatus;
  try {
    answer = await transport.requestProcedure(
      connection.endpoint('tissSolicitacaoProcedimento'),
      message,
      connection.version,
    );
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'internal') throw error;
    return contingency(ctx, request, {
      kind: 'procedureRequest',
      channel: 'webService',
      ok: false,
      hash: message.hash,
      summary: `${what} não enviada: ${error.message} (contingência)`,
    });
  }
  const next = await ctx.store
    .collection(procedureRequests)
    .update(request.id, request._rev, applyAnswer(ctx, { ...request, status: 'sent' }, answer));
  const interaction = await recordInteraction(ctx, ctx.store, next, {
    kind: 'procedureRequest',
    channel: 'webService',
    ok: answer.found,
    status: next.status,
    hash: message.hash,
    summary: answerSummary(`${what} ${request.guideNumber}`, answer),
  });
  return { request: next, interaction, contingency: false };
}

/** The `solicitacaoProcedimentoWS` of `request`, checked. @throws DomainError `validation`. */
async function requestMessage(ctx: OperationContext, connection: InsurerConnection, request: ProcedureRequest) {
  const head = await wsHeadOf(ctx.store, ctx.clock, request.insurance, connection, request.clinic);
  const clinic = await ctx.store.collection(clinics).get(request.clinic);
  const message = writeProcedureRequest(head, {
    ...request,
    professional: request.professionalData,
    providerName: clinic?.name ?? '',
    cnes: clinic?.cnes ?? '9999999',
  });
  const [problems] = await validateTissMessages([message.bytes], connection.version, 'webServices');
  if (problems!.length)
    throw new DomainError(
      'validation',
      'A solicitação não passa nos esquemas TISS da ANS',
      problems!.map((p) => ({ path: p.path, message: p.message })),
    );
  return message;
}
