/** Messaging: the outbox operations enqueue into (core/messaging): the domain module (core/module.ts). */
import { domainModule } from '#core/module.js';
import { outboxMessages } from './message.js';
import { messagingOperations } from './outbox-ops.js';
import { outboxMessagePush } from './push-contracts.js';
import { messagingReview } from './review.js';
import { outboxSyncRules } from './sync-rules.js';

export const messagingModule = domainModule({
  name: 'messaging',
  collections: [
    {
      def: outboxMessages,
      storageGroup: 'account',
      review: messagingReview.outbox_messages,
      push: outboxMessagePush,
      sync: outboxSyncRules,
    },
  ],
  operations: messagingOperations,
});
