import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS, STATUS_LABELS } from '#core/schedule/index.js';
import type { ProfessionalDay } from './load-attendances.js';
import { brTimeOf } from './record-format.js';

const ARRIVED: ReadonlySet<number> = new Set([STATUS.waiting, STATUS.called, STATUS.inAttendance]);

/**
 * The professional's patients of the day, in time order: who arrived (the reception checked them in)
 * can be called and attended; a line with a record opens it. The chosen line is marked for screen
 * readers (`aria-current`).
 */
export function DayList(props: {
  day: ProfessionalDay;
  chosen: string | null;
  onCall: (appointmentId: string) => void;
  onAttend: (appointmentId: string) => void;
  onOpen: (recordId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" aria-labelledby="mr-day-title">
      <Title order={4} id="mr-day-title">
        {t('medicalRecord.day')}
      </Title>
      {props.day.attendances.length === 0 && props.day.instant.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('medicalRecord.dayEmpty')}
        </Text>
      )}
      {props.day.attendances.map(({ appointment: a, record }) => (
        <Paper
          key={a.id}
          withBorder
          p="xs"
          data-testid="mr-day-line"
          aria-current={record && record.id === props.chosen ? 'true' : undefined}
          bg={record && record.id === props.chosen ? 'blue.0' : undefined}
        >
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600} size="sm">
                {brTimeOf(a.start)} · {a.patientName}
              </Text>
              <Badge size="xs" variant="light">
                {STATUS_LABELS[a.status]}
              </Badge>
            </div>
            <Group gap={4} wrap="nowrap">
              {record ? (
                <Button size="compact-sm" variant="light" onClick={() => props.onOpen(record.id)}>
                  {t('medicalRecord.open')}
                </Button>
              ) : ARRIVED.has(a.status) ? (
                <>
                  {a.status !== STATUS.inAttendance && (
                    <Button size="compact-sm" variant="default" onClick={() => props.onCall(a.id)}>
                      {t('medicalRecord.call')}
                    </Button>
                  )}
                  <Button size="compact-sm" onClick={() => props.onAttend(a.id)}>
                    {t('medicalRecord.attend')}
                  </Button>
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('medicalRecord.notArrived')}
                </Text>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
      {props.day.instant.map((r) => (
        <Paper key={r.id} withBorder p="xs" bg={r.id === props.chosen ? 'blue.0' : undefined}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {brTimeOf(r.startedAt)} · {r.patientName}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => props.onOpen(r.id)}>
              {t('medicalRecord.open')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
