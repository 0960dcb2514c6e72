import { Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supplyCash, withdrawCash } from '#core/finance/register-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';
import { centavosOfText } from './money-field.js';

/**
 * Sangria (cash taken out, with where it went) or suprimento (cash put in) on this station's open
 * register, in cash. The core refuses a sangria above the cash the register holds (FIN-003).
 */
export function FlowDialog(props: {
  kind: 'withdrawal' | 'supply';
  register: string;
  station: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const withdrawal = props.kind === 'withdrawal';

  const submit = async () => {
    if (saving) return;
    const cents = centavosOfText(value);
    if (cents === undefined || cents <= 0) {
      setFailure({ fields: { value: t('cash.badAmount') }, general: null });
      return;
    }
    if (withdrawal && !note.trim()) {
      setFailure({ fields: { note: t('cash.noteRequired') }, general: null });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const input = {
        id: props.register,
        station: props.station,
        value: cents / 100,
        method: 'cash' as const,
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      const done = withdrawal ? await run(withdrawCash, { ...input, note: note.trim() }) : await run(supplyCash, input);
      props.onDone(done.message);
    } catch (error) {
      setFailure(formFailure(error, ['value', 'note']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t(withdrawal ? 'cash.withdrawal' : 'cash.supply')} size="sm">
      <DialogForm onSubmit={submit} error={failure?.general}>
        <TextInput
          label={t('cash.valueCash')}
          leftSection="R$"
          inputMode="decimal"
          placeholder="0,00"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={failure?.fields.value}
          data-autofocus
        />
        <TextInput
          label={t(withdrawal ? 'cash.withdrawalNote' : 'cash.supplyNote')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={failure?.fields.note}
          maxLength={500}
        />
        <DialogActions
          hint={t('cash.saveHint')}
          submitLabel={t(withdrawal ? 'cash.withdrawalSave' : 'cash.supplySave')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
