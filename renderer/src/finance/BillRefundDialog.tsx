import { Checkbox, Modal, Select, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatMoney } from '#core/br/format.js';
import { refundPayment } from '#core/finance/refund-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import { useRun } from '../local/hooks.js';
import { centavosOfText } from '../cash-register/money-field.js';
import { refundables } from './bill-history.js';
import { BillHistoryTable, useBillPayments, whenText } from './BillHistory.js';
import { moneyText, type BillRow } from './bill-form.js';
import { MoneyInput } from './MoneyInput.js';
import { useStationRegister } from './use-station-register.js';

/**
 * "Estornar" (FIN-022): part or all of one payment handed back (`finance.payment.refund`, FIN-019): the
 * payment (latest by default), the amount (at most what is left of it, checked here before the core
 * does) and the reason; the money goes back by the payment's own method, and cash may leave this
 * station's open register. The bill's history below shows the refund as soon as it is written.
 */
export function BillRefundDialog(props: { bill: BillRow; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const { bill } = props;
  const records = useBillPayments(bill.id);
  const options = refundables(records.data ?? []);
  const [chosen, setChosen] = useState<string | null>(null);
  const target = options.find((o) => o.payment.id === chosen) ?? options[options.length - 1];
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const { station, register } = useStationRegister();
  const [fromRegister, setFromRegister] = useState(true);
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const targetId = target?.payment.id;
  useEffect(() => {
    if (target) setValue(moneyText(target.leftCentavos));
    // Refill only when another payment is chosen, not on every typed character.
  }, [targetId]);
  const cash = target?.payment.method === 'cash' && register !== undefined;

  const submit = async () => {
    if (saving || !target) return;
    const cents = centavosOfText(value);
    if (cents === undefined || cents <= 0 || cents > target.leftCentavos) {
      setFailure({
        fields: {
          value:
            cents === undefined || cents <= 0
              ? t('finance.edit.badAmount')
              : t('finance.refund.tooMuch', { left: formatCentavos(target.leftCentavos) }),
        },
        general: null,
      });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(refundPayment, {
        id: target.payment.id,
        value: cents / 100,
        reason,
        ...(cash && fromRegister ? { register, station } : {}),
      });
      props.onDone(done.message);
    } catch (error) {
      setFailure(formFailure(error, ['value', 'reason']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  const method = (m: string) => t(`finance.method.${m}` as MessageKey);

  return (
    <Modal opened onClose={props.onClose} title={t('finance.refund.title')} size="xl">
      <DialogForm
        onSubmit={submit}
        error={failure?.general}
        intro={
          <Text size="sm" c="dimmed">
            {t('finance.refund.intro', { description: bill.description, paid: formatMoney(bill.paid) })}
          </Text>
        }
      >
        {records.data && options.length === 0 && <Text role="status">{t('finance.refund.none')}</Text>}
        {target && (
          <>
            <Select
              label={t('finance.refund.payment')}
              data={options.map((o) => ({
                value: o.payment.id,
                label: t('finance.refund.option', {
                  date: whenText(o.payment.paidAt),
                  method: method(o.payment.method),
                  received: formatCentavos(o.payment.receivedCentavos),
                  left: formatCentavos(o.leftCentavos),
                }),
              }))}
              value={target.payment.id}
              onChange={setChosen}
              allowDeselect={false}
            />
            <MoneyInput
              label={t('finance.refund.value')}
              description={t('finance.refund.max', {
                left: formatCentavos(target.leftCentavos),
                method: method(target.payment.method),
              })}
              value={value}
              onChange={(text) => {
                setValue(text);
                setFailure(null);
              }}
              error={failure?.fields.value}
              data-autofocus
            />
            <TextInput
              label={t('finance.refund.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={failure?.fields.reason}
            />
            {cash && (
              <Checkbox
                label={t('finance.refund.fromRegister')}
                checked={fromRegister}
                onChange={(e) => setFromRegister(e.currentTarget.checked)}
              />
            )}
          </>
        )}
        <BillHistoryTable bill={bill} records={records.data ?? []} />
        <DialogActions
          hint={t('finance.refund.hint')}
          submitLabel={t('finance.refund.confirm')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
