/**
 * The server's background workers over a built server: the outbox's delivery (e-mail, WhatsApp, SMS)
 * and the webhook deliveries. `main.ts` starts them after building the server.
 */
import type { Logger } from 'pino';
import { notifyFailedMessage } from '#core/chat/notify.js';
import { systemClock, type Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { providersFromConfig, readMessagingConfig, startDelivery, type Delivery } from './messaging/index.js';
import { SERVER_TENANT } from './operation-context.js';
import type { BuiltServer } from './server.js';
import { startWebhooks, type WebhookWorker } from './webhooks/index.js';

/**
 * Starts the delivery worker for every account (and the server's own messages), with the providers
 * the environment configures (`SMTP_URL`, `SMTP_FROM`, `MESSAGING_INTERVAL_MS`). Without SMTP, mail
 * waits as pending and is visible at `/message/`.
 *
 * @throws Error when a messaging setting is malformed.
 */
export function startServerDelivery(
  server: BuiltServer,
  logger: Logger,
  options: { clock?: Clock; env?: Record<string, string | undefined> } = {},
): Delivery {
  const config = readMessagingConfig(options.env ?? process.env);
  const clock = options.clock ?? systemClock;
  return startDelivery({
    database: server.database,
    tenants: async () => [SERVER_TENANT, ...(await server.keys.listAccounts()).map((a) => a.id)],
    // WhatsApp goes through each account's Cloud API credentials; without them a send fails visibly.
    // An account with a self-hosted instance sends through it instead (MSG-031); SMS through Zenvia.
    providers: {
      ...providersFromConfig(config),
      whatsapp: server.integrations.whatsappProvider,
      sms: server.integrations.smsProvider,
    },
    clock,
    logger,
    intervalMs: config.intervalMs,
    // The bell of the reception (core/chat): a message that failed for good waits for a person.
    onFailed: (store, message) => notifyFailedMessage({ store, clock, ids: uuidV7Ids }, message).then(() => undefined),
  });
}

/**
 * Starts the webhook worker (`WEBHOOKS_INTERVAL_MS`, default 5 s): events from the change feed,
 * signed deliveries with retries (sync-server/webhooks/).
 */
export function startServerWebhooks(
  server: BuiltServer,
  logger: Logger,
  options: { clock?: Clock; env?: Record<string, string | undefined> } = {},
): WebhookWorker {
  const raw = (options.env ?? process.env).WEBHOOKS_INTERVAL_MS;
  const intervalMs = raw ? Number(raw) : 5000;
  if (!Number.isInteger(intervalMs) || intervalMs <= 0) throw new Error(`WEBHOOKS_INTERVAL_MS inválido: "${raw}"`);
  return startWebhooks({
    service: server.webhooks,
    clock: options.clock ?? systemClock,
    ids: uuidV7Ids,
    logger,
    intervalMs,
  });
}
