/**
 * SMS operations: the account's Zenvia credentials (tag `Communication Center`, MSG-036), a message's
 * provider statuses, and the spec's "SMS callback" (§4.4, tag `SMS callback`): Zenvia's
 * `MESSAGE_STATUS` webhook event updating the message. The spec gives no paths or payloads: these are ours.
 */
import { z } from 'zod';
import type { Actor } from '#core/actor.js';
import { DomainError } from '#core/errors.js';
import { outboxMessages } from '#core/messaging/message.js';
import { defineOperation, type Operation } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import { markFailed } from '../whatsapp/inbound.js';
import type { SmsService } from './sms-service.js';

const info = z
  .object({
    provider: z.literal('zenvia'),
    baseUrl: z.string(),
    sender: z.string(),
    tokenHint: z.string().describe('últimos 4 caracteres do token'),
    updatedAt: z.string(),
  })
  .meta({ id: 'SmsCredentials' });

/** Zenvia's final failures: the outbox message is marked failed. */
const FAILED = new Set(['NOT_DELIVERED', 'REJECTED']);

/** What the operations need. */
export interface SmsOpsDeps {
  service: SmsService;
  audit: AuditLog;
  /** The tenant's store as a system actor writes through it (the callback marks a message failed). */
  storeFor: (tenantId: string, actor: Actor) => Store;
}

/** The SMS operations. */
export function smsOperations({ service, audit, storeFor }: SmsOpsDeps): Operation[] {
  const configure = defineOperation({
    name: 'sms.configureCredentials',
    group: 'Communication Center',
    summary: 'Configura as credenciais de SMS (Zenvia API v2) da conta',
    description:
      'O token fica cifrado no servidor, nunca volta nas respostas nem vai às estações. A resposta traz, uma vez, ' +
      'o caminho do retorno de status (`callbackPath`) a cadastrar na assinatura MESSAGE_STATUS da Zenvia; ' +
      'configurar de novo troca esse caminho.',
    permission: 'access:write',
    input: z.strictObject({
      apiToken: z.string().trim().min(8).max(1000),
      sender: z.string().trim().min(1).max(64),
      baseUrl: z
        .url({ protocol: /^https?$/ })
        .max(500)
        .default('https://api.zenvia.com'),
    }),
    output: z.object({ credentials: info, callbackPath: z.string() }),
    http: { method: 'PUT', path: '/sms/credentials' },
    example: { apiToken: 'token-da-zenvia', sender: 'clinica-sorriso' },
    async run(ctx, input) {
      const tenantId = ctx.actor.tenantId;
      const { info: saved, callbackToken } = await service.configure(tenantId, input);
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'update', collection: 'sms_credentials' }));
      return { credentials: saved, callbackPath: `/sms/callback/${tenantId}/${callbackToken}` };
    },
  });

  const get = defineOperation({
    name: 'sms.getCredentials',
    group: 'Communication Center',
    summary: 'Obtém a configuração de SMS (sem segredos)',
    permission: 'access:write',
    input: z.strictObject({}),
    output: info,
    http: { method: 'GET', path: '/sms/credentials' },
    example: {},
    async run(ctx) {
      const found = await service.info(ctx.actor.tenantId);
      if (!found) throw new DomainError('not_found', 'Integração de SMS não configurada');
      return found;
    },
  });

  const remove = defineOperation({
    name: 'sms.removeCredentials',
    group: 'Communication Center',
    summary: 'Remove as credenciais de SMS',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({ message: z.string() }),
    http: { method: 'DELETE', path: '/sms/credentials' },
    example: {},
    async run(ctx) {
      if (!(await service.remove(ctx.actor.tenantId)))
        throw new DomainError('not_found', 'Integração de SMS não configurada');
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'remove', collection: 'sms_credentials' }));
      return { message: 'Integração de SMS removida' };
    },
  });

  const status = defineOperation({
    name: 'sms.messageStatus',
    group: 'Communication Center',
    summary: 'Status de entrega de um SMS (do retorno da Zenvia)',
    permission: 'messaging:read',
    input: z.strictObject({ id: z.string().min(1).max(64) }),
    output: z.object({
      items: z.array(
        z.object({ providerId: z.string(), status: z.string(), error: z.string().nullable(), updatedAt: z.string() }),
      ),
    }),
    http: { method: 'GET', path: '/sms/message/{id}/status' },
    example: { id: '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e' },
    async run(ctx, { id }) {
      if (!(await ctx.store.collection(outboxMessages).get(id)))
        throw new DomainError('not_found', 'Mensagem não encontrada');
      return { items: await service.statusOf(ctx.actor.tenantId, id) };
    },
  });

  const callback = defineOperation({
    name: 'sms.callback',
    group: 'SMS callback',
    summary: 'Retorno de status de SMS do provedor (evento MESSAGE_STATUS da Zenvia)',
    description:
      'Chamado pela Zenvia, não por integradores: o caminho com o token de retorno (dado ao configurar) autentica. ' +
      'DELIVERED e SENT atualizam o status; NOT_DELIVERED e REJECTED marcam a mensagem como falha, visível em /message/. ' +
      'Campos do evento além dos lidos aqui são ignorados (o corpo é da Zenvia).',
    permission: 'messaging:write',
    public: true,
    // Not strict: the body is the provider's event, which may grow fields; only these are read.
    input: z.object({
      account: z.string().min(1).max(64),
      token: z.string().min(1).max(200),
      type: z.string().max(64),
      messageId: z.string().min(1).max(200).optional(),
      messageStatus: z
        .object({
          code: z.string().max(64),
          description: z.string().max(1000).optional(),
          causes: z
            .array(z.object({ reason: z.string().max(200).optional(), details: z.string().max(1000).optional() }))
            .optional(),
        })
        .optional(),
    }),
    output: z.object({ received: z.boolean() }),
    http: { method: 'POST', path: '/sms/callback/{account}/{token}' },
    example: {
      account: 'conta-exemplo',
      token: 'token-de-retorno',
      type: 'MESSAGE_STATUS',
      messageId: 'zv-1-8f1c2e',
      messageStatus: { code: 'DELIVERED', description: 'Entregue' },
    },
    async run(_ctx, input) {
      if (!(await service.provesCallback(input.account, input.token)))
        throw new DomainError('not_found', 'Retorno de SMS desconhecido');
      if (input.type !== 'MESSAGE_STATUS' || !input.messageId || !input.messageStatus) return { received: true };
      const code = input.messageStatus.code;
      const cause = input.messageStatus.causes?.[0];
      const error = FAILED.has(code)
        ? [code, cause?.reason, cause?.details ?? input.messageStatus.description].filter(Boolean).join(' ')
        : null;
      const outboxId = await service.setStatus(input.account, input.messageId, code, error);
      if (outboxId && error) {
        const actor: Actor = {
          kind: 'system',
          id: 'sms',
          tenantId: input.account,
          permissions: new Set(['messaging:write']),
        };
        await markFailed(storeFor(input.account, actor), outboxId, error, service.clock.now(), 'A operadora de SMS');
      }
      return { received: true };
    },
  });

  return [configure, get, remove, status, callback] as Operation[];
}
