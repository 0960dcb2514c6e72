import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UFS } from '#core/br/schemas.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { createPatient, updatePatient } from '#core/patient/patient-ops.js';
import { SEXES } from '#core/patient/patient-record.js';
import { DialogActions } from '../common/DialogActions.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure } from '../common/domain-errors.js';
import type { MessageKey } from '../i18n/index.js';
import { useLive, useRun } from '../local/hooks.js';
import { maskCep, maskCpf, maskDate, maskPhone } from './masks.js';
import {
  blankPatientForm,
  formToInput,
  patientToForm,
  type PatientFormValues,
  type PatientView,
} from './patient-form-values.js';

/** Every path of the form a core message may name (the core's own input paths). */
const FIELDS: readonly string[] = [
  'name',
  'socialName',
  'cpf',
  'cns',
  'rg',
  'birthDate',
  'sex',
  'motherName',
  'cellPhone',
  'phone',
  'email',
  ...Object.keys(blankPatientForm().address).map((k) => `address.${k}`),
  ...Array.from({ length: 10 }, (_, i) =>
    ['insurance', 'insurancePlan', 'identificationOnInsurance', 'validUntil'].map((k) => `insurances.${i}.${k}`),
  ).flat(),
  'insurances',
  'notes',
];

const SEX_LABEL: Record<(typeof SEXES)[number], MessageKey> = {
  female: 'patient.sex.female',
  male: 'patient.sex.male',
  intersex: 'patient.sex.intersex',
};

/**
 * Registers a patient or edits one: every field `patient.create` / `patient.update` take (name,
 * social name, CPF, CNS, RG, birth date, sex, mother's name, phones, e-mail, address, insurance cards,
 * notes), masked as typed (CPF, phones, dates `dd/mm/aaaa`, CEP). The core validates; its messages
 * show under their fields, and the first wrong field takes the focus. Ctrl+Enter saves, Esc closes.
 */
export function PatientForm(props: {
  /** The patient to edit; a new registration without it. */
  patient?: PatientView;
  onClose: () => void;
  onSaved: (id: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const editing = props.patient;
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<PatientFormValues>({
    defaultValues: editing ? patientToForm(editing) : blankPatientForm(),
  });
  const cards = useFieldArray({ control: form.control, name: 'insurances' });
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

  const showErrors = (fields: Record<string, string>) => {
    for (const [field, message] of Object.entries(fields))
      form.setError(field as FieldPath<PatientFormValues>, { message });
    const first = FIELDS.find((f) => fields[f] !== undefined);
    if (first) form.setFocus(first as FieldPath<PatientFormValues>);
  };

  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    form.clearErrors();
    if (values.name.trim() === '') return showErrors({ name: t('patient.nameRequired') });
    const converted = formToInput(values);
    if ('errors' in converted) return showErrors(converted.errors);
    try {
      const saved = editing
        ? await run(updatePatient, { id: editing.id, ...converted.input })
        : (await run(createPatient, converted.input)).patient;
      props.onSaved(saved.id, saved.socialName ?? saved.name);
    } catch (error) {
      const failure = formFailure(error, FIELDS);
      showErrors(failure.fields);
      setGeneral(failure.general);
    }
  });

  useCtrlEnter(submit);

  /** The field's registration with `mask` applied as the reception types. */
  const masked = (field: FieldPath<PatientFormValues>, mask: (s: string) => string) => {
    const registered = form.register(field);
    return {
      ...registered,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.currentTarget.value = mask(event.currentTarget.value);
        return registered.onChange(event);
      },
    };
  };
  const error = (field: FieldPath<PatientFormValues>): string | undefined => {
    const found = field.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], errors);
    return (found as { message?: string } | undefined)?.message;
  };
  const text = (field: FieldPath<PatientFormValues>, label: MessageKey, extra: object = {}) => (
    <TextInput label={t(label)} error={error(field)} {...extra} {...form.register(field)} />
  );

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={editing ? t('patient.editTitle', { name: editing.name }) : t('patient.newTitle')}
      size="xl"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          {general && (
            <Alert color="red" role="alert" variant="light">
              {general}
            </Alert>
          )}
          <SimpleGrid cols={2}>
            <TextInput
              label={t('patient.name')}
              required
              data-autofocus
              error={error('name')}
              {...form.register('name')}
            />
            {text('socialName', 'patient.socialName', { description: t('patient.socialNameHint') })}
          </SimpleGrid>
          <SimpleGrid cols={4}>
            <TextInput
              label={t('patient.cpf')}
              placeholder="000.000.000-00"
              inputMode="numeric"
              error={error('cpf')}
              {...masked('cpf', maskCpf)}
            />
            <TextInput
              label={t('patient.birthDate')}
              placeholder="dd/mm/aaaa"
              inputMode="numeric"
              error={error('birthDate')}
              {...masked('birthDate', maskDate)}
            />
            <NativeSelect
              label={t('patient.sex')}
              data={[{ value: '', label: '—' }, ...SEXES.map((sex) => ({ value: sex, label: t(SEX_LABEL[sex]) }))]}
              error={error('sex')}
              {...form.register('sex')}
            />
            {text('rg', 'patient.rg')}
          </SimpleGrid>
          <SimpleGrid cols={2}>
            {text('cns', 'patient.cns', { inputMode: 'numeric' })}
            {text('motherName', 'patient.motherName')}
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <TextInput
              label={t('patient.cellPhone')}
              placeholder="(11) 98765-4321"
              inputMode="tel"
              error={error('cellPhone')}
              {...masked('cellPhone', maskPhone)}
            />
            <TextInput
              label={t('patient.phone')}
              placeholder="(11) 3333-4444"
              inputMode="tel"
              error={error('phone')}
              {...masked('phone', maskPhone)}
            />
            {text('email', 'patient.email', { type: 'email' })}
          </SimpleGrid>

          <Title order={4} size="h6" mt="xs">
            {t('patient.address')}
          </Title>
          <SimpleGrid cols={4}>
            <TextInput
              label={t('patient.zipCode')}
              placeholder="00000-000"
              inputMode="numeric"
              error={error('address.zipCode')}
              {...masked('address.zipCode', maskCep)}
            />
            <div style={{ gridColumn: 'span 2' }}>{text('address.street', 'patient.street')}</div>
            {text('address.number', 'patient.number')}
            {text('address.complement', 'patient.complement')}
            {text('address.district', 'patient.district')}
            {text('address.city', 'patient.city')}
            <NativeSelect
              label={t('patient.state')}
              data={[{ value: '', label: '—' }, ...UFS]}
              error={error('address.state')}
              {...form.register('address.state')}
            />
          </SimpleGrid>

          <Group justify="space-between" mt="xs">
            <Title order={4} size="h6">
              {t('patient.insuranceCard')}
            </Title>
            <Button
              size="xs"
              variant="light"
              disabled={cards.fields.length >= 10}
              onClick={() =>
                cards.append({ insurance: '', insurancePlan: '', identificationOnInsurance: '', validUntil: '' })
              }
            >
              {t('patient.addCard')}
            </Button>
          </Group>
          {cards.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('patient.noCards')}
            </Text>
          )}
          {cards.fields.map((card, i) => {
            const chosen = plans.data?.find((p) => p.id === form.watch(`insurances.${i}.insurance`));
            return (
              <Group key={card.id} align="flex-start" gap="sm" wrap="nowrap" data-testid="insurance-card">
                <SimpleGrid cols={4} style={{ flex: 1 }}>
                  <NativeSelect
                    label={t('patient.insurance')}
                    data={[
                      { value: '', label: '—' },
                      ...(plans.data ?? []).map((p) => ({ value: p.id, label: p.name })),
                    ]}
                    error={error(`insurances.${i}.insurance`)}
                    {...form.register(`insurances.${i}.insurance`)}
                  />
                  <NativeSelect
                    label={t('patient.plan')}
                    disabled={!chosen}
                    data={[
                      { value: '', label: '—' },
                      ...(chosen?.plans ?? []).map((p) => ({ value: p.id, label: p.name })),
                    ]}
                    error={error(`insurances.${i}.insurancePlan`)}
                    {...form.register(`insurances.${i}.insurancePlan`)}
                  />
                  {text(`insurances.${i}.identificationOnInsurance`, 'patient.card')}
                  <TextInput
                    label={t('patient.validUntil')}
                    placeholder="dd/mm/aaaa"
                    inputMode="numeric"
                    error={error(`insurances.${i}.validUntil`)}
                    {...masked(`insurances.${i}.validUntil`, maskDate)}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={t('patient.removeCard', { n: String(i + 1) })}
                  onClick={() => cards.remove(i)}
                >
                  ✕
                </ActionIcon>
              </Group>
            );
          })}

          <Textarea
            label={t('patient.notes')}
            autosize
            minRows={2}
            maxRows={4}
            error={error('notes')}
            {...form.register('notes')}
          />
          <DialogActions
            hint={t('patient.hint')}
            submitLabel={editing ? t('patient.saveChanges') : t('patient.save')}
            loading={isSubmitting}
            onCancel={props.onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
