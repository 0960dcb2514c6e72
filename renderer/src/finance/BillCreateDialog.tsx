import { Modal, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, maskDate, parseDate } from '#core/br/format.js';
import { createBill } from '#core/finance/bill-ops.js';
import { financeCategories } from '#core/finance/category-record.js';
import { FINANCE_TIME_ZONE } from '#core/finance/finance-common.js';
import { dayIn } from '#core/schedule/time.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import { PatientPicker, type PickedPatient } from '../patients/PatientPicker.js';
import { centavosOfText } from '../cash-register/money-field.js';
import { MoneyInput } from './MoneyInput.js';

/**
 * "Nova conta" (FIN-022): a bill to receive (of a patient, optional) or to pay (to a payee) made by hand
 * with `finance.bill.create` on the desk: description, value `1.234,56`, due date dd/mm/aaaa (today by
 * default, São Paulo's calendar), category of the bill's kind. Ctrl+Enter creates it.
 */
export function BillCreateDialog(props: {
  type: 'receivable' | 'payable';
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const receivable = props.type === 'receivable';
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [payee, setPayee] = useState('');
  const [description, setDescription] = useState('');
  const [value, setValue] = useState('');
  const [due, setDue] = useState(formatDate(dayIn(new Date(), FINANCE_TIME_ZONE)));
  const [category, setCategory] = useState<string | null>(null);
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = receivable ? 'income' : 'expense';
  const categories = useLive(
    async (ctx) =>
      (
        await ctx.store
          .collection(financeCategories)
          .find({ selector: { kind, active: true }, sort: [{ nameKey: 'asc' }] })
      ).map((c) => ({ value: c.id, label: c.name })),
    [financeCategories],
    [kind],
  );

  const submit = async () => {
    if (saving) return;
    const cents = centavosOfText(value);
    const dueDate = parseDate(due);
    if (cents === undefined || !dueDate) {
      setFailure({
        fields: {
          ...(cents === undefined ? { value: t('finance.edit.badAmount') } : {}),
          ...(!dueDate ? { dueDate: t('finance.edit.badDate') } : {}),
        },
        general: null,
      });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const done = await run(createBill, {
        type: props.type,
        value: cents / 100,
        description,
        dueDate,
        ...(receivable && patient ? { patient: patient.id } : {}),
        ...(!receivable && payee.trim() ? { payee } : {}),
        ...(category ? { category } : {}),
      });
      props.onDone(
        t('finance.create.created', { description: done.finance.description, value: formatMoney(done.finance.value) }),
      );
    } catch (error) {
      setFailure(formFailure(error, ['patient', 'payee', 'description', 'value', 'dueDate', 'category']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(receivable ? 'finance.create.titleReceivable' : 'finance.create.titlePayable')}
      size="md"
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        {receivable ? (
          <PatientPicker value={patient} onChange={setPatient} error={failure?.fields.patient} autoFocus />
        ) : (
          <TextInput
            label={t('finance.create.payee')}
            value={payee}
            onChange={(e) => setPayee(e.currentTarget.value)}
            error={failure?.fields.payee}
            data-autofocus
          />
        )}
        <TextInput
          label={t('finance.bill.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={failure?.fields.description}
        />
        <MoneyInput label={t('finance.bill.value')} value={value} onChange={setValue} error={failure?.fields.value} />
        <TextInput
          label={t('finance.bill.due')}
          placeholder="dd/mm/aaaa"
          inputMode="numeric"
          value={due}
          onChange={(e) => setDue(maskDate(e.currentTarget.value))}
          error={failure?.fields.dueDate}
        />
        <Select
          label={t('finance.edit.category')}
          data={categories.data ?? []}
          value={category}
          onChange={setCategory}
          clearable
          searchable
          error={failure?.fields.category}
        />
        <DialogActions
          hint={t('finance.create.hint')}
          submitLabel={t('finance.create.confirm')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
