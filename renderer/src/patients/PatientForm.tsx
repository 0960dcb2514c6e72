import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateField } from '../common/DateField.js';
import { DialogActions } from '../common/DialogActions.js';
import { useState } from 'react';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { insurances } from '../../../core/insurance/insurance-record.js';
import { createPatient } from '../../../core/patient/patient-ops.js';
import { formFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useRun } from '../local/hooks.js';
import { maskCpf, maskPhone } from './masks.js';

/** What the form holds; the core's `patient.create` schema is the one that validates. */
const patientForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'patient.nameRequired' satisfies MessageKey),
  cpf: z.string(),
  birthDate: z.string(),
  cellPhone: z.string(),
  email: z.string(),
  insurance: z.string(),
  insurancePlan: z.string(),
  card: z.string(),
});
type PatientFormValues = z.infer<typeof patientForm>;
const FIELDS = ['name', 'cpf', 'birthDate', 'cellPhone', 'email', 'insurances'] as const;

const blank: PatientFormValues = {
  name: '',
  cpf: '',
  birthDate: '',
  cellPhone: '',
  email: '',
  insurance: '',
  insurancePlan: '',
  card: '',
};

/**
 * Registers a patient: name, CPF (masked as typed, checked by the core's check digits), birth date,
 * mobile, e-mail and an insurance card. The core's messages show under their fields.
 */
export function PatientForm(props: { onClose: () => void; onSaved: (id: string, name: string) => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<PatientFormValues>({ resolver: zodResolver(patientForm), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;
  const plans = useLive(
    async (ctx) =>
      (await ctx.store.collection(insurances).find({ selector: { active: true } })).map((i) => ({
        id: i.id,
        name: i.name,
        plans: i.plans.filter((p) => p.active).map((p) => ({ id: p.id, name: p.name })),
      })),
    [insurances],
    [],
  );
  const chosen = plans.data?.find((i) => i.id === form.watch('insurance'));

  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    const optional = (value: string) => (value.trim() ? value.trim() : undefined);
    const input = {
      name: values.name,
      cpf: optional(values.cpf),
      birthDate: optional(values.birthDate),
      cellPhone: optional(values.cellPhone),
      email: optional(values.email),
      insurances: values.insurance
        ? [
            {
              insurance: values.insurance,
              insurancePlan: optional(values.insurancePlan),
              identificationOnInsurance: optional(values.card),
            },
          ]
        : [],
    };
    try {
      const { patient } = await run(createPatient, JSON.parse(JSON.stringify(input)) as typeof input);
      props.onSaved(patient.id, patient.name);
    } catch (error) {
      const failure = formFailure(error, FIELDS);
      for (const [field, message] of Object.entries(failure.fields)) {
        form.setError(field === 'insurances' ? 'insurance' : (field as keyof PatientFormValues), { message });
      }
      setGeneral(failure.general);
      const first = Object.keys(failure.fields)[0];
      if (first) form.setFocus(first === 'insurances' ? 'insurance' : (first as keyof PatientFormValues));
    }
  });

  useCtrlEnter(submit);

  const message = (text: string | undefined) =>
    text ? (text.startsWith('patient.') ? t(text as MessageKey) : text) : undefined;
  const masked = (field: 'cpf' | 'cellPhone', mask: (s: string) => string) => {
    const registered = form.register(field);
    return {
      ...registered,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.currentTarget.value = mask(event.currentTarget.value);
        return registered.onChange(event);
      },
    };
  };

  return (
    <Modal opened onClose={props.onClose} title={t('patient.newTitle')} size="lg">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          {general && (
            <Alert color="red" role="alert" variant="light">
              {general}
            </Alert>
          )}
          <TextInput
            label={t('patient.name')}
            required
            data-autofocus
            error={message(errors.name?.message)}
            {...form.register('name')}
          />
          <SimpleGrid cols={2}>
            <TextInput
              label={t('patient.cpf')}
              placeholder="000.000.000-00"
              inputMode="numeric"
              error={message(errors.cpf?.message)}
              {...masked('cpf', maskCpf)}
            />
            <Controller
              control={form.control}
              name="birthDate"
              render={({ field }) => (
                <DateField
                  label={t('patient.birthDate')}
                  keepTyped
                  error={message(errors.birthDate?.message)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            <TextInput
              label={t('patient.cellPhone')}
              placeholder="(11) 98765-4321"
              inputMode="tel"
              error={message(errors.cellPhone?.message)}
              {...masked('cellPhone', maskPhone)}
            />
            <TextInput
              label={t('patient.email')}
              type="email"
              error={message(errors.email?.message)}
              {...form.register('email')}
            />
          </SimpleGrid>
          <Text fw={600} size="sm">
            {t('patient.insuranceCard')}
          </Text>
          <SimpleGrid cols={3}>
            <NativeSelect
              label={t('patient.insurance')}
              data={[
                { value: '', label: t('patient.private') },
                ...(plans.data ?? []).map((i) => ({ value: i.id, label: i.name })),
              ]}
              error={message(errors.insurance?.message)}
              {...form.register('insurance')}
            />
            <NativeSelect
              label={t('patient.plan')}
              disabled={!chosen}
              data={[{ value: '', label: '—' }, ...(chosen?.plans ?? []).map((p) => ({ value: p.id, label: p.name }))]}
              {...form.register('insurancePlan')}
            />
            <TextInput label={t('patient.card')} disabled={!chosen} {...form.register('card')} />
          </SimpleGrid>
          <DialogActions
            hint={t('patient.hint')}
            submitLabel={t('patient.save')}
            loading={isSubmitting}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
