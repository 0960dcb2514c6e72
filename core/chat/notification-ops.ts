/**
 * Notification operations (spec §4.4 "Notification"): clear the new-notifications counter and change a
 * notification's read status; plus the caller's list with the counter. A user sees and changes only
 * their own notifications: another user's answers the same 404 as a missing one.
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, notFound, nowIso } from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { OWN_READ, OWN_WRITE, userOf, userOrNobody } from './chat-access.js';
import {
  counterId,
  notificationCounters,
  notificationOutput,
  notifications,
  type Notification,
} from './notification-records.js';

const GROUP = 'Notification';

/** Most notifications a list answers: the bell shows the recent ones. */
export const LIST_LIMIT = 100;

/** When `user` last cleared the counter (an instant in ms; -Infinity if never). */
async function clearedAt(ctx: Pick<OperationContext, 'store'>, user: string): Promise<number> {
  const counter = await ctx.store.collection(notificationCounters).get(counterId(user));
  return counter ? Date.parse(counter.clearedAt) : -Infinity;
}

/** How many of `user`'s notifications arrived after the last clear and are still unread. */
export async function newCount(ctx: Pick<OperationContext, 'store'>, user: string): Promise<number> {
  const since = await clearedAt(ctx, user);
  const mine = await ctx.store.collection(notifications).find({ selector: { user } });
  return mine.filter((n) => n.readAt === null && Date.parse(n.createdAt) > since).length;
}

const listOutput = z
  .object({ items: z.array(notificationOutput), newCount: z.number().int(), unread: z.number().int() })
  .meta({ id: 'NotificationList' });

/** `user`'s notifications, newest first, with the counters. */
export async function notificationsOf(
  ctx: Pick<OperationContext, 'store'>,
  user: string,
): Promise<z.output<typeof listOutput>> {
  const mine = await ctx.store.collection(notifications).find({ selector: { user } });
  const sorted = mine.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id));
  return {
    items: sorted.slice(0, LIST_LIMIT),
    newCount: await newCount(ctx, user),
    unread: mine.filter((n) => n.readAt === null).length,
  };
}

/** `notification.list`: `GET /notification/`, the caller's notifications and counters. */
export const listNotifications = defineOperation({
  name: 'notification.list',
  group: GROUP,
  summary: 'Lista as suas notificações, com o contador de novas',
  permission: OWN_READ,
  input: z.strictObject({}),
  output: listOutput,
  http: { method: 'GET', path: '/notification/' },
  example: {},
  run: (ctx) => notificationsOf(ctx, userOf(ctx.actor)),
});

/** `notification.clearCounter`: `DELETE /notification/newCount`, the counter goes back to 0. */
export const clearNotificationCounter = defineOperation({
  name: 'notification.clearCounter',
  group: GROUP,
  summary: 'Zera o contador de notificações novas',
  permission: OWN_WRITE,
  input: z.strictObject({}),
  output: z.object({ newCount: z.literal(0) }),
  http: { method: 'DELETE', path: '/notification/newCount' },
  example: {},
  async run(ctx) {
    const user = userOf(ctx.actor);
    const collection = ctx.store.collection(notificationCounters);
    const now = nowIso(ctx);
    const current = await collection.get(counterId(user));
    if (!current) {
      await collection.insert({
        id: counterId(user),
        tenantId: ctx.store.tenantId,
        createdAt: now,
        updatedAt: now,
        user,
        clearedAt: now,
      });
    } else if (Date.parse(current.clearedAt) < Date.parse(now)) {
      const { _rev, ...rest } = current;
      await collection.update(current.id, _rev, { ...rest, clearedAt: now, updatedAt: now });
    }
    return { newCount: 0 as const };
  },
});

/** `notification.setRead`: `PUT /notification/{id}/read`, marks one notification read or unread. */
export const setNotificationRead = defineOperation({
  name: 'notification.setRead',
  group: GROUP,
  summary: 'Marca uma notificação como lida ou não lida',
  permission: OWN_WRITE,
  input: z.strictObject({ id: idInput, read: z.boolean() }),
  output: notificationOutput,
  http: { method: 'PUT', path: '/notification/{id}/read' },
  example: { id: EXAMPLE_ID, read: true },
  async run(ctx, { id, read }) {
    const user = userOrNobody(ctx.actor);
    const collection = ctx.store.collection(notifications);
    const found = await collection.get(id);
    if (!found || found.user !== user) throw notFound('Notificação', 'id', id);
    if ((found.readAt !== null) === read) return found;
    const now = nowIso(ctx);
    const { _rev, ...rest } = found;
    return collection.update(id, _rev, { ...rest, readAt: read ? now : null, updatedAt: now } satisfies Notification);
  },
});

export const notificationOperations = [listNotifications, clearNotificationCounter, setNotificationRead];
