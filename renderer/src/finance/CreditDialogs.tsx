import { Modal, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '#core/br/format.js';
import { FINANCE_METHODS } from '#core/finance/bill-record.js';
import { depositCredit, refundCredit } from '#core/finance/credit-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import { useRun } from '../local/hooks.js';
import { centavosOfText } from '../cash-register/money-field.js';
import { moneyText } from './bill-form.js';
import { MoneyInput } from './MoneyInput.js';
import { useStationRegister } from './use-station-register.js';

/** How a prepayment comes in or goes back: money, never convênio or cortesia (the core refuses those). */
export const CREDIT_METHODS = FINANCE_METHODS.filter((m) => m !== 'insurance' && m !== 'courtesy');
type Method = (typeof CREDIT_METHODS)[number];

/** The money, method and note fields both credit dialogs share, and their submit. */
function useCreditForm(initial: string) {
  const [value, setValue] = useState(initial);
  const [method, setMethod] = useState<Method>('pix');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  return { value, setValue, method, setMethod, note, setNote, failure, setFailure, saving, setSaving };
}

function MethodSelect(props: { value: Method; onChange: (m: Method) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('finance.deposit.method')}
      data={CREDIT_METHODS.map((m) => ({ value: m, label: t(`finance.method.${m}` as MessageKey) }))}
      value={props.value}
      onChange={(v) => v && props.onChange(v)}
      allowDeselect={false}
      error={props.error}
    />
  );
}

/** The dialog both credit movements show: the money, the method, a note (or reason) and the actions. */
function CreditMovementModal(props: {
  /** Message keys under `finance.deposit` or `finance.creditRefund`. */
  keys: 'deposit' | 'creditRefund';
  noteLabel: MessageKey;
  intro: string;
  form: ReturnType<typeof useCreditForm>;
  submit: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = props.form;
  const key = (name: string) => t(`finance.${props.keys}.${name}` as MessageKey);
  return (
    <Modal opened onClose={props.onClose} title={key('title')} size="md">
      <DialogForm
        onSubmit={props.submit}
        error={f.failure?.general}
        intro={
          <Text size="sm" c="dimmed">
            {props.intro}
          </Text>
        }
      >
        <MoneyInput
          label={key('value')}
          value={f.value}
          onChange={f.setValue}
          error={f.failure?.fields.value}
          data-autofocus
        />
        <MethodSelect value={f.method} onChange={f.setMethod} error={f.failure?.fields.method} />
        <TextInput
          label={t(props.noteLabel)}
          value={f.note}
          onChange={(e) => f.setNote(e.currentTarget.value)}
          error={f.failure?.fields.note}
        />
        <DialogActions hint={key('hint')} submitLabel={key('confirm')} loading={f.saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}

/**
 * "Receber adiantamento" (FIN-023): a prepayment of the patient (`finance.credit.deposit`) in cash,
 * PIX, card, boleto or transfer; with this station's register open it goes in as a `prepayment`
 * movement, never as a receipt. `onDone` gets the credit entry's id, for its receipt.
 */
export function CreditDepositDialog(props: {
  patient: { id: string; name: string };
  onClose: () => void;
  onDone: (message: string, entry: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const f = useCreditForm('');
  const { station, register } = useStationRegister();
  const submit = async () => {
    if (f.saving) return;
    const cents = centavosOfText(f.value);
    if (cents === undefined || cents <= 0) {
      f.setFailure({ fields: { value: t('finance.edit.badAmount') }, general: null });
      return;
    }
    f.setSaving(true);
    f.setFailure(null);
    try {
      const done = await run(depositCredit, {
        patient: props.patient.id,
        value: cents / 100,
        method: f.method,
        ...(f.note.trim() ? { note: f.note } : {}),
        ...(register ? { register, station } : {}),
      });
      props.onDone(done.message, done.entry.id);
    } catch (error) {
      f.setFailure(formFailure(error, ['value', 'method', 'note']));
    } finally {
      f.setSaving(false);
    }
  };
  useCtrlEnter(submit);
  return (
    <CreditMovementModal
      keys="deposit"
      noteLabel="finance.deposit.note"
      intro={`${t('finance.deposit.intro', { patient: props.patient.name })}${register ? ` ${t('finance.deposit.register')}` : ''}`}
      form={f}
      submit={submit}
      onClose={props.onClose}
    />
  );
}

/**
 * "Devolver crédito" (FIN-023): hands back unapplied credit (`finance.credit.refund`, `finance:write`),
 * at most the balance (checked here too), with the reason; cash may leave this station's open register.
 */
export function CreditRefundDialog(props: {
  patient: string;
  unappliedCentavos: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const f = useCreditForm(moneyText(props.unappliedCentavos));
  const { station, register } = useStationRegister();
  const submit = async () => {
    if (f.saving) return;
    const cents = centavosOfText(f.value);
    if (cents === undefined || cents <= 0 || cents > props.unappliedCentavos) {
      f.setFailure({
        fields: {
          value:
            cents === undefined || cents <= 0
              ? t('finance.edit.badAmount')
              : t('finance.apply.tooMuch', { credit: formatCentavos(props.unappliedCentavos) }),
        },
        general: null,
      });
      return;
    }
    f.setSaving(true);
    f.setFailure(null);
    try {
      const done = await run(refundCredit, {
        patient: props.patient,
        value: cents / 100,
        method: f.method,
        note: f.note,
        ...(register && f.method === 'cash' ? { register, station } : {}),
      });
      props.onDone(done.message);
    } catch (error) {
      f.setFailure(formFailure(error, ['value', 'method', 'note']));
    } finally {
      f.setSaving(false);
    }
  };
  useCtrlEnter(submit);
  return (
    <CreditMovementModal
      keys="creditRefund"
      noteLabel="finance.creditRefund.reason"
      intro={t('finance.creditRefund.intro', { credit: formatCentavos(props.unappliedCentavos) })}
      form={f}
      submit={submit}
      onClose={props.onClose}
    />
  );
}
