/**
 * A patient's free-text WhatsApp reply to a confirmation request (MSG-043), from the self-hosted
 * instance's webhook or the Cloud API's: a free text names no appointment, so the reply answers the
 * newest confirmation request sent to that phone within {@link REPLY_WINDOW_HOURS} whose appointment
 * is still ahead and still takes a confirmation. A yes confirms it, a no takes the confirmation back
 * and tells the reception, anything else reaches the reception's bell with the text. A reply that
 * matches no request is only counted in the log (the phone paired with the instance shows it).
 */
import type { Logger } from 'pino';
import type { Actor } from '#core/actor.js';
import { notifyPatientConfirmation, notifyPatientReply } from '#core/chat/notify.js';
import type { Clock } from '#core/clock.js';
import { isDomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { utcIso } from '#core/messaging/lifecycle.js';
import { outboxMessages } from '#core/messaging/message.js';
import { appointments, type Appointment } from '#core/schedule/appointment-record.js';
import { setConfirmation } from '#core/schedule/confirmation-ops.js';
import { CONFIRMATION_TEMPLATE } from '#core/schedule/notification-ops.js';
import { nextStatus } from '#core/schedule/status.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { replyIntent, type ReplyIntent } from './reply-intent.js';

/** How long after a confirmation request was sent a free-text reply still answers it. */
export const REPLY_WINDOW_HOURS = 72;

/**
 * The E.164 numbers a WhatsApp sender id may stand for: `5511987654321@s.whatsapp.net` or `5511987654321`
 * is `+5511987654321`; a Brazilian mobile WhatsApp still reports without the ninth digit
 * (`551187654321`) is also tried as `+5511987654321`.
 */
export function phoneCandidates(sender: string): string[] {
  const digits = sender.split('@')[0]!.replace(/\D/g, '');
  if (!digits) return [];
  const found = [`+${digits}`];
  const old = /^55(\d{2})([6-9]\d{7})$/.exec(digits);
  if (old) found.push(`+55${old[1]}9${old[2]}`);
  return found;
}

/**
 * The appointment of the newest confirmation request sent by WhatsApp to one of `phones` within the
 * window, still ahead of `now` and in a status that takes a confirmation; undefined when none.
 */
export async function pendingConfirmation(
  store: Store,
  phones: readonly string[],
  now: Date,
): Promise<Stored<Appointment> | undefined> {
  const since = utcIso(new Date(now.getTime() - REPLY_WINDOW_HOURS * 3_600_000));
  // A sent message keeps its send time in `nextAttemptAt` (lifecycle.ts): the indexed range.
  const sent = await store.collection(outboxMessages).find({
    selector: { status: 'sent', nextAttemptAt: { $gte: since } },
    sort: [{ nextAttemptAt: 'desc' }, { id: 'desc' }],
  });
  for (const m of sent) {
    if (m.channel !== 'whatsapp' || m.template !== CONFIRMATION_TEMPLATE || !phones.includes(m.to)) continue;
    const id = m.data['appointmentId'];
    if (typeof id !== 'string') continue;
    const appointment = await store.collection(appointments).get(id);
    if (!appointment || nextStatus(appointment.status, 'confirmation') === undefined) continue;
    if (new Date(appointment.start).getTime() <= now.getTime()) continue;
    return appointment;
  }
  return undefined;
}

/** What {@link applyFreeTextReply} needs. */
export interface ReplyDeps {
  /** The tenant's store for a system actor holding `appointment:write` (guarded and audited on the server). */
  store: Store;
  actor: Actor;
  clock: Clock;
  logger: Logger;
}

/**
 * Applies a patient's free-text reply from `sender` (a WhatsApp id or number) to their pending
 * confirmation request. Never throws for a reply that cannot apply (the provider must get 200).
 * @returns how it was read, or `unmatched` when no request waits for that phone.
 */
export async function applyFreeTextReply(
  deps: ReplyDeps,
  sender: string,
  text: string,
): Promise<ReplyIntent | 'unmatched'> {
  const now = deps.clock.now();
  const appointment = await pendingConfirmation(deps.store, phoneCandidates(sender), now);
  if (!appointment) return 'unmatched';
  const intent = replyIntent(text);
  const ctx = { store: deps.store, clock: deps.clock, ids: uuidV7Ids };
  const log = { tenantId: deps.store.tenantId, appointmentId: appointment.id, intent };
  try {
    if (intent === 'other') {
      await notifyPatientReply(ctx, appointment, { declined: false, text, channel: 'whatsapp' });
    } else {
      const confirmed = intent === 'confirm';
      const changed = await setConfirmation({ ...ctx, actor: deps.actor }, appointment.id, confirmed, 'whatsapp');
      await (confirmed
        ? notifyPatientConfirmation(ctx, changed, true)
        : notifyPatientReply(ctx, changed, { declined: true, text, channel: 'whatsapp' }));
    }
    deps.logger.info(log, 'whatsapp free-text reply');
  } catch (error) {
    if (!isDomainError(error)) throw error;
    deps.logger.warn({ ...log, errorCode: error.code }, 'whatsapp free-text reply not applied');
  }
  return intent;
}
