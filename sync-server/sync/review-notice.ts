/**
 * The bell for the sync review (MSG-039): when a push lists documents for review (a conflict, or a
 * rejection), the people who can resolve them get one notification per push: the reception and the
 * admins, and the user a professional installation is bound to. Written after the push commits, in
 * the tenant's store, so it replicates like any notification; a re-sent push that lists nothing new
 * notifies no one.
 */
import { notifyUsers, usersInRoles } from '#core/chat/notify.js';
import type { Notification } from '#core/chat/notification-records.js';
import type { OperationContext } from '#core/operation.js';

/** One entry a push listed. */
export interface ListedEntry {
  id: string;
  kind: 'rejection' | 'conflict';
}

/**
 * Notifies the reviewers of the entries one push of `deviceUser`'s installation listed.
 * @returns the notifications written (none when `listed` is empty).
 */
export async function notifySyncReview(
  ctx: Pick<OperationContext, 'store' | 'clock' | 'ids'>,
  listed: readonly ListedEntry[],
  deviceUser: string | null | undefined,
): Promise<Notification[]> {
  const first = listed[0];
  if (!first) return [];
  const recipients = await usersInRoles(ctx, ['reception']);
  if (deviceUser) recipients.push(deviceUser);
  const conflicts = listed.filter((e) => e.kind === 'conflict').length;
  const refused = listed.length - conflicts;
  const parts = [
    conflicts > 0 ? `${conflicts} ${conflicts === 1 ? 'conflito' : 'conflitos'}` : '',
    refused > 0 ? `${refused} ${refused === 1 ? 'alteração recusada' : 'alterações recusadas'}` : '',
  ].filter(Boolean);
  return notifyUsers(ctx, recipients, {
    kind: 'sync.review',
    title: 'Sincronização: itens para revisar',
    body: `${parts.join(' e ')} na lista de revisão`,
    link: { collection: 'sync_review', id: first.id },
  });
}
