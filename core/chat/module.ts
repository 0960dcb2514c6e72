/**
 * Chat and Notification (spec §4.4 "Chat", "Notification"): messages between the account's users and
 * each user's notifications, as one domain module (core/module.ts). Everything replicates to the desks,
 * so chat works offline and is live through the sync stream.
 */
import { domainModule } from '#core/module.js';
import { chatOperations } from './chat-ops.js';
import { chatMembers, chatMessages } from './chat-records.js';
import { notificationOperations } from './notification-ops.js';
import { notificationCounters, notifications } from './notification-records.js';
import { chatMemberPush, chatMessagePush, notificationCounterPush, notificationPush } from './push-contracts.js';
import {
  chatMemberSyncRules,
  chatMessageSyncRules,
  notificationCounterSyncRules,
  notificationSyncRules,
} from './sync-rules.js';

export const chatModule = domainModule({
  name: 'chat',
  collections: [
    { def: chatMessages, push: chatMessagePush, sync: chatMessageSyncRules },
    { def: chatMembers, push: chatMemberPush, sync: chatMemberSyncRules },
    { def: notifications, push: notificationPush, sync: notificationSyncRules },
    { def: notificationCounters, push: notificationCounterPush, sync: notificationCounterSyncRules },
  ],
  operations: [...chatOperations, ...notificationOperations],
});
