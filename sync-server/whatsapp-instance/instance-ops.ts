/**
 * ChatBot and Communication Center operations (spec §4.4 "ChatBot and Communication Center: get
 * configuration; create configuration; get instance configuration; get a QR code to connect the
 * instance; update configuration; delete instance"), over a self-hosted WhatsApp instance (Evolution
 * API v2). The spec gives no paths or payloads: these are ours (MSG-032). The configuration operations
 * carry the tag `ChatBot`, the instance's own ones `Communication Center`.
 */
import QRCode from 'qrcode';
import { z } from 'zod';
import { DomainError } from '#core/errors.js';
import { defineOperation, type Operation } from '#core/operation.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import { SendFailure } from '../messaging/providers.js';
import { checkEndpointUrl } from '../webhooks/webhook-service.js';
import type { EvolutionClient } from './evolution-client.js';
import { InstanceService } from './instance-service.js';

const info = z
  .object({
    provider: z.literal('evolution'),
    baseUrl: z.string(),
    instanceName: z.string(),
    instanceId: z.string().nullable(),
    webhookUrl: z.string().nullable(),
    state: z.string().describe('created, connecting, open ou close'),
    apiKeyHint: z.string().describe('últimos 4 caracteres da chave'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WhatsAppInstanceConfiguration' });
const apiKey = z.string().trim().min(8).max(500);
const baseUrl = z.url({ protocol: /^https?$/ }).max(500);

/** What the operations need besides the service and the client. */
export interface InstanceOpsDeps {
  instances: InstanceService;
  client: EvolutionClient;
  audit: AuditLog;
  /** Whether the account allows calls to private networks (the webhook setting, SSRF). */
  allowPrivate(tenantId: string): Promise<boolean>;
}

/** A provider refusal as the caller reads it: a permanent one is a 400 with its reason, else 500. */
function providerError(error: unknown): never {
  if (error instanceof SendFailure) {
    if (error.permanent) throw new DomainError('validation', error.message, [{ path: '', message: error.code }]);
    throw new DomainError('internal', 'A instância de WhatsApp não respondeu; tente de novo');
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'TypeError'))
    throw new DomainError('internal', 'A instância de WhatsApp não respondeu; tente de novo');
  throw error;
}

const notConfigured = () => new DomainError('not_found', 'Instância de WhatsApp não configurada');

/** The ChatBot and Communication Center operations. */
export function instanceOperations(deps: InstanceOpsDeps): Operation[] {
  const { instances, client, audit } = deps;
  const checkUrl = async (tenantId: string, url: string) => {
    try {
      checkEndpointUrl(url, await deps.allowPrivate(tenantId));
    } catch {
      throw new DomainError('validation', 'Endereço da instância inválido', [
        {
          path: 'baseUrl',
          message: 'endereço de rede privada ou local; permita redes privadas na configuração da conta',
        },
      ]);
    }
  };

  const create = defineOperation({
    name: 'chatbot.createConfiguration',
    group: 'ChatBot',
    summary: 'Cria a configuração do WhatsApp por instância própria (Evolution API) e a instância no provedor',
    description:
      'A chave global fica cifrada no servidor e nunca volta nas respostas nem vai às estações. Com `callbackBaseUrl` ' +
      '(o endereço público deste servidor) a instância envia status e conexão a /whatsapp/instance/webhook/{id da conta}. ' +
      'Depois, leia o QR code em /communicationCenter/instance/qrcode.',
    permission: 'access:write',
    input: z.strictObject({
      baseUrl,
      apiKey,
      instanceName: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,63}$/, { error: 'letras, números, _ e -, de 2 a 64' }),
      callbackBaseUrl: z
        .url({ protocol: /^https?$/ })
        .max(500)
        .optional(),
    }),
    output: info,
    http: { method: 'POST', path: '/chatbot/configuration', status: 201 },
    example: {
      baseUrl: 'https://evolution.clinica.com.br',
      apiKey: 'chave-global-da-evolution',
      instanceName: 'recepcao',
      callbackBaseUrl: 'https://clinic.exemplo.com.br',
    },
    async run(ctx, input) {
      const tenantId = ctx.actor.tenantId;
      if (await instances.configured(tenantId))
        throw new DomainError('conflict', 'A conta já tem uma instância de WhatsApp: altere-a ou exclua-a');
      await checkUrl(tenantId, input.baseUrl);
      const webhookUrl = input.callbackBaseUrl
        ? `${input.callbackBaseUrl.replace(/\/+$/, '')}/whatsapp/instance/webhook/${tenantId}`
        : null;
      const token = InstanceService.newInstanceToken();
      const target = {
        baseUrl: input.baseUrl.replace(/\/+$/, ''),
        apiKey: input.apiKey,
        instanceName: input.instanceName,
      };
      const created = await client.create(target, token, webhookUrl).catch(providerError);
      const saved = await instances.insert(tenantId, { ...input, webhookUrl }, token, created.instanceId);
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'create',
          collection: 'whatsapp_instances',
          detail: input.instanceName,
        }),
      );
      return saved;
    },
  });

  const get = defineOperation({
    name: 'chatbot.getConfiguration',
    group: 'ChatBot',
    summary: 'Obtém a configuração do WhatsApp por instância própria (sem chaves)',
    permission: 'access:write',
    input: z.strictObject({}),
    output: info,
    http: { method: 'GET', path: '/chatbot/configuration' },
    example: {},
    async run(ctx) {
      const found = await instances.info(ctx.actor.tenantId);
      if (!found) throw notConfigured();
      return found;
    },
  });

  const update = defineOperation({
    name: 'chatbot.updateConfiguration',
    group: 'ChatBot',
    summary: 'Altera o endereço ou a chave global da instância de WhatsApp',
    permission: 'access:write',
    input: z
      .strictObject({ baseUrl: baseUrl.optional(), apiKey: apiKey.optional() })
      .refine((v) => v.baseUrl !== undefined || v.apiKey !== undefined, {
        error: 'informe baseUrl ou apiKey',
      }),
    output: info,
    http: { method: 'PUT', path: '/chatbot/configuration' },
    example: { apiKey: 'nova-chave-global-da-evolution' },
    async run(ctx, input) {
      const tenantId = ctx.actor.tenantId;
      if (!(await instances.configured(tenantId))) throw notConfigured();
      if (input.baseUrl) await checkUrl(tenantId, input.baseUrl);
      const saved = await instances.update(tenantId, input);
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'update', collection: 'whatsapp_instances' }));
      return saved!;
    },
  });

  const instance = defineOperation({
    name: 'communicationCenter.getInstance',
    group: 'Communication Center',
    summary: 'Obtém a configuração da instância e o estado da conexão, lido no provedor',
    permission: 'access:write',
    input: z.strictObject({}),
    output: info,
    http: { method: 'GET', path: '/communicationCenter/instance' },
    example: {},
    async run(ctx) {
      const tenantId = ctx.actor.tenantId;
      const target = await instances.target(tenantId, 'instance');
      if (!target) throw notConfigured();
      await instances.setState(tenantId, await client.state(target).catch(providerError));
      return (await instances.info(tenantId))!;
    },
  });

  const qr = defineOperation({
    name: 'communicationCenter.qrCode',
    group: 'Communication Center',
    summary: 'QR code (PNG em data URL) e código de pareamento para conectar o celular à instância',
    description: 'O QR vale por poucos segundos: peça de novo até o estado da instância ser `open`.',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({
      qrCode: z.string().nullable().describe('data:image/png;base64,…; null quando já conectada'),
      pairingCode: z.string().nullable(),
      state: z.string(),
    }),
    http: { method: 'GET', path: '/communicationCenter/instance/qrcode' },
    example: {},
    async run(ctx) {
      const tenantId = ctx.actor.tenantId;
      const target = await instances.target(tenantId, 'instance');
      if (!target) throw notConfigured();
      const answer = await client.connect(target).catch(providerError);
      // Evolution answers a rendered PNG in some versions, only the raw `code` in others: render it here.
      const png = answer.base64
        ? answer.base64.startsWith('data:')
          ? answer.base64
          : `data:image/png;base64,${answer.base64}`
        : answer.code
          ? await QRCode.toDataURL(answer.code, { errorCorrectionLevel: 'M', margin: 2, width: 320 })
          : null;
      const state = png ? 'connecting' : await client.state(target).catch(providerError);
      await instances.setState(tenantId, state);
      return { qrCode: png, pairingCode: answer.pairingCode ?? null, state };
    },
  });

  const remove = defineOperation({
    name: 'communicationCenter.deleteInstance',
    group: 'Communication Center',
    summary: 'Exclui a instância no provedor e a configuração da conta',
    description: 'Mensagens de WhatsApp voltam a sair pela API oficial (Cloud API), se configurada.',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({ message: z.string() }),
    http: { method: 'DELETE', path: '/communicationCenter/instance' },
    example: {},
    async run(ctx) {
      const tenantId = ctx.actor.tenantId;
      const target = await instances.target(tenantId, 'global');
      if (!target) throw notConfigured();
      await client.remove(target).catch((error: unknown) => {
        // Already gone at the provider: the configuration still goes.
        if (error instanceof SendFailure && error.code === 'evolution_404') return;
        providerError(error);
      });
      await instances.remove(tenantId);
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'remove', collection: 'whatsapp_instances' }));
      return { message: 'Instância de WhatsApp excluída' };
    },
  });

  return [get, create, update, instance, qr, remove] as Operation[];
}
