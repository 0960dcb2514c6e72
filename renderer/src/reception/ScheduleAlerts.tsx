import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Why the agenda shows no grid: the load failed, no clinic yet, or no professional to show. */
export function ScheduleAlerts(props: { failed: boolean; noClinic: boolean; noProfessionals: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {props.failed && (
        <Alert color="red" role="alert" mb="sm">
          {t('schedule.loadFailed')}
        </Alert>
      )}
      {props.noClinic && (
        <Alert color="blue" mb="sm">
          {t('schedule.noClinic')}
        </Alert>
      )}
      {props.noProfessionals && (
        <Alert color="blue" mb="sm">
          {t('schedule.noProfessionals')}
        </Alert>
      )}
    </>
  );
}
