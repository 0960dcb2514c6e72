/**
 * Chat and Notification (spec §4.4 "Chat", "Notification"): messages between the account's users and
 * each user's notifications, as one domain module (core/module.ts). Everything replicates to the desks,
 * so chat works offline and is live through the sync stream. Small and per user: the `account` storage group.
 */
import { domainModule } from '#core/module.js';
import { chatOperations } from './chat-ops.js';
import { chatReview } from './review.js';
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
    {
      def: chatMessages,
      storageGroup: 'account',
      review: chatReview.chat_messages,
      push: chatMessagePush,
      sync: chatMessageSyncRules,
    },
    {
      def: chatMembers,
      storageGroup: 'account',
      review: chatReview.chat_members,
      push: chatMemberPush,
      sync: chatMemberSyncRules,
    },
    {
      def: notifications,
      storageGroup: 'account',
      review: chatReview.notifications,
      push: notificationPush,
      sync: notificationSyncRules,
    },
    {
      def: notificationCounters,
      storageGroup: 'account',
      review: chatReview.notification_counters,
      push: notificationCounterPush,
      sync: notificationCounterSyncRules,
    },
  ],
  operations: [...chatOperations, ...notificationOperations],
});
