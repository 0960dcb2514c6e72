/**
 * Outgoing webhooks (issue 27): the account's endpoints and settings, the events derived from the
 * change feed, and the worker that delivers them signed (Standard Webhooks).
 */
export { BlockedAddressError, isPrivateAddress } from './address-guard.js';
export { serverSecretBox, secretBox, type SecretBox } from './secret-box.js';
export { attemptDelivery, signedHeaders } from './send-webhook.js';
export { webhookMigrations, type WebhookTables } from './webhook-tables.js';
export { webhookOperations } from './webhook-ops.js';
export { WebhookService, type DeliveryInfo, type EndpointInfo } from './webhook-service.js';
export {
  startWebhooks,
  WEBHOOK_RETRY_POLICY,
  type WebhookReport,
  type WebhookRetryPolicy,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from './webhook-worker.js';
