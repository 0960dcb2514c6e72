import { Group, NativeSelect, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PatientPicker, type PickedPatient } from '../patients/PatientPicker.js';
import type { BudgetForm } from './budget-form.js';
import type { FieldError } from './budget-editor-fields.js';
import type { BudgetRefs } from './budget-refs.js';

/**
 * Who the budget is for and by whom: patient, professional, clinic, insurance with its plan, and the
 * budget's type. Changing the insurance clears the plan (plans belong to one insurance).
 */
export function BudgetPartiesSection(props: {
  form: BudgetForm;
  refs: BudgetRefs;
  patient: PickedPatient | null;
  onPatient: (patient: PickedPatient | null) => void;
  update: (change: (f: BudgetForm) => BudgetForm) => void;
  fieldError: FieldError;
  autoFocus: boolean;
}) {
  const { t } = useTranslation();
  const { form, refs: data, update, fieldError } = props;
  const plans = data.insurances.find((i) => i.id === form.insurance)?.plans ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <PatientPicker
          value={props.patient}
          onChange={props.onPatient}
          error={fieldError('patient')}
          autoFocus={props.autoFocus}
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
              data={[{ value: '', label: t('budget.choose') }, ...plans.map((p) => ({ value: p.id, label: p.name }))]}
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
  );
}
