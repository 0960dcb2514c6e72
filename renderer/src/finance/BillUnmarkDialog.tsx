import { Modal, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#core/br/format.js';
import { unmarkReceived } from '#core/finance/payment-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';
import type { BillRow } from './bill-form.js';

/** "Desmarcar": reverses the bill's last live payment (`finance.bill.unmark`), the reason required (FIN-002). */
export function BillUnmarkDialog(props: { bill: BillRow; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(unmarkReceived, { id: props.bill.id, reason });
      props.onDone(done.message);
    } catch (error) {
      setFailure(formFailure(error, ['reason']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  return (
    <Modal opened onClose={props.onClose} title={t('finance.unmark.title')} size="md">
      <DialogForm
        onSubmit={submit}
        error={failure?.general}
        intro={
          <Text size="sm" c="dimmed">
            {t('finance.unmark.intro', { description: props.bill.description, paid: formatMoney(props.bill.paid) })}
          </Text>
        }
      >
        <TextInput
          label={t('finance.unmark.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={failure?.fields.reason}
          data-autofocus
        />
        <DialogActions
          hint={t('finance.unmark.hint')}
          submitLabel={t('finance.unmark.confirm')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
