import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgendaProfessional } from './agenda-dialog.js';
import { DateField } from '../common/DateField.js';

/**
 * The agenda dialogs' first row: whose agenda (one of the agenda's professionals) and which day
 * (`YYYY-MM-DD`), side by side; the core's message about the professional shows under it.
 */
export function ProfessionalDayFields(props: {
  professionals: readonly AgendaProfessional[];
  professional: string;
  onProfessional: (id: string) => void;
  day: string;
  onDay: (day: string) => void;
  professionalError?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      <NativeSelect
        label={t('booking.professional')}
        data={props.professionals.map((p) => ({ value: p.id, label: p.name }))}
        value={props.professional}
        error={props.professionalError}
        onChange={(e) => props.onProfessional(e.currentTarget.value)}
      />
      <DateField label={t('block.day')} value={props.day} onChange={props.onDay} />
    </Group>
  );
}
