/**
 * Where a budget's sending to the patient stands, read from the desk's own copy of the outbox.
 * `budget.send` only queues a message (`outbox_messages`, replicated); the server's delivery worker
 * sends it and sync brings its status back. So the desk knows: queued here and not yet pushed, queued
 * on the server, sent, or failed with the provider's reason (docs/decisions/renderer.md).
 */
import { BUDGET_PDF_ATTACHMENT, BUDGET_SEND_TEMPLATE } from '#core/budget/budget-send-ops.js';
import { formatPhone } from '#core/br/format.js';
import { normalisePhone } from '#core/br/phone.js';
import type { MessageStatus, QueuedMessage } from '#core/messaging/message.js';

/** The channels a budget goes by. */
export type SendChannel = 'email' | 'whatsapp' | 'sms';

/** The latest send of one budget. Times are ISO-8601 UTC as the outbox stores them. */
export interface BudgetSendState {
  messageId: string;
  budgetId: string;
  status: MessageStatus;
  channel: string;
  to: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

/**
 * The latest `budget.send` message of each budget (by creation: ids are UUIDv7, so the greatest id
 * is the newest). Messages of other templates are ignored.
 */
export function latestSends(messages: readonly QueuedMessage[]): Map<string, BudgetSendState> {
  const latest = new Map<string, BudgetSendState>();
  for (const m of messages) {
    if (m.template !== BUDGET_SEND_TEMPLATE) continue;
    const ref = m.attachments.find((a) => a.kind === BUDGET_PDF_ATTACHMENT);
    const budgetId = typeof ref?.['budgetId'] === 'string' ? ref['budgetId'] : undefined;
    if (!budgetId) continue;
    const known = latest.get(budgetId);
    if (known && known.messageId > m.id) continue;
    latest.set(budgetId, {
      messageId: m.id,
      budgetId,
      status: m.status,
      channel: m.channel,
      to: m.to,
      attempts: m.attempts,
      lastError: m.lastError,
      sentAt: m.sentAt,
      createdAt: m.createdAt,
    });
  }
  return latest;
}

/** The contacts a destination defaults from: the budget's own, then the patient's. */
export interface Contacts {
  email?: string | undefined;
  cellPhone?: string | undefined;
}

/**
 * The destination `budget.send` would use by itself for `channel` (the same order as the core), or '';
 * a phone as the desk reads it (`(11) 98765-4321`, not E.164), which {@link destinationInput} reads back.
 */
export function defaultDestination(channel: SendChannel, budget: Contacts, patient: Contacts | undefined): string {
  if (channel === 'email') return budget.email ?? patient?.email ?? '';
  const phone = budget.cellPhone ?? patient?.cellPhone;
  return phone ? formatPhone(phone) : '';
}

/**
 * What the person typed as the core wants it: trimmed; for WhatsApp and SMS a Brazilian number written as
 * people write it (`(11) 98765-4321`) becomes E.164. Anything else goes as typed, so the core's own
 * message about it shows under the field.
 */
export function destinationInput(channel: SendChannel, typed: string): string {
  const text = typed.trim();
  if (channel === 'email') return text;
  return normalisePhone(text) ?? text;
}

/** Which sentence tells the state of a send. */
export type SendNote = 'demo' | 'queuedOffline' | 'queuedOnline' | 'sending' | 'sent' | 'failed';

/**
 * The sentence for a send's state. `server` is false on the demonstration (no server: nothing ever
 * leaves); `online` is the sync's last word on the link. A pending message on an offline desk waits
 * for the connection; online it waits for the server's next delivery pass.
 */
export function sendNote(status: MessageStatus, server: boolean, online: boolean): SendNote {
  if (status === 'sent') return 'sent';
  if (status === 'failed') return 'failed';
  if (status === 'sending') return 'sending';
  if (!server) return 'demo';
  return online ? 'queuedOnline' : 'queuedOffline';
}
