import { Modal, NumberInput, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, maskDate, parseDate } from '#core/br/format.js';
import { splitBill } from '#core/finance/bill-ops.js';
import { splitCentavos } from '#core/finance/finance-money.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useRun } from '../local/hooks.js';
import { optionalReais, type BillRow } from './bill-form.js';

/**
 * "Parcelar": splits an open bill without payments into parcels (`finance.bill.split`), with an optional
 * entry, the first due date and the period; the parcels are previewed with the core's own rule
 * (`splitCentavos`: they sum to the bill to the centavo) before anything is written.
 */
export function BillSplitDialog(props: { bill: BillRow; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const { bill } = props;
  const [quantity, setQuantity] = useState<number>(2);
  const [entry, setEntry] = useState('');
  const [first, setFirst] = useState(formatDate(bill.dueDate));
  const [period, setPeriod] = useState<'monthly' | 'biweekly'>('monthly');
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const entryReais = optionalReais(entry);
  let preview: number[] = [];
  try {
    if (entryReais !== null && quantity >= 1)
      preview = splitCentavos(Math.round(bill.value * 100), quantity, Math.round((entryReais ?? 0) * 100));
  } catch {
    preview = [];
  }

  const submit = async () => {
    if (saving) return;
    const firstDueDate = parseDate(first);
    if (!firstDueDate || entryReais === null) {
      setFailure({
        fields: {
          ...(firstDueDate ? {} : { firstDueDate: t('finance.edit.badDate') }),
          ...(entryReais === null ? { entry: t('finance.edit.badAmount') } : {}),
        },
        general: null,
      });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(splitBill, {
        id: bill.id,
        quantity,
        firstDueDate,
        period,
        ...(entryReais === undefined ? {} : { entry: entryReais }),
      });
      props.onDone(done.message);
    } catch (error) {
      setFailure(formFailure(error, ['quantity', 'entry', 'firstDueDate']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('finance.split.title')} size="md">
      <DialogForm onSubmit={submit} error={failure?.general}>
        <NumberInput
          label={t('finance.split.quantity')}
          min={1}
          max={120}
          value={quantity}
          onChange={(v) => setQuantity(typeof v === 'number' ? v : Number(v) || 1)}
          error={failure?.fields.quantity}
          data-autofocus
        />
        <TextInput
          label={t('finance.split.entry')}
          leftSection="R$"
          inputMode="decimal"
          value={entry}
          onChange={(e) => setEntry(e.currentTarget.value)}
          error={failure?.fields.entry}
        />
        <TextInput
          label={t('finance.split.first')}
          placeholder="dd/mm/aaaa"
          inputMode="numeric"
          value={first}
          onChange={(e) => setFirst(maskDate(e.currentTarget.value))}
          error={failure?.fields.firstDueDate}
        />
        <SegmentedControl
          aria-label={t('finance.split.period')}
          value={period}
          onChange={(v) => setPeriod(v)}
          data={[
            { value: 'monthly', label: t('finance.split.monthly') },
            { value: 'biweekly', label: t('finance.split.biweekly') },
          ]}
        />
        <Text size="sm" data-testid="split-preview">
          {preview.map((c) => formatMoney(c / 100)).join(' + ')}
        </Text>
        <DialogActions
          hint={t('finance.split.hint')}
          submitLabel={t('finance.split.confirm')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
