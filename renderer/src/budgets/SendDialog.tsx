import { Button, Group, Modal, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { budgets } from '#core/budget/budget-record.js';
import { sendBudget } from '#core/budget/budget-send-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { DialogForm } from '../common/DialogForm.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import type { BudgetRef } from './BudgetDialogs.js';
import { defaultDestination, destinationInput, type SendChannel } from './budget-send-state.js';
import { BUDGET_SEND_COLLECTIONS, loadBudgetSends, useServerReachable } from './budget-sends.js';
import { SendStateNote } from './BudgetSendStatus.js';

/**
 * "Enviar ao paciente": e-mail, WhatsApp or SMS (a summary without the PDF), the destination filled from the budget's contact, else
 * the patient's, and editable. `budget.send` runs on the desk's core and only queues the message in
 * the local outbox, so it works offline; sync pushes it and the server's delivery worker sends it
 * with the PDF attached. The dialog then follows the send live (queued, sent, failed) and a failed
 * one can be sent again (a new message: the retry of a queued one is the server's).
 */
export function SendDialog(props: { budget: BudgetRef; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const reachable = useServerReachable();
  const contacts = useLive(
    async (ctx) => {
      const budget = await ctx.store.collection(budgets).get(props.budget.id);
      const patient = budget ? await ctx.store.collection(patients).get(budget.patient) : undefined;
      return {
        budget: { email: budget?.email, cellPhone: budget?.cellPhone },
        patient: patient ? { email: patient.email, cellPhone: patient.cellPhone } : undefined,
      };
    },
    [budgets, patients],
    [props.budget.id],
  );
  const sends = useLive(loadBudgetSends, BUDGET_SEND_COLLECTIONS, []);
  const last = sends.data?.get(props.budget.id);
  const [channel, setChannel] = useState<SendChannel>('email');
  const [to, setTo] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; general?: string | null }>({});
  const [sending, setSending] = useState(false);

  // The destination starts as the core would choose it, once the contacts are read.
  useEffect(() => {
    if (to === null && contacts.data) setTo(defaultDestination(channel, contacts.data.budget, contacts.data.patient));
  }, [to, channel, contacts.data]);

  const switchChannel = (next: SendChannel) => {
    setChannel(next);
    setError({});
    setTo(contacts.data ? defaultDestination(next, contacts.data.budget, contacts.data.patient) : null);
  };

  const submit = async () => {
    if (sending) return;
    setSending(true);
    setError({});
    try {
      const address = destinationInput(channel, to ?? '');
      await run(sendBudget, { id: props.budget.id, channel, ...(address ? { to: address } : {}) });
    } catch (failure) {
      const found = formFailure(failure, ['to', 'message.to']);
      const field = found.fields['to'] ?? found.fields['message.to'];
      setError({ ...(field ? { field } : {}), general: field ? null : found.general });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('budget.sendTitle', { number: String(props.budget.budgetNumber) })}
      size="lg"
    >
      <DialogForm onSubmit={submit} error={error.general}>
        <div>
          <Text size="sm" fw={500} mb={4} id="budget-send-channel">
            {t('budget.sendChannel')}
          </Text>
          <SegmentedControl
            aria-labelledby="budget-send-channel"
            value={channel}
            onChange={(value) => switchChannel(value)}
            data={(['email', 'whatsapp', 'sms'] as const).map((c) => ({
              value: c,
              label: t(`budget.sendChannel.${c}`),
            }))}
          />
        </div>
        <TextInput
          label={t(`budget.sendTo.${channel}`)}
          description={t('budget.sendToHint')}
          value={to ?? ''}
          error={error.field}
          data-autofocus
          inputMode={channel === 'email' ? 'email' : 'tel'}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t(channel === 'sms' ? 'budget.sendSmsNote' : 'budget.sendPdfNote')}
        </Text>
        {last && <SendStateNote send={last} reachable={reachable} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('budget.sendClose')}
          </Button>
          <Button type="submit" loading={sending}>
            {last ? t('budget.sendAgain') : t('budget.sendSubmit')}
          </Button>
        </Group>
      </DialogForm>
    </Modal>
  );
}
