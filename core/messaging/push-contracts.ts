/** Push contract of the outbox (core/sync/push-contract.ts). */
import type { PushContract } from '#core/sync/push-contract.js';
import { queuedMessageSchema } from './message.js';

/** Push contract of `outbox_messages` (core/sync/push-contract.ts). */
export const outboxMessagePush: PushContract = {
  record: queuedMessageSchema,
  deletes: { refuse: 'uma mensagem enfileirada não é apagada: ela fica como registro do que foi enviado' },
};
