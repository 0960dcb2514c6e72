import { Fieldset, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFailure } from '../common/domain-errors.js';
import { timeZoneOptions } from './time-zones.js';
import type { ClinicDraft } from './clinic-draft.js';
import type { SetupMessageKey } from './setup.pt-BR.js';
import { periodMessages } from './week-hours.js';
import { WeekHoursEditor } from './WeekHoursEditor.js';

/**
 * A clinic's fields as the administrator types them: data (name, razão social, CNPJ, contacts),
 * time zone, address and opening hours per weekday, each with the core's message under it. Shared
 * by the clinic dialog and the first-run assistant, so both read and refuse the same way.
 */
export function ClinicFields(props: {
  draft: ClinicDraft;
  setDraft: Dispatch<SetStateAction<ClinicDraft>>;
  failure: FormFailure | null;
  /** Where each saved opening period came from (see flatten), to place its messages. */
  at: { weekday: number; index: number }[];
}) {
  const { t } = useTranslation();
  const { draft, setDraft, failure } = props;
  const set = (patch: Partial<ClinicDraft>) => setDraft((d) => ({ ...d, ...patch }));
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
    <>
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
          messages={failure ? periodMessages(failure.fields, 'openingHours', props.at) : {}}
        />
      </Fieldset>
    </>
  );
}
