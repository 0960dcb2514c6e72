/**
 * Writing notifications: whatever happens that a user should see in the bell (a patient confirmed, a
 * message failed, a sync conflict waits for review) becomes one notification per user it concerns,
 * in the store of the tenant, so it replicates to the desks like any record.
 */
import { users } from '#core/access/user.js';
import type { Role } from '#core/access/roles.js';
import { newRecordBase } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import type { Notification, NotificationKind, NotificationLink } from './notification-records.js';
import { notifications } from './notification-records.js';

/** What to notify. */
export interface NotificationInput {
  kind: NotificationKind;
  /** One line in pt-BR (at most 200 characters; longer is cut). */
  title: string;
  body?: string | null;
  link?: NotificationLink | null;
}

/** Writes `input` once for each of `userIds` (duplicates ignored). @returns the notifications written. */
export async function notifyUsers(
  ctx: Pick<OperationContext, 'store' | 'clock' | 'ids'>,
  userIds: readonly string[],
  input: NotificationInput,
): Promise<Notification[]> {
  const written: Notification[] = [];
  for (const user of new Set(userIds)) {
    const record: Notification = {
      ...newRecordBase(ctx),
      user,
      kind: input.kind,
      title: input.title.slice(0, 200),
      body: input.body?.slice(0, 1000) ?? null,
      link: input.link ?? null,
      readAt: null,
    };
    await ctx.store.collection(notifications).insert(record);
    written.push(record);
  }
  return written;
}

/** The active users of the account holding one of `roles` (admins always: they hold every permission). */
export async function usersInRoles(ctx: Pick<OperationContext, 'store'>, roles: readonly Role[]): Promise<string[]> {
  const all = await ctx.store.collection(users).find({ selector: { active: true } });
  return all.filter((u) => u.role === 'admin' || roles.includes(u.role)).map((u) => u.id);
}

const CHANNEL_LABELS: Record<string, string> = {
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  webhook: 'Webhook',
};

/**
 * Tells the reception (and the admins) that a message to a patient failed for good, so someone retries
 * it or calls the patient: "Mensagem não enviada", the channel and the provider's reason.
 */
export async function notifyFailedMessage(
  ctx: Pick<OperationContext, 'store' | 'clock' | 'ids'>,
  message: { id: string; channel: string; lastError: string | null },
): Promise<Notification[]> {
  const channel = CHANNEL_LABELS[message.channel] ?? message.channel;
  return notifyUsers(ctx, await usersInRoles(ctx, ['reception']), {
    kind: 'message.failed',
    title: `Mensagem não enviada (${channel})`,
    body: message.lastError,
    link: { collection: 'outbox_messages', id: message.id },
  });
}

/** `dd/mm às HH:mm` of `iso` in the clinics' zone (Brasília time). */
function whenLabel(iso: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit' });
  const time = at.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
  return `${day} às ${time}`;
}

/**
 * Tells the reception, the admins and the appointment's professional that the patient confirmed (or
 * took back the confirmation of) an appointment through a reply: no patient data in the text, the
 * link opens the appointment.
 */
export async function notifyPatientConfirmation(
  ctx: Pick<OperationContext, 'store' | 'clock' | 'ids'>,
  appointment: { id: string; professional: string; start: string },
  confirmed: boolean,
): Promise<Notification[]> {
  const recipients = [...(await usersInRoles(ctx, ['reception'])), appointment.professional];
  const known = new Set((await ctx.store.collection(users).find({ selector: { active: true } })).map((u) => u.id));
  return notifyUsers(
    ctx,
    recipients.filter((id) => known.has(id)),
    {
      kind: confirmed ? 'appointment.confirmed' : 'appointment.unconfirmed',
      title: confirmed ? 'Paciente confirmou a consulta' : 'Paciente desfez a confirmação',
      body: `Consulta de ${whenLabel(appointment.start)}`,
      link: { collection: 'appointments', id: appointment.id },
    },
  );
}

/**
 * A patient's free-text answer to a confirmation request that the server read as a no, or could not
 * read (MSG-043): the reception, the admins and the professional see the text itself in the bell, to
 * call the patient or offer the slot. The text is the patient's own words, kept only here (never logged).
 */
export async function notifyPatientReply(
  ctx: Pick<OperationContext, 'store' | 'clock' | 'ids'>,
  appointment: { id: string; professional: string; start: string },
  reply: { declined: boolean; text: string; channel: string },
): Promise<Notification[]> {
  const recipients = [...(await usersInRoles(ctx, ['reception'])), appointment.professional];
  const known = new Set((await ctx.store.collection(users).find({ selector: { active: true } })).map((u) => u.id));
  const channel = CHANNEL_LABELS[reply.channel] ?? reply.channel;
  return notifyUsers(
    ctx,
    recipients.filter((id) => known.has(id)),
    {
      kind: reply.declined ? 'appointment.unconfirmed' : 'message.reply',
      title: reply.declined ? `Paciente disse que não pode vir (${channel})` : `Resposta do paciente (${channel})`,
      body: `Consulta de ${whenLabel(appointment.start)}: “${reply.text.trim().slice(0, 900)}”`,
      link: { collection: 'appointments', id: appointment.id },
    },
  );
}
