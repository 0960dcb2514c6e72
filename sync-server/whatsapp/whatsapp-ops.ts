/**
 * WhatsApp operations (spec §4.4 "WhatsApp integration: remove, retrieve and configure the
 * integration credentials"; "Whatsapp: get a template by name; get the provider status of a template"), plus the patient's
 * opt-in and a message's provider statuses. The spec gives no paths or payloads: these are ours.
 */
import { z } from 'zod';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { DomainError } from '#core/errors.js';
import { outboxMessages } from '#core/messaging/message.js';
import { defineOperation, type Operation } from '#core/operation.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import { SendFailure } from '../messaging/providers.js';
import type { CloudWhatsApp } from './cloud-provider.js';
import type { WhatsAppService } from './whatsapp-service.js';

const credentialsInfo = z
  .object({
    phoneNumberId: z.string(),
    businessAccountId: z.string(),
    apiVersion: z.string(),
    baseUrl: z.string(),
    tokenHint: z.string().describe('últimos 4 caracteres do token'),
    updatedAt: z.string(),
  })
  .meta({ id: 'WhatsAppCredentials' });
const secret = z.string().trim().min(8).max(1000);
const templateName = z.string().regex(/^[a-z0-9_]{1,512}$/, { error: 'nome de modelo do WhatsApp (a-z, 0-9, _)' });
const e164 = z.string().regex(/^\+[1-9]\d{7,14}$/, { error: 'telefone no formato E.164 (+5511987654321)' });

/** The WhatsApp operations over `service` and the Cloud API adapter. */
export function whatsappOperations(service: WhatsAppService, cloud: CloudWhatsApp, audit: AuditLog): Operation[] {
  const configure = defineOperation({
    name: 'whatsapp.configureCredentials',
    group: 'WhatsApp integration',
    summary: 'Configura as credenciais da API WhatsApp Business (Cloud API) da conta',
    description:
      'Token e segredo do app ficam cifrados no servidor, nunca voltam nas respostas nem vão às estações. ' +
      'O webhook do app aponta para /whatsapp/webhook/{id da conta}.',
    permission: 'access:write',
    input: z.strictObject({
      phoneNumberId: z.string().trim().min(1).max(64),
      businessAccountId: z.string().trim().min(1).max(64),
      accessToken: secret,
      appSecret: secret,
      verifyToken: secret,
      apiVersion: z
        .string()
        .regex(/^v\d+\.\d+$/, { error: 'versão como v21.0' })
        .default('v21.0'),
      baseUrl: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
    }),
    output: credentialsInfo,
    http: { method: 'PUT', path: '/whatsapp/credentials' },
    example: {
      phoneNumberId: '106540352242922',
      businessAccountId: '102290129340398',
      accessToken: 'EAAG…',
      appSecret: 'segredo-do-app',
      verifyToken: 'token-de-verificacao',
      apiVersion: 'v21.0',
    },
    async run(ctx, input) {
      const saved = await service.configure(ctx.actor.tenantId, input);
      audit.record(
        auditBy(ctx.actor, ctx.origin, { action: 'update', collection: 'whatsapp_credentials', detail: 'credenciais' }),
      );
      return saved;
    },
  });

  const get = defineOperation({
    name: 'whatsapp.getCredentials',
    group: 'WhatsApp integration',
    summary: 'Obtém a configuração da integração WhatsApp (sem segredos)',
    permission: 'access:write',
    input: z.strictObject({}),
    output: credentialsInfo,
    http: { method: 'GET', path: '/whatsapp/credentials' },
    example: {},
    async run(ctx) {
      const found = await service.info(ctx.actor.tenantId);
      if (!found) throw new DomainError('not_found', 'Integração WhatsApp não configurada');
      return found;
    },
  });

  const remove = defineOperation({
    name: 'whatsapp.removeCredentials',
    group: 'WhatsApp integration',
    summary: 'Remove as credenciais da integração WhatsApp',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({ message: z.string() }),
    http: { method: 'DELETE', path: '/whatsapp/credentials' },
    example: {},
    async run(ctx) {
      await service.remove(ctx.actor.tenantId);
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'remove', collection: 'whatsapp_credentials' }));
      return { message: 'Integração WhatsApp removida' };
    },
  });

  const optIn = defineOperation({
    name: 'whatsapp.optIn',
    group: 'WhatsApp integration',
    summary: 'Registra (ou revoga) a autorização do paciente para receber mensagens por WhatsApp',
    description: 'Sem autorização registrada nenhuma mensagem de WhatsApp sai para o número.',
    permission: 'patient:write',
    input: z.strictObject({
      phone: e164,
      patient: refInput(() => patients).optional(),
      optedIn: z.boolean(),
      source: z.enum(['reception', 'portal', 'api']).optional(),
    }),
    output: z.object({ phone: z.string(), optedIn: z.boolean(), at: z.string() }),
    http: { method: 'PUT', path: '/whatsapp/optIn' },
    example: { phone: '+5511987654321', optedIn: true, source: 'reception' },
    async run(ctx, input) {
      const result = await service.setOptIn(ctx.actor.tenantId, {
        phone: input.phone,
        patientId: input.patient ?? null,
        optedIn: input.optedIn,
        source: input.source ?? (ctx.actor.kind === 'apiKey' ? 'api' : 'reception'),
        by: ctx.actor.id,
      });
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'update',
          collection: 'whatsapp_opt_ins',
          ...(input.patient ? { recordId: input.patient } : {}),
          detail: input.optedIn ? 'opt-in' : 'opt-out',
        }),
      );
      return result;
    },
  });

  const templateStatus = defineOperation({
    name: 'whatsapp.templateStatus',
    group: 'Whatsapp',
    summary: 'Obtém o status de aprovação de um modelo no provedor (WhatsApp)',
    permission: 'messaging:read',
    input: z.strictObject({ name: templateName }),
    output: z.object({
      name: z.string(),
      status: z.string().describe('APPROVED, PENDING, REJECTED…'),
      language: z.string(),
    }),
    http: { method: 'GET', path: '/whatsapp/template/{name}/status' },
    example: { name: 'clinic_confirmacao_agendamento' },
    run: (ctx, { name }) => askTemplate(name, (signal) => cloud.templateStatus(ctx.actor.tenantId, name, signal)),
  });

  const template = defineOperation({
    name: 'whatsapp.template',
    group: 'Whatsapp',
    summary: 'Obtém um modelo de mensagem pelo nome, como o provedor (WhatsApp) o guarda',
    description: 'Status de aprovação, idioma, categoria e os componentes com seus textos ({{1}}, {{2}}…).',
    permission: 'messaging:read',
    input: z.strictObject({ name: templateName }),
    output: z
      .object({
        name: z.string(),
        status: z.string(),
        language: z.string(),
        category: z.string().nullable(),
        components: z.array(z.object({ type: z.string(), format: z.string().optional(), text: z.string().optional() })),
      })
      .meta({ id: 'WhatsAppTemplate' }),
    http: { method: 'GET', path: '/whatsapp/template/{name}' },
    example: { name: 'clinic_orcamento' },
    run: (ctx, { name }) => askTemplate(name, (signal) => cloud.template(ctx.actor.tenantId, name, signal)),
  });

  const messageStatus = defineOperation({
    name: 'whatsapp.messageStatus',
    group: 'Whatsapp',
    summary: 'Status de entrega e leitura de uma mensagem de WhatsApp (do webhook do provedor)',
    permission: 'messaging:read',
    input: z.strictObject({ id: z.string().min(1).max(64) }),
    output: z.object({
      items: z.array(
        z.object({ wamid: z.string(), status: z.string(), error: z.string().nullable(), updatedAt: z.string() }),
      ),
    }),
    http: { method: 'GET', path: '/whatsapp/message/{id}/status' },
    example: { id: '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e' },
    async run(ctx, { id }) {
      if (!(await ctx.store.collection(outboxMessages).get(id)))
        throw new DomainError('not_found', 'Mensagem não encontrada');
      return { items: await service.statusOf(ctx.actor.tenantId, id) };
    },
  });

  return [configure, get, remove, optIn, template, templateStatus, messageStatus] as Operation[];
}

/**
 * Asks the Cloud API about the template `name` (15 s at most): an account without WhatsApp or a template the
 * provider does not hold is `not_found`; a provider that does not answer is `internal`.
 */
async function askTemplate<T>(name: string, ask: (signal: AbortSignal) => Promise<T | undefined>): Promise<T> {
  let found: T | undefined;
  try {
    found = await ask(AbortSignal.timeout(15_000));
  } catch (error) {
    if (error instanceof SendFailure && error.code === 'whatsapp_not_configured')
      throw new DomainError('not_found', error.message);
    throw new DomainError('internal', 'O WhatsApp não respondeu à consulta do modelo');
  }
  if (!found) throw new DomainError('not_found', `Modelo ${name} não existe no WhatsApp da conta`);
  return found;
}
