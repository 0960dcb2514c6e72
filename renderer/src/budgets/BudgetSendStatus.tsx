import { Alert, Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BudgetSendState } from './budget-send-state.js';
import { sendNote } from './budget-send-state.js';

const stateColor = { pending: 'blue', sending: 'blue', sent: 'green', failed: 'red' } as const;
const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).replace(',', '');

/** The list's badge for a budget's latest send: queued, sending, sent or failed. */
export function SendStateBadge(props: { send: BudgetSendState }) {
  const { t } = useTranslation();
  return (
    <Badge color={stateColor[props.send.status]} variant="dot" data-testid="budget-send-state">
      {t(`budget.sendState.${props.send.status}`)}
    </Badge>
  );
}

/**
 * A send's state in a sentence: where a queued message waits (the demonstration, the connection, the
 * server), when it went, or why it failed (the provider's reason, as the server recorded it).
 * `reachable` is null on the demonstration.
 */
export function SendStateNote(props: { send: BudgetSendState; reachable: boolean | null }) {
  const { t } = useTranslation();
  const { send } = props;
  const note = sendNote(send.status, props.reachable !== null, props.reachable === true);
  const text =
    note === 'sent'
      ? t('budget.sendNote.sent', { when: when(send.sentAt ?? send.createdAt) })
      : note === 'failed'
        ? t('budget.sendNote.failed', { reason: send.lastError ?? t('budget.sendFailedUnknown') })
        : t(`budget.sendNote.${note}`);
  return (
    <Alert
      color={stateColor[send.status]}
      variant="light"
      role={note === 'failed' ? 'alert' : 'status'}
      title={t('budget.sendLast', {
        channel: t(
          `budget.sendChannel.${send.channel === 'whatsapp' || send.channel === 'sms' ? send.channel : 'email'}`,
        ),
        to: send.to,
      })}
      data-testid="budget-send-note"
    >
      {text}
    </Alert>
  );
}
