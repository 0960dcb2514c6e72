import { Grid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { useTranslation } from 'react-i18next';
import { EDITABLE_STATUSES } from '#core/budget/budget-codes.js';
import { createBudget, editBudget } from '#core/budget/budget-ops.js';
import { budgets } from '#core/budget/budget-record.js';
import { patients } from '#core/patient/patient-record.js';
import { DomainError } from '#core/errors.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive, useLocalCore, useRun } from '../local/hooks.js';
import type { PickedPatient } from '../patients/PatientPicker.js';
import {
  emptyForm,
  formOf,
  newLine,
  previewMoney,
  toBudgetInput,
  type BudgetForm,
  type LineModel,
} from './budget-form.js';
import { fieldPaths } from './budget-editor-fields.js';
import { BUDGET_REF_COLLECTIONS, loadBudgetRefs, priceOf } from './budget-refs.js';
import { BudgetChartPanel } from './BudgetChartPanel.js';
import { BudgetEditorBar } from './BudgetEditorBar.js';
import { BudgetLinesTable } from './BudgetLinesTable.js';
import { BudgetPartiesSection } from './BudgetPartiesSection.js';
import { BudgetPaymentSection } from './BudgetPaymentSection.js';

/**
 * Creates or edits a budget: patient, professional, clinic, insurance; procedures priced from the
 * price table (the insurance's or plan's price when there is one), each with its tooth, faces or
 * region on the odontogram; the instalment plan. Totals and parcels are the core's own arithmetic,
 * shown as typed; the core's messages land under their fields. Ctrl+Enter saves.
 */
export function BudgetEditor(props: { id: string | null; onClose: (saved?: { budgetNumber: number }) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const { core, actor } = useLocalCore();
  const refs = useLive(loadBudgetRefs, BUDGET_REF_COLLECTIONS, []);
  const stored = useLive(
    async (ctx) => {
      if (!props.id) return null;
      const budget = await ctx.store.collection(budgets).get(props.id);
      const patient = budget ? await ctx.store.collection(patients).get(budget.patient) : undefined;
      return budget
        ? { budget, patient: patient ? { id: patient.id, name: patient.name, cpf: patient.cpf ?? null } : null }
        : null;
    },
    [],
    [props.id],
  );
  const [form, setForm] = useState<BudgetForm | null>(null);
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [pick, setPick] = useState('');
  const [pickItem, setPickItem] = useState('');
  const [priceNotes, setPriceNotes] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [saving, setSaving] = useState(false);

  // The form starts once: blank for a new budget, the stored one to edit.
  useEffect(() => {
    if (form || !refs.data) return;
    if (props.id === null) {
      const professional = refs.data.professionals.some((p) => p.id === actor.id) ? actor.id : '';
      setForm(emptyForm(refs.data.clinics[0]?.id ?? '', professional));
    } else if (stored.data) {
      setForm(formOf(stored.data.budget));
      setPatient(stored.data.patient);
      if (stored.data.budget.items.length > 0) setSelected(0);
    }
  }, [form, refs.data, stored.data, props.id, actor.id]);

  const preview = useMemo(() => (form ? previewMoney(form) : null), [form]);
  const readOnly = stored.data ? !EDITABLE_STATUSES.includes(stored.data.budget.status) : false;

  const update = (change: (f: BudgetForm) => BudgetForm) => setForm((f) => (f ? change(f) : f));
  const updateLine = (i: number, patch: Partial<BudgetForm['lines'][number]>) =>
    update((f) => ({ ...f, lines: f.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));

  // A procedure (`pick`) or a product, kit or material (`pickItem`, `typeModel:id`), priced from the table.
  const addLine = async (typeModel: LineModel, id: string) => {
    if (!form || !id || !refs.data) return;
    const price = await priceOf(
      core.context(actor),
      refs.data.tables,
      form.insurance,
      form.insurancePlan,
      id,
      typeModel,
    ).catch(() => undefined);
    const index = form.lines.length;
    update((f) => ({ ...f, lines: [...f.lines, newLine(id, price?.value, typeModel)] }));
    setPriceNotes((n) => ({ ...n, [index]: price ? t(`budget.priceFrom.${price.scope}`) : t('budget.priceMissing') }));
    setSelected(index);
    if (typeModel === 'Event') setPick('');
    else setPickItem('');
  };

  const removeLine = (i: number) => {
    update((f) => ({ ...f, lines: f.lines.filter((_, j) => j !== i) }));
    setSelected(null);
    setPriceNotes({});
  };

  const save = async () => {
    if (!form || saving || readOnly) return;
    const paths = fieldPaths(form);
    if (!patient) {
      setFailure({ fields: { patient: t('budget.patientRequired') }, general: null });
      return;
    }
    const { input, problems } = toBudgetInput({ ...form, patient: patient.id });
    if (!input) {
      setFailure(formFailure(new DomainError('validation', 'Confira os campos marcados', problems), paths));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = props.id
        ? await run(editBudget, { ...input, id: props.id })
        : (await run(createBudget, input)).budget;
      props.onClose(saved);
    } catch (error) {
      setFailure(formFailure(error, paths));
    } finally {
      setSaving(false);
    }
  };

  useCtrlEnter(save);

  if (!form || !refs.data) return <Text c="dimmed">…</Text>;
  const data = refs.data;
  // Events and items have ids of their own (UUIDs), so one lookup names any line.
  const eventName = (id: string) =>
    data.events.find((e) => e.id === id)?.name ?? data.items.find((e) => e.id === id)?.name ?? '—';
  const fieldError = (path: string) =>
    failure?.fields[path] ?? preview?.problems.find((p) => p.path === path)?.message ?? undefined;
  const copart =
    preview?.value === undefined
      ? undefined
      : toBudgetInput(form).input?.items?.reduce((s, i) => s + Math.round((i.copart ?? 0) * 100), 0);
  const title = stored.data
    ? t('budget.editTitle', { number: String(stored.data.budget.budgetNumber) })
    : t('budget.new');

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <BudgetEditorBar
        title={title}
        status={stored.data?.budget.status}
        saving={saving}
        readOnly={readOnly}
        failure={failure?.general ?? null}
        onBack={() => props.onClose()}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <BudgetPartiesSection
              form={form}
              refs={data}
              patient={patient}
              onPatient={setPatient}
              update={update}
              fieldError={fieldError}
              autoFocus={props.id === null}
            />
            <BudgetLinesTable
              form={form}
              refs={data}
              preview={preview}
              readOnly={readOnly}
              selected={selected}
              onSelect={setSelected}
              pick={pick}
              onPick={setPick}
              onAdd={() => void addLine('Event', pick)}
              pickItem={pickItem}
              onPickItem={setPickItem}
              onAddItem={() => {
                const [typeModel, id] = pickItem.split(':') as [LineModel, string];
                void addLine(typeModel, id);
              }}
              onRemove={removeLine}
              updateLine={updateLine}
              priceNotes={priceNotes}
              eventName={eventName}
              fieldError={fieldError}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <BudgetChartPanel
              lines={form.lines}
              selected={selected}
              readOnly={readOnly}
              eventName={eventName}
              updateLine={updateLine}
            />
            <BudgetPaymentSection
              form={form}
              preview={preview}
              copart={copart}
              readOnly={readOnly}
              update={update}
              fieldError={fieldError}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
