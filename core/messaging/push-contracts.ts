/** Push contract of the outbox (core/sync/push-contract.ts). */
import type { PushContract } from '#core/sync/push-contract.js';
import { queuedMessageSchema } from './message.js';

/** Push contract of `outbox_messages` (core/sync/push-contract.ts). */
export const outboxMessagePush: PushContract = {
  record: queuedMessageSchema,
  deletes: { refuse: 'uma mensagem enfileirada não é apagada: ela fica como registro do que foi enviado' },
  sample: () => ({
    channel: 'email',
    to: 'paciente@example.com',
    template: 'budget.send',
    data: {},
    attachments: [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: '2026-11-23T12:00:00.000+00:00',
    lastError: null,
    sentAt: null,
  }),
};
