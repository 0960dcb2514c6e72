import { Modal, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskDate } from '#core/br/format.js';
import { updateBill } from '#core/finance/bill-ops.js';
import { financeCategories } from '#core/finance/category-record.js';
import { DialogActions } from '../common/DialogActions.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import { useLive, useRun } from '../local/hooks.js';
import { formValuesOf, updateInput, type BillRow } from './bill-form.js';

/**
 * "Editar conta": description, due date (dd/mm/aaaa), value (R$ 1.234,56; only while nothing is paid,
 * FIN-002) and category of the bill's kind. Runs `finance.bill.update` on the desk's core; the core's
 * messages show under their fields. Ctrl+Enter saves.
 */
export function BillEditDialog(props: { bill: BillRow; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const { bill } = props;
  const [values, setValues] = useState(formValuesOf(bill));
  const [failure, setFailure] = useState<ReturnType<typeof formFailure> | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = bill.type === 'receivable' ? 'income' : 'expense';
  const categories = useLive(
    async (ctx) =>
      (await ctx.store.collection(financeCategories).find({ selector: { kind }, sort: [{ nameKey: 'asc' }] }))
        .filter((c) => c.active || c.id === bill.category)
        .map((c) => ({ value: c.id, label: c.name })),
    [financeCategories],
    [kind],
  );
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async () => {
    if (saving) return;
    const built = updateInput(bill, values);
    if ('problems' in built) {
      setFailure({
        fields: Object.fromEntries(Object.entries(built.problems).map(([k, m]) => [k, t(`finance.edit.${m}`)])),
        general: null,
      });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await run(updateBill, built.input);
      props.onDone(t('finance.edit.saved'));
    } catch (error) {
      setFailure(formFailure(error, ['description', 'dueDate', 'value', 'category']));
    } finally {
      setSaving(false);
    }
  };
  useCtrlEnter(submit);

  return (
    <Modal opened onClose={props.onClose} title={t('finance.edit.title')} size="md">
      <DialogForm onSubmit={submit} error={failure?.general}>
        <TextInput
          label={t('finance.bill.description')}
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={failure?.fields.description}
          data-autofocus
        />
        <TextInput
          label={t('finance.bill.due')}
          placeholder="dd/mm/aaaa"
          inputMode="numeric"
          value={values.due}
          onChange={(e) => set({ due: maskDate(e.currentTarget.value) })}
          error={failure?.fields.dueDate}
        />
        <TextInput
          label={t('finance.bill.value')}
          description={bill.paid > 0 ? t('finance.edit.valueLocked') : undefined}
          leftSection="R$"
          inputMode="decimal"
          value={values.value}
          disabled={bill.paid > 0}
          onChange={(e) => set({ value: e.currentTarget.value })}
          error={failure?.fields.value}
        />
        <Select
          label={t('finance.edit.category')}
          data={categories.data ?? []}
          value={values.category}
          onChange={(v) => set({ category: v })}
          clearable
          searchable
          error={failure?.fields.category}
        />
        <DialogActions
          hint={t('finance.edit.hint')}
          submitLabel={t('finance.edit.save')}
          loading={saving}
          onCancel={props.onClose}
        />
      </DialogForm>
    </Modal>
  );
}
