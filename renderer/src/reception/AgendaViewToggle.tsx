import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Which view of the agenda shows: the day of every professional, or one professional's week. */
export type AgendaView = 'day' | 'week';

/** The Dia/Semana switch of the agenda's toolbar (arrow keys move between its two choices). */
export function AgendaViewToggle(props: { view: AgendaView; onChange: (view: AgendaView) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('agenda.view')}
      value={props.view}
      onChange={(value) => value !== props.view && props.onChange(value)}
      data={[
        { value: 'day', label: t('agenda.day') },
        { value: 'week', label: t('agenda.week') },
      ]}
    />
  );
}
