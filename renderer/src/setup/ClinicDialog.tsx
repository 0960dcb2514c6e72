import { Fieldset, Modal, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createClinic, updateClinic } from '#core/clinic/clinic-ops.js';
import { DialogForm } from '../common/DialogForm.js';
import { useCtrlEnter } from '../common/dialog-keys.js';
import { formFailure, type FormFailure } from '../common/domain-errors.js';
import { timeZoneOptions } from './time-zones.js';
import { useAdminRun } from './use-admin-run.js';
import { clinicDraft, clinicFields, clinicInput, type ClinicDraft, type ListedClinic } from './clinic-draft.js';
import type { SetupMessageKey } from './setup.pt-BR.js';
import { periodMessages } from './week-hours.js';
import { WeekHoursEditor } from './WeekHoursEditor.js';
import { SaveActions } from './SaveActions.js';

/**
 * Creates or edits a clinic on the local core: its data (name, razão social, CNPJ checked by the
 * core, contacts, address), time zone and opening hours per weekday. The core's pt-BR messages show
 * under the field they name; Enter or Ctrl+Enter saves. Places and subspecialties stay as they are
 * (`clinic.update` keeps them).
 */
export function ClinicDialog(props: {
  clinic: ListedClinic | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { run } = useAdminRun();
  const [draft, setDraft] = useState<ClinicDraft>(() => clinicDraft(props.clinic ?? undefined));
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [at, setAt] = useState<{ weekday: number; index: number }[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<ClinicDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const { input, at: where } = clinicInput(draft);
    setAt(where);
    try {
      const saved = props.clinic
        ? await run(updateClinic, { id: props.clinic.id, ...input })
        : (await run(createClinic, input)).clinic;
      props.onSaved(saved.name);
    } catch (error) {
      setFailure(formFailure(error, clinicFields(where.length)));
      setSaving(false);
    }
  };
  useCtrlEnter(submit);
  const fieldError = (field: string) => failure?.fields[field];
  const text = (field: 'name' | 'legalName' | 'cnpj' | 'phone' | 'email', label: SetupMessageKey, extra = {}) => (
    <TextInput
      label={t(label)}
      value={draft[field]}
      error={fieldError(field)}
      onChange={(event) => set({ [field]: event.currentTarget.value })}
      {...extra}
    />
  );
  const address = (part: keyof ClinicDraft['address']) => (
    <TextInput
      label={t(`admin.address.${part}`)}
      value={draft.address[part]}
      error={fieldError(`address.${part}`)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((d) => ({ ...d, address: { ...d.address, [part]: value } }));
      }}
    />
  );

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.clinic ? t('admin.clinic.editTitle') : t('admin.clinic.newTitle')}
      size={880}
    >
      <DialogForm onSubmit={submit} error={failure?.general}>
        <SimpleGrid cols={2}>
          {text('name', 'admin.clinic.name', { required: true, 'data-autofocus': true })}
          {text('legalName', 'admin.clinic.legalName')}
          {text('cnpj', 'admin.clinic.cnpj', { placeholder: '00.000.000/0000-00', inputMode: 'numeric' })}
          <NativeSelect
            label={t('admin.clinic.timeZone')}
            data={timeZoneOptions(draft.timeZone)}
            value={draft.timeZone}
            error={fieldError('timeZone')}
            onChange={(event) => set({ timeZone: event.currentTarget.value })}
          />
          {text('phone', 'admin.clinic.phone', { placeholder: '(11) 3333-4444', inputMode: 'tel' })}
          {text('email', 'admin.clinic.email', { type: 'email' })}
        </SimpleGrid>
        <Fieldset legend={t('admin.address')}>
          <SimpleGrid cols={4}>
            {address('zipCode')}
            <div style={{ gridColumn: 'span 2' }}>{address('street')}</div>
            {address('number')}
            {address('complement')}
            {address('district')}
            {address('city')}
            {address('state')}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('admin.clinic.hours')}>
          <WeekHoursEditor
            label={t('admin.clinic.hours')}
            value={draft.hours}
            onChange={(hours) => set({ hours })}
            messages={failure ? periodMessages(failure.fields, 'openingHours', at) : {}}
          />
        </Fieldset>
        <SaveActions loading={saving} onCancel={props.onClose} />
      </DialogForm>
    </Modal>
  );
}
