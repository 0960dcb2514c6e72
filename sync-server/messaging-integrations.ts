/**
 * The messaging integrations beside the Cloud API (issue 27, MSG-031..MSG-038), built once for the
 * server: the self-hosted WhatsApp instance (Evolution API v2) and the account's choice between it and
 * the Cloud API, SMS through Zenvia with its status callback, and the third-party workflow credentials.
 * `server.ts` adds their operations to the registry, their providers to the delivery worker and their
 * migrations to the server's.
 */
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Clock } from '#core/clock.js';
import type { Operation } from '#core/operation.js';
import type { AuditLog } from './audit/writer.js';
import type { SmsProvider, WhatsAppProvider } from './messaging/providers.js';
import type { OperationContexts } from './operation-context.js';
import { SmsService, smsMigrations, smsOperations, zenviaSms } from './sms/index.js';
import type { SqlDatabase } from './store/index.js';
import type { SecretBox } from './webhooks/secret-box.js';
import type { WebhookService } from './webhooks/webhook-service.js';
import {
  evolutionClient,
  instanceMigrations,
  instanceOperations,
  InstanceService,
  instanceWhatsApp,
  mountInstanceWebhook,
  routedWhatsApp,
} from './whatsapp-instance/index.js';
import type { WhatsAppService } from './whatsapp/whatsapp-service.js';
import { workflowMigrations, workflowOperations } from './workflow/index.js';

/** The integrations' server tables. */
export const integrationMigrations = { ...instanceMigrations, ...smsMigrations, ...workflowMigrations };

/** What the integrations need from the server being assembled. */
export interface IntegrationDeps {
  database: SqlDatabase;
  secrets: SecretBox;
  clock: Clock;
  audit: AuditLog;
  contexts: OperationContexts;
  webhooks: WebhookService;
  whatsapp: WhatsAppService;
  /** The Cloud API adapter: the WhatsApp of accounts without an instance. */
  cloud: WhatsAppProvider;
  /** Replaces `fetch` for the providers' calls (tests). */
  fetcher?: typeof fetch;
}

/** The built integrations. */
export interface Integrations {
  instances: InstanceService;
  sms: SmsService;
  /** The account's WhatsApp: its instance when configured, else the Cloud API. */
  whatsappProvider: WhatsAppProvider;
  smsProvider: SmsProvider;
  operations: Operation[];
  /** Mounts the instance's webhook route. */
  mount(app: Hono, logger: Logger): void;
}

/** Builds the integrations over `deps`. */
export function buildIntegrations(deps: IntegrationDeps): Integrations {
  const instances = new InstanceService(deps.database, deps.secrets, deps.clock);
  const sms = new SmsService(deps.database, deps.secrets, deps.clock);
  const client = evolutionClient(deps.fetcher);
  const storeFor = (origin: string) => (_tenantId: string, actor: Parameters<OperationContexts['storeFor']>[0]) =>
    deps.contexts.storeFor(actor, { ip: '', userAgent: origin });
  return {
    instances,
    sms,
    whatsappProvider: routedWhatsApp(instances, instanceWhatsApp(instances, deps.whatsapp, client), deps.cloud),
    smsProvider: zenviaSms(sms, deps.fetcher),
    operations: [
      ...instanceOperations({
        instances,
        client,
        audit: deps.audit,
        allowPrivate: (tenantId) => deps.webhooks.allowPrivate(tenantId),
      }),
      ...smsOperations({ service: sms, audit: deps.audit, storeFor: storeFor('sms-callback') }),
      ...workflowOperations(deps.database, deps.secrets, deps.audit),
    ],
    mount(app, logger) {
      mountInstanceWebhook(app, {
        instances,
        whatsapp: deps.whatsapp,
        storeFor: storeFor('whatsapp-instance-webhook'),
        logger,
      });
    },
  };
}
