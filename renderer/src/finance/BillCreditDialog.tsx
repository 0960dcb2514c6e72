import { Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatMoney } from '#core/br/format.js';
import { creditOf } from '#core/finance/credit-balance.js';
import { applyCredit } from '#core/finance/credit-ops.js';
import { patientCredits } from '#core/finance/credit-record.js';
import { payments } from '#core/finance/payment-record.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import { centavosOfText } from '../cash-register/money-field.js';
import { creditToApply } from './bill-history.js';
import { moneyText, type BillRow } from './bill-form.js';
import { MoneyInput } from './MoneyInput.js';

/** The patient's unapplied credit in centavos, live from the desk's database (FIN-017). */
export function useUnappliedCredit(patient: string | undefined) {
  return useLive(
    async (ctx) => (patient ? (await creditOf(ctx.store, patient)).balance.unapplied : 0),
    [patientCredits, payments],
    [patient],
  );
}

/**
 * "Usar crédito" (FIN-023): pays a bill to receive from its patient's credit (`finance.credit.apply`):
 * the lesser of what is open and the credit by default; more than the credit is refused here before
 * the core refuses it. No money changes hands: it came in with the prepayment.
 */
export function BillCreditDialog(props: { bill: BillRow; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const { bill } = props;
  const credit = useUnappliedCredit(bill.patient);
  const available = credit.data ?? 0;
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const loaded = credit.data !== undefined;
  useEffect(() => {
    if (loaded) setValue(moneyText(creditToApply(Math.round(bill.open * 100), available)));
    // Filled once the credit has been read.
  }, [loaded]);

  const submit = async () => {
    if (saving) return;
    const cents = centavosOfText(value);
    if (cents === undefined || cents <= 0 || cents > available) {
      setFailure({
        fields: {
          value:
            cents === undefined || cents <= 0
              ? t('finance.edit.badAmount')
              : t('finance.apply.tooMuch', { credit: formatCentavos(available) }),
        },
        general: null,
      });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(applyCredit, { id: bill.id, value: cents / 100 });
      props.onDone(done.message);
    } catch (error) {
      setFailure(formFailure(error, ['value']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('finance.apply.title')} size="md">
      <DialogForm
        onSubmit={submit}
        error={failure?.general}
        intro={
          <div>
            <Text size="sm" c="dimmed">
              {t('finance.apply.intro', { description: bill.description, open: formatMoney(bill.open) })}
            </Text>
            <Text size="sm" fw={600} data-testid="credit-available">
              {t('finance.apply.available', { credit: formatCentavos(available) })}
            </Text>
          </div>
        }
      >
        <MoneyInput
          label={t('finance.apply.value')}
          value={value}
          onChange={(text) => {
            setValue(text);
            setFailure(null);
          }}
          error={failure?.fields.value}
          data-autofocus
        />
        <DialogActions
          hint={t('finance.apply.hint')}
          submitLabel={t('finance.apply.confirm')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
