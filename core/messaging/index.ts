/**
 * Messaging: the durable outbox operations enqueue into, its lifecycle rules and the operations that
 * show and retry messages. Delivery (providers, templates, attachments, the worker) is the server's:
 * `sync-server/messaging/`.
 */
export { messagingModule } from './module.js';
export {
  CHANNELS,
  MESSAGE_STATUSES,
  addressSchema,
  isValidAddress,
  messageOutput,
  outboxMessages,
  queuedMessageSchema,
  type AttachmentRef,
  type Channel,
  type MessageStatus,
  type QueuedMessage,
} from './message.js';
export {
  DEFAULT_RETRY_POLICY,
  afterFailure,
  backoffMs,
  claim,
  delivered,
  dueQuery,
  retried,
  utcIso,
  type RetryPolicy,
} from './lifecycle.js';
export { outboxIn, storeOutbox, type MessageOutbox, type MessageRequest, type StoreOutbox } from './store-outbox.js';
export { getMessage, listMessages, messagingOperations, retryMessage } from './outbox-ops.js';
