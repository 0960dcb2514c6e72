/**
 * A one-time repair at start-up (issue 17): servers before it queued invitation e-mails in the
 * inviting clinic's own outbox, the token in clear, where `GET /message/` listed it and desks
 * replicated it. Such a token may have been read by the clinic (or copied to any of its desks), so it
 * is spent, the person gets a fresh invitation through the server's own outbox, and the old message
 * keeps only the code's kind.
 */
import { isDomainError } from '#core/errors.js';
import { utcIso, withoutToken } from '#core/messaging/lifecycle.js';
import { outboxMessages } from '#core/messaging/message.js';
import { isoWithOffset } from '#core/clock.js';
import type { AccessServices } from './services.js';

/** Row of `server_secrets` saying the repair ran (the table also keeps the server's own markers). */
export const INVITATION_REPAIR_MARKER = 'repair:issue17-invitation-outbox';

/** What one run did. */
export interface InvitationRepair {
  /** Messages of clinic outboxes whose token was removed. */
  scrubbed: number;
  /** Invitations still open, spent and sent again from the server's outbox. */
  resent: number;
}

/**
 * Scrubs every clinic outbox of invitation tokens once (a marker in `server_secrets` records the
 * run; a run that lost a race with another process leaves no marker and runs again next start).
 * A message not sent yet is marked failed (its code no longer works), so nobody receives a dead code.
 *
 * @throws whatever the database throws; a message changed meanwhile by another process is skipped.
 */
export async function repairExposedInvitations(services: AccessServices): Promise<InvitationRepair> {
  const done = await services.db
    .selectFrom('server_secrets')
    .select('name')
    .where('name', '=', INVITATION_REPAIR_MARKER)
    .executeTakeFirst();
  const result: InvitationRepair = { scrubbed: 0, resent: 0 };
  if (done) return result;
  let complete = true;
  for (const account of await services.keys.listAccounts()) {
    const outbox = services.database.forTenant(account.id).collection(outboxMessages);
    for (const message of await outbox.find({ selector: { channel: 'email' } })) {
      const token = message.data.token;
      if (message.template !== 'user.invitation' || typeof token !== 'string' || token.endsWith('…')) continue;
      const at = utcIso(services.clock.now());
      const { _rev, ...record } = message;
      const unsent =
        record.status === 'sent'
          ? {}
          : { status: 'failed' as const, lastError: 'Convite reenviado pelo servidor; este código não vale mais' };
      try {
        await outbox.update(message.id, _rev, { ...record, ...unsent, data: withoutToken(record.data), updatedAt: at });
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'conflict') throw error;
        complete = false;
        continue;
      }
      result.scrubbed++;
      const fresh = await services.atomic(async (db) => {
        const row = await services.oneTime.redeem(db, 'invitation', token);
        if (!row?.user_id || !row.tenant_id) return undefined;
        return services.oneTime.issue(db, 'invitation', {
          loginId: row.login_id,
          tenantId: row.tenant_id,
          userId: row.user_id,
        });
      });
      if (fresh === undefined) continue;
      await services.serverOutbox.enqueue({
        channel: 'email',
        to: message.to,
        template: 'user.invitation',
        data: { ...record.data, token: fresh },
      });
      result.resent++;
    }
  }
  if (complete) {
    await services.db
      .insertInto('server_secrets')
      .values({ name: INVITATION_REPAIR_MARKER, value: 'feito', created_at: isoWithOffset(services.clock.now()) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  return result;
}
