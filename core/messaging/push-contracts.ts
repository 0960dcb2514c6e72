/** Push contract of the outbox (core/sync/push-contract.ts). */
import { declarePushContract } from '../sync/push-contract.js';
import { queuedMessageSchema } from './message.js';

declarePushContract('outbox_messages', {
  record: queuedMessageSchema,
  deletes: { refuse: 'uma mensagem enfileirada não é apagada: ela fica como registro do que foi enviado' },
});
