/**
 * The operations that reach an insurer's TISS web services (spec §4.4 Insurance: "TISS integration
 * request and status", "get extra TISS parameters", "TISS eligibility", "get TISS authorization
 * procedure status"; Billing: "check the status of a refusal appeal", "request the protocol status
 * checking job to run as soon as possible"). Server-only and online-only: the insurer is reached from
 * here, never from a desk, and the provider's password never leaves the server. Paths are ours
 * (the spec names these operations only, TISS-023).
 */
import { z } from 'zod';
import { billingAttendances } from '#core/billing/attendance-record.js';
import type { InsurerTransport } from '#core/billing/insurer-transport.js';
import {
  writeAppealStatusRequest,
  writeAuthorizationStatusRequest,
  writeEligibilityRequest,
} from '#core/billing/tiss/ws-requests.js';
import { wsHeadOf, type InsurerConnection } from '#core/billing/ws-head.js';
import { EXAMPLE_ID, idInput, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation, invoke, type Operation, type OperationContext } from '#core/operation.js';
import { tissBatchOf } from '#core/billing/batch-document.js';
import { batchAnswer, requireOpenBatch } from '#core/billing/batch-ops.js';
import { sendBatch } from '#core/billing/tiss-ops.js';
import { validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import { writeBatchWsMessage } from '#core/billing/tiss/ws-message.js';
import { refInput } from '#core/references.js';
import { clinics } from '#core/clinic/clinic-record.js';
import type { InsurerConnections } from './insurer-connections.js';
import type { ProtocolStatusJob } from './protocol-status-job.js';

/** The ANS WSDL services a connection may name. */
export const TISS_SERVICES = [
  'tissLoteGuias',
  'tissSolicitacaoStatusProtocolo',
  'tissVerificaElegibilidade',
  'tissSolicitacaoProcedimento',
  'tissSolicitacaoStatusAutorizacao',
  'tissRecursoGlosa',
  'tissSolicitacaoStatusRecursoGlosa',
  'tissCancelaGuia',
] as const;

const connectionInfo = z
  .object({
    configured: z.boolean(),
    insurance: z.string(),
    baseUrl: z.string().optional(),
    endpoints: z.record(z.string(), z.string()).optional(),
    version: z.string().optional(),
    login: z.string().optional(),
    passwordSet: z.boolean().describe('a senha nunca volta; só se está gravada'),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'TissConnection' });

const reasonOutput = z.object({ glosaCode: z.string(), description: z.string().optional() });

const versionInput = z.string().regex(/^\d\.\d{2}\.\d{2}$/, 'versão TISS no formato 4.01.00');

/** The insurer web-service operations over `connections`, `transport` and `job`. */
export function insurerOperations(
  connections: InsurerConnections,
  transport: InsurerTransport,
  job: ProtocolStatusJob,
): Operation[] {
  async function requireConnection(ctx: OperationContext, insurance: string): Promise<InsurerConnection> {
    await requireRecord(ctx.store.collection(insurances), insurance, 'Convênio', 'insurance');
    const connection = await connections.connection(ctx.actor.tenantId, insurance);
    if (!connection)
      throw new DomainError('invalid_transition', 'Convênio sem conexão TISS configurada', [
        { path: 'insurance', message: 'configure em PUT /insurance/{id}/tiss/integration' },
      ]);
    return connection;
  }

  const configure = defineOperation({
    name: 'insurance.tiss.integration.configure',
    group: 'Insurance',
    summary: 'Configura a integração TISS do convênio: endereço dos web services, versão e login do prestador',
    description:
      'A senha fica cifrada no servidor, nunca volta nas respostas nem vai às estações; omitida, a gravada é mantida; ' +
      '`null` a apaga. Cada serviço responde em `{baseUrl}/{serviço}` (tissLoteGuias…) salvo quando `endpoints` o nomeia.',
    permission: 'billing:write',
    input: z.strictObject({
      insurance: refInput(() => insurances),
      baseUrl: z.url({ protocol: /^https?$/ }),
      endpoints: z.partialRecord(z.enum(TISS_SERVICES), z.url({ protocol: /^https?$/ })).optional(),
      version: versionInput.default('4.01.00'),
      login: z.string().trim().min(1).max(20, 'loginPrestador tem até 20 caracteres').optional(),
      password: z.string().min(1).max(32, 'senhaPrestador tem até 32 caracteres').nullable().optional(),
    }),
    output: connectionInfo,
    http: { method: 'PUT', path: '/insurance/{insurance}/tiss/integration' },
    example: {
      insurance: EXAMPLE_ID,
      baseUrl: 'https://tiss.operadora.example/ws',
      version: '4.01.00',
      login: 'clinica.sj',
      password: 'senha-do-portal',
    },
    async run(ctx, { insurance, ...input }) {
      await requireRecord(ctx.store.collection(insurances), insurance, 'Convênio', 'insurance');
      const saved = await connections.configure(ctx.actor.tenantId, insurance, input);
      return { configured: true, ...saved };
    },
  });

  const status = defineOperation({
    name: 'insurance.tiss.integration.status',
    group: 'Insurance',
    summary: 'Mostra a integração TISS do convênio (sem a senha)',
    permission: 'billing:read',
    input: z.strictObject({ insurance: idInput }),
    output: connectionInfo,
    http: { method: 'GET', path: '/insurance/{insurance}/tiss/integration' },
    example: { insurance: EXAMPLE_ID },
    async run(ctx, { insurance }) {
      await requireRecord(ctx.store.collection(insurances), insurance, 'Convênio', 'insurance');
      const found = await connections.info(ctx.actor.tenantId, insurance);
      return found ? { configured: true, ...found } : { configured: false, insurance, passwordSet: false };
    },
  });

  const parameters = defineOperation({
    name: 'insurance.tiss.parameters',
    group: 'Insurance',
    summary: 'Parâmetros TISS do convênio: registro ANS, código do prestador, versão e endereço de cada serviço',
    permission: 'billing:read',
    input: z.strictObject({ insurance: idInput }),
    output: z
      .object({
        insurance: z.string(),
        ansRegistry: z.string().optional(),
        providerCode: z.string().optional(),
        version: z.string(),
        online: z.boolean().describe('há conexão com os web services da operadora'),
        services: z.array(z.object({ service: z.enum(TISS_SERVICES), url: z.string() })),
      })
      .meta({ id: 'TissParameters' }),
    http: { method: 'GET', path: '/insurance/{insurance}/tiss/parameters' },
    example: { insurance: EXAMPLE_ID },
    async run(ctx, { insurance }) {
      const record = await requireRecord(ctx.store.collection(insurances), insurance, 'Convênio', 'insurance');
      const connection = await connections.connection(ctx.actor.tenantId, insurance);
      return {
        insurance,
        ...(record.ansRegistry ? { ansRegistry: record.ansRegistry } : {}),
        ...(record.providerCode ? { providerCode: record.providerCode } : {}),
        version: connection?.version ?? record.tissVersion ?? '4.01.00',
        online: connection !== undefined,
        services: connection ? TISS_SERVICES.map((service) => ({ service, url: connection.endpoint(service) })) : [],
      };
    },
  });

  const eligibility = defineOperation({
    name: 'insurance.tiss.eligibility',
    group: 'Insurance',
    summary: 'Verifica na operadora a elegibilidade do beneficiário (tissVerificaElegibilidade)',
    permission: 'billing:read',
    input: z.strictObject({
      insurance: refInput(() => insurances),
      cardNumber: z.string().trim().min(1).max(20, 'carteira tem até 20 caracteres'),
      cardValidity: z.iso.date().optional(),
      validationCode: z
        .string()
        .trim()
        .min(1)
        .max(10)
        .optional()
        .describe('token do beneficiário, se a operadora pede'),
      clinic: refInput(() => clinics).optional(),
    }),
    output: z
      .object({
        answered: z.boolean(),
        eligible: z.boolean().optional(),
        cardNumber: z.string().optional(),
        beneficiaryName: z.string().optional(),
        cardValidity: z.string().optional(),
        refusals: z.array(reasonOutput).optional(),
        glosaCode: z.string().optional(),
        description: z.string().optional(),
      })
      .meta({ id: 'TissEligibility' }),
    http: { method: 'POST', path: '/insurance/tiss/eligibility' },
    example: { insurance: EXAMPLE_ID, cardNumber: '0012345678901' },
    async run(ctx, { insurance, clinic, ...question }) {
      const connection = await requireConnection(ctx, insurance);
      const head = await wsHeadOf(ctx.store, ctx.clock, insurance, connection, clinic);
      return transport.eligibility(
        connection.endpoint('tissVerificaElegibilidade'),
        writeEligibilityRequest(head, question),
        connection.version,
      );
    },
  });

  const authorizationStatus = defineOperation({
    name: 'insurance.tiss.authorizationStatus',
    group: 'Insurance',
    summary:
      'Consulta na operadora a situação da autorização da guia do atendimento (tissSolicitacaoStatusAutorizacao)',
    permission: 'billing:read',
    input: z.strictObject({ id: idInput }),
    output: z
      .object({
        found: z.boolean(),
        status: z.string().optional().describe('dm_statusSolicitacao: 1 autorizado, 2 em análise, 3 negado…'),
        guideNumber: z.string().optional(),
        operatorGuideNumber: z.string().optional(),
        password: z.string().optional().describe('senha de autorização para a guia'),
        authorizedOn: z.string().optional(),
        passwordValidUntil: z.string().optional(),
        refusals: z.array(reasonOutput).optional(),
        glosaCode: z.string().optional(),
        description: z.string().optional(),
      })
      .meta({ id: 'TissAuthorizationStatus' }),
    http: { method: 'GET', path: '/billing/attendance/{id}/authorizationStatus' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const attendance = await requireRecord(ctx.store.collection(billingAttendances), id, 'Atendimento faturável');
      const connection = await requireConnection(ctx, attendance.insurance);
      const head = await wsHeadOf(ctx.store, ctx.clock, attendance.insurance, connection, attendance.clinic);
      const request = writeAuthorizationStatusRequest(head, {
        guideNumber: attendance.guideNumber,
        cardNumber: attendance.cardNumber,
        newborn: attendance.newborn,
      });
      return transport.authorizationStatus(
        connection.endpoint('tissSolicitacaoStatusAutorizacao'),
        request,
        connection.version,
      );
    },
  });

  const appealStatus = defineOperation({
    name: 'billing.appeal.status',
    group: 'Billing',
    summary: 'Consulta na operadora a situação de um recurso de glosa (tissSolicitacaoStatusRecursoGlosa)',
    permission: 'billing:read',
    input: z.strictObject({
      insurance: refInput(() => insurances),
      protocol: z.string().trim().min(1).max(12, 'protocolo TISS tem até 12 caracteres'),
    }),
    output: z
      .object({
        found: z.boolean(),
        protocol: z.string().optional(),
        status: z.string().optional().describe('dm_statusProtocolo'),
        appealed: z.number().optional().describe('reais'),
        granted: z.number().optional().describe('reais acatados'),
        glosaCode: z.string().optional(),
        description: z.string().optional(),
      })
      .meta({ id: 'TissAppealStatus' }),
    http: { method: 'GET', path: '/billing/appeal/status' },
    example: { insurance: EXAMPLE_ID, protocol: 'RG2026000001' },
    async run(ctx, { insurance, protocol }) {
      const connection = await requireConnection(ctx, insurance);
      const head = await wsHeadOf(ctx.store, ctx.clock, insurance, connection);
      return transport.appealStatus(
        connection.endpoint('tissSolicitacaoStatusRecursoGlosa'),
        writeAppealStatusRequest(head, protocol),
        connection.version,
      );
    },
  });

  const runProtocolJob = defineOperation({
    name: 'billing.protocolStatus.runNow',
    group: 'Billing',
    summary: 'Pede que a verificação de protocolos dos lotes enviados rode agora',
    description:
      'A verificação consulta cada convênio com integração TISS (tissSolicitacaoStatusProtocolo) e grava a situação ' +
      'no lote (`protocolStatus`). A resposta volta logo; a verificação segue no servidor.',
    permission: 'billing:write',
    input: z.strictObject({}),
    output: z.object({ scheduled: z.literal(true) }).meta({ id: 'TissProtocolJobScheduled' }),
    http: { method: 'POST', path: '/billing/protocolStatus/run' },
    example: {},
    run() {
      void job.runOnce().catch(() => undefined);
      return Promise.resolve({ scheduled: true as const });
    },
  });

  const sendOnline = defineOperation({
    name: 'insurance.batch.sendOnline',
    group: 'Insurance',
    summary: 'Envia o lote pelo web service TISS da operadora (tissLoteGuias) e grava o protocolo recebido',
    description:
      'O lote precisa passar nos esquemas da ANS; a operadora responde com o protocolo (o lote fica enviado) ' +
      'ou com a glosa que o recusou (400 com o código, o lote fica aberto).',
    permission: 'billing:write',
    input: z.strictObject({ id: idInput }),
    output: batchAnswer,
    http: { method: 'POST', path: '/billing/batch/{id}/send/online' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const batch = await requireOpenBatch(ctx, id);
      const connection = await requireConnection(ctx, batch.insurance);
      const message = writeBatchWsMessage(await tissBatchOf(ctx, batch), connection.login);
      const problems = await validateTissMessages([message.bytes], batch.tissVersion, 'webServices');
      if (problems[0]!.length)
        throw new DomainError(
          'validation',
          'O lote não passa nos esquemas TISS da ANS',
          problems[0]!.map((p) => ({ path: p.path, message: p.message })),
        );
      const receipt = await transport.sendBatch(connection.endpoint('tissLoteGuias'), message, batch.tissVersion);
      if (!receipt.accepted)
        throw new DomainError('validation', `A operadora recusou o lote: ${receipt.description ?? 'sem descrição'}`, [
          { path: 'glosa', message: receipt.glosaCode },
        ]);
      return invoke(sendBatch, ctx, { id, protocol: receipt.protocol.slice(0, 12) });
    },
  });

  return [configure, status, parameters, eligibility, authorizationStatus, appealStatus, runProtocolJob, sendOnline];
}
