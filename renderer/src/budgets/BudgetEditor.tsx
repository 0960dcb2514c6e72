import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Kbd,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITABLE_STATUSES, PAYMENT_METHODS, PERIODS } from '../../../core/budget/budget-codes.js';
import { createBudget, editBudget } from '../../../core/budget/budget-ops.js';
import { budgets } from '../../../core/budget/budget-record.js';
import { patients } from '../../../core/patient/patient-record.js';
import { DomainError } from '../../../core/errors.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { useLive, useLocalCore, useRun } from '../local/hooks.js';
import { PatientPicker, type PickedPatient } from '../patients/PatientPicker.js';
import { emptyForm, formOf, newLine, previewMoney, toBudgetInput, type BudgetForm } from './budget-form.js';
import { BUDGET_REF_COLLECTIONS, loadBudgetRefs, priceOf } from './budget-refs.js';
import { ToothChart } from './ToothChart.js';
import { selectionLabel } from './tooth-chart.js';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** The form's field paths the core's messages may name (line fields per line). */
function fieldPaths(form: BudgetForm): string[] {
  const lines = form.lines.flatMap((_, i) =>
    ['event', 'quantity', 'valueUnity', 'totalValue', 'copart', 'tooth', 'toothFace', 'toothRegion'].map(
      (f) => `items.${i}.${f}`,
    ),
  );
  const plan = ['entry', 'quantity', 'parcelValue', 'lastParcelValue', 'method', 'period'].map(
    (f) => `paymentInformation.${f}`,
  );
  return ['patient', 'professional', 'clinic', 'insurance', 'patientData', 'type', ...lines, ...plan, 'items'];
}

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

  const addLine = async () => {
    if (!form || !pick || !refs.data) return;
    const price = await priceOf(core.context(actor), refs.data.tables, form.insurance, form.insurancePlan, pick).catch(
      () => undefined,
    );
    const index = form.lines.length;
    update((f) => ({ ...f, lines: [...f.lines, newLine(pick, price?.value)] }));
    setPriceNotes((n) => ({ ...n, [index]: price ? t(`budget.priceFrom.${price.scope}`) : t('budget.priceMissing') }));
    setSelected(index);
    setPick('');
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

  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!form || !refs.data) return <Text c="dimmed">…</Text>;
  const data = refs.data;
  const plans = data.insurances.find((i) => i.id === form.insurance)?.plans ?? [];
  const eventName = (id: string) => data.events.find((e) => e.id === id)?.name ?? '—';
  const fieldError = (path: string) =>
    failure?.fields[path] ?? preview?.problems.find((p) => p.path === path)?.message ?? undefined;
  const usedTeeth = new Set(form.lines.filter((_, i) => i !== selected).flatMap((l) => (l.tooth ? [l.tooth] : [])));
  const line = selected === null ? undefined : form.lines[selected];
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
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <Title order={3}>{title}</Title>
          {stored.data && <Badge variant="light">{t(`budget.status.${stored.data.budget.status}`)}</Badge>}
        </Group>
        <Group gap="sm">
          <Text size="xs" c="dimmed">
            <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> {t('budget.saveHint')}
          </Text>
          <Button variant="default" onClick={() => props.onClose()}>
            {t('budget.back')}
          </Button>
          <Button type="submit" loading={saving} disabled={readOnly}>
            {t('budget.save')}
          </Button>
        </Group>
      </Group>
      {readOnly && (
        <Alert color="yellow" variant="light" mb="md">
          {t('budget.readOnly')}
        </Alert>
      )}
      {failure?.general && (
        <Alert color="red" role="alert" variant="light" mb="md">
          {failure.general}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <PatientPicker
                  value={patient}
                  onChange={setPatient}
                  error={fieldError('patient')}
                  autoFocus={props.id === null}
                />
                <Group grow align="flex-start">
                  <NativeSelect
                    label={t('budget.professional')}
                    value={form.professional}
                    error={fieldError('professional')}
                    data={[
                      { value: '', label: t('budget.none.professional') },
                      ...data.professionals.map((p) => ({ value: p.id, label: p.name })),
                    ]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      update((f) => ({ ...f, professional: value }));
                    }}
                  />
                  <NativeSelect
                    label={t('budget.clinic')}
                    value={form.clinic}
                    error={fieldError('clinic')}
                    data={data.clinics.map((c) => ({ value: c.id, label: c.name }))}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      update((f) => ({ ...f, clinic: value }));
                    }}
                  />
                </Group>
                <Group grow align="flex-start">
                  <NativeSelect
                    label={t('budget.insurance')}
                    value={form.insurance}
                    error={fieldError('insurance')}
                    data={[
                      { value: '', label: t('budget.private') },
                      ...data.insurances.map((i) => ({ value: i.id, label: i.name })),
                    ]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      update((f) => ({ ...f, insurance: value, insurancePlan: '' }));
                    }}
                  />
                  {plans.length > 0 && (
                    <NativeSelect
                      label={t('budget.plan')}
                      value={form.insurancePlan}
                      error={fieldError('patientData.insurancePlan')}
                      data={[
                        { value: '', label: t('budget.choose') },
                        ...plans.map((p) => ({ value: p.id, label: p.name })),
                      ]}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        update((f) => ({ ...f, insurancePlan: value }));
                      }}
                    />
                  )}
                  <NativeSelect
                    label={t('budget.type')}
                    value={form.type}
                    data={(['dental', 'medical', 'aesthetic'] as const).map((v) => ({
                      value: v,
                      label: t(`budget.type.${v}`),
                    }))}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      update((f) => ({ ...f, type: value as BudgetForm['type'] }));
                    }}
                  />
                </Group>
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="sm" align="flex-end">
                <Title order={5}>{t('budget.items')}</Title>
                <Group gap="xs" align="flex-end">
                  <NativeSelect
                    aria-label={t('budget.addEvent')}
                    w={300}
                    value={pick}
                    disabled={readOnly}
                    data={[
                      { value: '', label: t('budget.pickEvent') },
                      ...data.events.map((e) => ({ value: e.id, label: e.name })),
                    ]}
                    onChange={(e) => setPick(e.currentTarget.value)}
                  />
                  <Button variant="light" disabled={!pick || readOnly} onClick={() => void addLine()}>
                    {t('budget.add')}
                  </Button>
                </Group>
              </Group>
              {form.lines.length === 0 ? (
                <Text c="dimmed" ta="center" py="lg" size="sm">
                  {t('budget.noItems')}
                </Text>
              ) : (
                <Table verticalSpacing={6} aria-label={t('budget.items')} highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={28}>#</Table.Th>
                      <Table.Th>{t('budget.item.event')}</Table.Th>
                      <Table.Th w={110}>{t('budget.item.where')}</Table.Th>
                      <Table.Th w={70}>{t('budget.item.quantity')}</Table.Th>
                      <Table.Th w={110}>{t('budget.item.unit')}</Table.Th>
                      <Table.Th w={110}>{t('budget.item.copart')}</Table.Th>
                      <Table.Th w={110} ta="right">
                        {t('budget.item.total')}
                      </Table.Th>
                      <Table.Th w={32} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {form.lines.map((l, i) => (
                      <Table.Tr
                        key={i}
                        bg={selected === i ? 'var(--mantine-color-blue-light)' : undefined}
                        onClick={() => setSelected(i)}
                        style={{ cursor: 'pointer' }}
                      >
                        <Table.Td c="dimmed">{i + 1}</Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {eventName(l.event)}
                          </Text>
                          {(fieldError(`items.${i}.event`) ?? priceNotes[i]) && (
                            <Text size="xs" c={fieldError(`items.${i}.event`) ? 'red' : 'dimmed'}>
                              {fieldError(`items.${i}.event`) ?? priceNotes[i]}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-sm"
                            variant={selected === i ? 'filled' : 'light'}
                            aria-label={t('budget.item.select', { n: String(i + 1) })}
                            onClick={() => setSelected(i)}
                          >
                            {selectionLabel(l) || '—'}
                          </Button>
                          {(['tooth', 'toothFace', 'toothRegion'] as const).map((f) =>
                            fieldError(`items.${i}.${f}`) ? (
                              <Text key={f} size="xs" c="red">
                                {fieldError(`items.${i}.${f}`)}
                              </Text>
                            ) : null,
                          )}
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            aria-label={`${t('budget.item.quantity')} ${i + 1}`}
                            value={l.quantity}
                            readOnly={readOnly}
                            error={fieldError(`items.${i}.quantity`)}
                            onChange={(e) => updateLine(i, { quantity: e.currentTarget.value })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            aria-label={`${t('budget.item.unit')} ${i + 1}`}
                            value={l.valueUnity}
                            readOnly={readOnly}
                            styles={{ input: tabular }}
                            error={fieldError(`items.${i}.valueUnity`) ?? fieldError(`items.${i}.totalValue`)}
                            onChange={(e) => updateLine(i, { valueUnity: e.currentTarget.value })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            aria-label={`${t('budget.item.copart')} ${i + 1}`}
                            value={l.copart}
                            readOnly={readOnly}
                            styles={{ input: tabular }}
                            error={fieldError(`items.${i}.copart`)}
                            onChange={(e) => updateLine(i, { copart: e.currentTarget.value })}
                          />
                        </Table.Td>
                        <Table.Td ta="right" fw={600} style={tabular}>
                          {preview?.lineTotals[i] === undefined ? '—' : money.format(preview.lineTotals[i])}
                        </Table.Td>
                        <Table.Td>
                          {!readOnly && (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('budget.item.remove', { n: String(i + 1) })}
                              onClick={(e) => {
                                e.stopPropagation();
                                removeLine(i);
                              }}
                            >
                              ×
                            </ActionIcon>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Group justify="space-between" mb="xs">
                <Title order={5}>{t('budget.chart')}</Title>
                <Text size="sm" c="dimmed">
                  {line && selected !== null
                    ? t('budget.chartFor', { n: String(selected + 1), name: eventName(line.event) })
                    : t('budget.chartPick')}
                </Text>
              </Group>
              <ToothChart
                value={line ?? { toothFace: [] }}
                used={usedTeeth}
                disabled={!line || readOnly}
                onChange={(next) =>
                  selected !== null && updateLine(selected, { tooth: undefined, toothRegion: undefined, ...next })
                }
              />
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={5} mb="sm">
                {t('budget.payment')}
              </Title>
              <Group grow align="flex-start">
                <TextInput
                  label={t('budget.entry')}
                  value={form.plan.entry}
                  readOnly={readOnly}
                  placeholder="0,00"
                  styles={{ input: tabular }}
                  error={fieldError('paymentInformation.entry')}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    update((f) => ({ ...f, plan: { ...f.plan, entry: value } }));
                  }}
                />
                <TextInput
                  label={t('budget.parcels')}
                  value={form.plan.quantity}
                  readOnly={readOnly}
                  placeholder="1"
                  error={fieldError('paymentInformation.quantity') ?? fieldError('paymentInformation.parcelValue')}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    update((f) => ({ ...f, plan: { ...f.plan, quantity: value } }));
                  }}
                />
              </Group>
              <Group grow align="flex-start" mt="sm">
                <NativeSelect
                  label={t('budget.method')}
                  value={form.plan.method}
                  disabled={readOnly}
                  data={[
                    { value: '', label: t('budget.choose') },
                    ...PAYMENT_METHODS.map((m) => ({ value: m, label: t(`budget.method.${m}`) })),
                  ]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    update((f) => ({
                      ...f,
                      plan: { ...f.plan, method: value as BudgetForm['plan']['method'] },
                    }));
                  }}
                />
                <NativeSelect
                  label={t('budget.period')}
                  value={form.plan.period}
                  disabled={readOnly}
                  data={[
                    { value: '', label: t('budget.choose') },
                    ...PERIODS.map((p) => ({ value: p, label: t(`budget.period.${p}`) })),
                  ]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    update((f) => ({
                      ...f,
                      plan: { ...f.plan, period: value as BudgetForm['plan']['period'] },
                    }));
                  }}
                />
              </Group>
              <Paper bg="var(--mantine-color-gray-0)" radius="md" p="sm" mt="md" aria-label={t('budget.summary.total')}>
                {preview?.value === undefined || !preview.plan ? (
                  <Text size="sm" c="dimmed">
                    {t('budget.summary.pending')}
                  </Text>
                ) : (
                  <Stack gap={4} style={tabular}>
                    <Group justify="space-between">
                      <Text fw={600}>{t('budget.summary.total')}</Text>
                      <Text fw={700} size="lg" data-testid="budget-total">
                        {money.format(preview.value)}
                      </Text>
                    </Group>
                    {copart !== undefined && copart > 0 && (
                      <Group justify="space-between">
                        <Text size="sm">{t('budget.summary.copart')}</Text>
                        <Text size="sm">{money.format(copart / 100)}</Text>
                      </Group>
                    )}
                    {preview.plan.entry > 0 && (
                      <Group justify="space-between">
                        <Text size="sm">{t('budget.summary.entry')}</Text>
                        <Text size="sm" data-testid="budget-entry">
                          {money.format(preview.plan.entry)}
                        </Text>
                      </Group>
                    )}
                    {preview.plan.quantity > 0 && (
                      <Group justify="space-between">
                        <Text size="sm">
                          {preview.plan.quantity === 1
                            ? t('budget.summary.single')
                            : t('budget.summary.parcels', {
                                count: String(
                                  preview.plan.parcelValue === preview.plan.lastParcelValue
                                    ? preview.plan.quantity
                                    : preview.plan.quantity - 1,
                                ),
                              })}
                        </Text>
                        <Text size="sm" data-testid="budget-parcel">
                          {money.format(preview.plan.parcelValue)}
                        </Text>
                      </Group>
                    )}
                    {preview.plan.quantity > 1 && preview.plan.parcelValue !== preview.plan.lastParcelValue && (
                      <Group justify="space-between">
                        <Text size="sm">{t('budget.summary.last')}</Text>
                        <Text size="sm" data-testid="budget-last-parcel">
                          {money.format(preview.plan.lastParcelValue)}
                        </Text>
                      </Group>
                    )}
                  </Stack>
                )}
              </Paper>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
