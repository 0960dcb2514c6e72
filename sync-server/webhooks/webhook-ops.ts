/**
 * The webhook operations (spec §4.4 Webhooks: "edit and get the account webhook integration
 * configuration"; Authentication: "get webhook integration configurations"). The spec gives no
 * paths or payloads: these are ours. Admins only (`access:write`): an endpoint receives the account's
 * events, so choosing one is as strong as handing out an API key.
 */
import { z } from 'zod';
import { defineOperation, type Operation } from '#core/operation.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '#core/webhooks/event-catalogue.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import type { WebhookService } from './webhook-service.js';

const EXAMPLE_ID = '01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e';
const eventType = z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]]);
const endpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe('por que o servidor desativou (ex.: 410 Gone)'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
const configuration = z
  .object({
    allowPrivateNetworks: z.boolean().describe('entregar também a endereços de rede privada ou local (padrão: não)'),
    endpoints: z.array(endpoint),
    events: z.array(z.object({ type: z.string(), description: z.string() })).describe('o catálogo de eventos'),
  })
  .meta({ id: 'WebhookConfig' });
const url = z.string().trim().min(1).max(2048);
const id = z.string().min(1).max(64);
const delivery = z.object({
  id: z.string(),
  eventId: z.string().describe('o webhook-id: chave de deduplicação do receptor'),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  log: z.array(
    z.object({
      at: z.string(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int(),
    }),
  ),
});

/** The webhook operations over `service`; `audit` records every change of the configuration. */
export function webhookOperations(service: WebhookService, audit: AuditLog): Operation[] {
  const read = async (tenantId: string) => ({
    allowPrivateNetworks: await service.allowPrivate(tenantId),
    endpoints: await service.listEndpoints(tenantId),
    events: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENTS[type].description })),
  });

  const getConfiguration = defineOperation({
    name: 'webhook.getConfiguration',
    group: 'Webhooks',
    summary: 'Obtém a configuração de webhooks da conta (endereços, eventos, catálogo)',
    description: 'O segredo de assinatura de cada endereço nunca é mostrado de novo.',
    permission: 'access:write',
    input: z.strictObject({}),
    output: configuration,
    http: { method: 'GET', path: '/webhook/' },
    example: {},
    run: (ctx) => read(ctx.actor.tenantId),
  });

  const getIntegrations = defineOperation({
    name: 'auth.webhookConfigurations',
    group: 'Authentication',
    summary: 'Obtém as configurações de integração por webhook da conta',
    permission: 'access:write',
    input: z.strictObject({}),
    output: configuration,
    http: { method: 'GET', path: '/account/webhookConfig' },
    example: {},
    run: (ctx) => read(ctx.actor.tenantId),
  });

  const editConfiguration = defineOperation({
    name: 'webhook.editConfiguration',
    group: 'Webhooks',
    summary: 'Edita a configuração de webhooks da conta',
    description:
      'allowPrivateNetworks permite receptores na rede local (ex.: servidor da clínica); desligado por padrão contra SSRF.',
    permission: 'access:write',
    input: z.strictObject({ allowPrivateNetworks: z.boolean() }),
    output: configuration,
    http: { method: 'PUT', path: '/webhook/' },
    example: { allowPrivateNetworks: false },
    async run(ctx, { allowPrivateNetworks }) {
      await service.setAllowPrivate(ctx.actor.tenantId, allowPrivateNetworks);
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'update',
          collection: 'webhook_settings',
          detail: `redes privadas: ${allowPrivateNetworks ? 'sim' : 'não'}`,
        }),
      );
      return read(ctx.actor.tenantId);
    },
  });

  const createEndpoint = defineOperation({
    name: 'webhook.createEndpoint',
    group: 'Webhooks',
    summary: 'Cadastra um endereço de webhook (o segredo whsec_ é mostrado uma única vez)',
    description:
      'Entregas assinadas no padrão Standard Webhooks (cabeçalhos webhook-id, webhook-timestamp, webhook-signature). ' +
      'Só eventos a partir do cadastro são enviados.',
    permission: 'access:write',
    input: z.strictObject({
      url,
      events: z.array(eventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
      description: z.string().trim().max(200).optional(),
    }),
    output: z.object({ message: z.string(), endpoint, secret: z.string().describe('whsec_…: guarde agora') }),
    http: { method: 'POST', path: '/webhook/endpoint', status: 201 },
    example: {
      url: 'https://erp.exemplo.com.br/webhooks/clinic',
      events: ['appointment.confirmed', 'budget.approved'],
      description: 'ERP',
    },
    async run(ctx, input) {
      const created = await service.createEndpoint(ctx.actor.tenantId, input);
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'create',
          collection: 'webhook_endpoints',
          recordId: created.endpoint.id,
          detail: `eventos: ${created.endpoint.events.join(', ')}`,
        }),
      );
      return { message: 'Webhook cadastrado; guarde o segredo agora, ele não será mostrado de novo', ...created };
    },
  });

  const editEndpoint = defineOperation({
    name: 'webhook.editEndpoint',
    group: 'Webhooks',
    summary: 'Edita um endereço de webhook (URL, eventos, ativo)',
    description: 'Reativar (enabled: true) um endereço desativado por 410 retoma as entregas pendentes, na ordem.',
    permission: 'access:write',
    input: z.strictObject({
      id,
      url: url.optional(),
      events: z.array(eventType).min(1).max(WEBHOOK_EVENT_TYPES.length).optional(),
      description: z.string().trim().max(200).optional(),
      enabled: z.boolean().optional(),
    }),
    output: endpoint,
    http: { method: 'PUT', path: '/webhook/endpoint/{id}' },
    example: { id: EXAMPLE_ID, events: ['appointment.created', 'appointment.cancelled'], enabled: true },
    async run(ctx, { id: endpointId, ...changes }) {
      const edited = await service.updateEndpoint(ctx.actor.tenantId, endpointId, changes);
      audit.record(
        auditBy(ctx.actor, ctx.origin, { action: 'update', collection: 'webhook_endpoints', recordId: endpointId }),
      );
      return edited;
    },
  });

  const deleteEndpoint = defineOperation({
    name: 'webhook.deleteEndpoint',
    group: 'Webhooks',
    summary: 'Remove um endereço de webhook e suas entregas',
    permission: 'access:write',
    input: z.strictObject({ id }),
    output: endpoint,
    http: { method: 'DELETE', path: '/webhook/endpoint/{id}' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id: endpointId }) {
      const removed = await service.deleteEndpoint(ctx.actor.tenantId, endpointId);
      audit.record(
        auditBy(ctx.actor, ctx.origin, { action: 'remove', collection: 'webhook_endpoints', recordId: endpointId }),
      );
      return removed;
    },
  });

  const listDeliveries = defineOperation({
    name: 'webhook.listDeliveries',
    group: 'Webhooks',
    summary: 'Registro de entregas de um endereço de webhook, com as tentativas',
    permission: 'access:write',
    input: z.strictObject({ id, limit: z.coerce.number().int().min(1).max(200).default(50) }),
    output: z.object({ items: z.array(delivery) }),
    http: { method: 'GET', path: '/webhook/endpoint/{id}/delivery' },
    example: { id: EXAMPLE_ID, limit: 50 },
    run: async (ctx, { id: endpointId, limit }) => ({
      items: await service.listDeliveries(ctx.actor.tenantId, endpointId, limit),
    }),
  });

  const replay = defineOperation({
    name: 'webhook.replayDelivery',
    group: 'Webhooks',
    summary: 'Reenvia uma entrega de webhook (mesmo webhook-id)',
    permission: 'access:write',
    input: z.strictObject({ id, deliveryId: id }),
    output: z.object({ message: z.string() }),
    http: { method: 'POST', path: '/webhook/endpoint/{id}/delivery/{deliveryId}/replay' },
    example: { id: EXAMPLE_ID, deliveryId: EXAMPLE_ID },
    async run(ctx, { id: endpointId, deliveryId }) {
      await service.replay(ctx.actor.tenantId, endpointId, deliveryId);
      audit.record(
        auditBy(ctx.actor, ctx.origin, { action: 'update', collection: 'webhook_deliveries', recordId: deliveryId }),
      );
      return { message: 'Entrega na fila de reenvio' };
    },
  });

  return [
    getConfiguration,
    editConfiguration,
    getIntegrations,
    createEndpoint,
    editEndpoint,
    deleteEndpoint,
    listDeliveries,
    replay,
  ] as Operation[];
}
