import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEGEND, statusColor, statusKey } from './status-style.js';

/** The status colours and the blocked shading, as the agenda's cells draw them. */
export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <Group gap={6} className="legend" aria-label={t('schedule.legend')}>
      {LEGEND.map((s) => (
        <Badge key={s} color={statusColor[s]} variant="light" size="sm">
          {t(statusKey[s])}
        </Badge>
      ))}
      <Badge color="gray" variant="outline" size="sm" className="legend-blocked">
        {t('schedule.blocked')}
      </Badge>
    </Group>
  );
}
