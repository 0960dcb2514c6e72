import { Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#core/br/format.js';
import { FINANCE_METHODS } from '#core/finance/bill-record.js';
import { markPaid } from '#core/finance/payment-ops.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import { useRun } from '../local/hooks.js';
import { moneyText, optionalReais, type BillRow } from './bill-form.js';

type Method = (typeof FINANCE_METHODS)[number];
const AMOUNTS = ['value', 'discount', 'interest', 'fine'] as const;

/**
 * "Baixar": marks the bill paid (`finance.bill.pay`) with discount, interest (juros) and fine (multa);
 * a value below what is open is a partial payment and the rest stays open (FIN-002). The total that
 * changes hands is shown as typed. Not at a register: the Caixa screen takes the desk's money.
 */
export function BillPayDialog(props: { bill: BillRow; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const { bill } = props;
  const [amounts, setAmounts] = useState<Record<(typeof AMOUNTS)[number], string>>({
    value: moneyText(Math.round(bill.open * 100)),
    discount: '',
    interest: '',
    fine: '',
  });
  const [method, setMethod] = useState<Method>(
    FINANCE_METHODS.find((m) => m === bill.method) ?? (bill.type === 'payable' ? 'bankTransfer' : 'pix'),
  );
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const read = Object.fromEntries(AMOUNTS.map((k) => [k, optionalReais(amounts[k])])) as Record<
    (typeof AMOUNTS)[number],
    number | undefined | null
  >;
  const total =
    Object.values(read).some((v) => v === null) || read.value === undefined
      ? undefined
      : Math.round(((read.value ?? 0) - (read.discount ?? 0) + (read.interest ?? 0) + (read.fine ?? 0)) * 100) / 100;

  const submit = async () => {
    if (saving) return;
    const bad = AMOUNTS.filter((k) => read[k] === null);
    if (bad.length > 0) {
      setFailure({ fields: Object.fromEntries(bad.map((k) => [k, t('finance.edit.badAmount')])), general: null });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(markPaid, {
        id: bill.id,
        method,
        ...Object.fromEntries(AMOUNTS.flatMap((k) => (read[k] === undefined ? [] : [[k, read[k]]]))),
      });
      props.onDone(done.message);
    } catch (error) {
      setFailure(formFailure(error, [...AMOUNTS, 'method']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('finance.pay.title')} size="md">
      <DialogForm
        onSubmit={submit}
        error={failure?.general}
        intro={
          <Text size="sm" c="dimmed">
            {t('finance.pay.intro', { description: bill.description, open: formatMoney(bill.open) })}
          </Text>
        }
      >
        <Group grow>
          {AMOUNTS.map((k, i) => (
            <TextInput
              key={k}
              label={t(`finance.pay.${k}` as MessageKey)}
              leftSection="R$"
              inputMode="decimal"
              value={amounts[k]}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setAmounts((a) => ({ ...a, [k]: text }));
              }}
              error={failure?.fields[k]}
              {...(i === 0 ? { 'data-autofocus': true } : {})}
            />
          ))}
        </Group>
        <Select
          label={t('finance.pay.method')}
          data={FINANCE_METHODS.map((m) => ({ value: m, label: t(`finance.method.${m}` as MessageKey) }))}
          value={method}
          onChange={(v) => v && setMethod(v)}
          allowDeselect={false}
          error={failure?.fields.method}
        />
        <Text fw={600} data-testid="pay-total">
          {total === undefined ? '' : t('finance.pay.total', { value: formatMoney(total) })}
        </Text>
        <DialogActions
          hint={t('finance.pay.hint')}
          submitLabel={t('finance.pay.confirm')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
