/**
 * A user's notifications (spec §4.4 "Notification": clear the new-notifications counter, change the
 * read status; record "Notification"). Each notification belongs to one user. "New" is what arrived
 * after the user last cleared the counter (`notification_counters`, one record per user, written only
 * by that user), so clearing never rewrites the notifications themselves; "read" is per notification.
 */
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'appointment.confirmed',
  'appointment.unconfirmed',
  'message.failed',
  'sync.review',
  'chat.message',
  'message.reply',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The record a notification points at, for the desk to open. */
export interface NotificationLink {
  collection: string;
  id: string;
}

/** A notification as stored. `createdAt` is when it arrived. */
export interface Notification extends RecordBase {
  /** The user it is for. */
  user: string;
  kind: NotificationKind;
  /** One line in pt-BR, shown in the bell's list. */
  title: string;
  /** Optional second line in pt-BR. */
  body: string | null;
  link: NotificationLink | null;
  /** When the user read it (ISO-8601 with offset); null while unread. */
  readAt: string | null;
}

/** When a user last cleared the new-notifications counter. Id: {@link counterId}. */
export interface NotificationCounter extends RecordBase {
  user: string;
  /** ISO-8601 with offset; notifications created after it are new. */
  clearedAt: string;
}

/** The `notifications` collection: a user's notifications, newest first. */
export const notifications = defineCollection<Notification>({
  name: 'notifications',
  fields: { user: 'string', createdAt: 'string', kind: 'string' },
  indexes: [['user', 'createdAt']],
});

/** The `notification_counters` collection: one record per user. */
export const notificationCounters = defineCollection<NotificationCounter>({
  name: 'notification_counters',
  fields: { user: 'string' },
  indexes: [['user']],
});

const COUNTER_NAMESPACE = '9d3c1a52-7e4b-4f0a-8c6d-2b1e5a7f3c94';

/** The id of `user`'s counter record: the same on every desk, so two desks clear one record. */
export function counterId(user: string): string {
  return uuidv5(`counter:${user}`, COUNTER_NAMESPACE);
}

/** A notification as answered. */
export const notificationOutput = z
  .object({
    ...recordOutputFields,
    user: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string().min(1).max(200),
    body: z.string().max(1000).nullable(),
    link: z.object({ collection: z.string(), id: z.string() }).nullable(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });

/** A counter record as answered. */
export const notificationCounterOutput = z.object({ ...recordOutputFields, user: z.string(), clearedAt: z.string() });
