import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../common/TimeField.js';
import { copyMondayToWeekdays, WEEK_ORDER, weekdayName, type PeriodDraft, type WeekDraft } from './week-hours.js';

/** What a day gets when ticked open: a usual business day. */
const NEW_DAY: PeriodDraft = { start: '08:00', end: '18:00' };

/**
 * A week of hours, segunda to domingo: a day ticked open has one or more periods (two 24-hour time
 * fields each); unticked it is closed. The core's message for a period shows under it
 * (`messages` keyed `weekday:index`). Every control is reachable by Tab and named for its day.
 */
export function WeekHoursEditor(props: {
  value: WeekDraft;
  onChange: (week: WeekDraft) => void;
  messages: Record<string, string>;
  /** The table's accessible name (already translated). */
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const setDay = (day: number, periods: PeriodDraft[]) => props.onChange({ ...props.value, [day]: periods });
  return (
    <Stack gap="xs">
      <Table aria-label={props.label} verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {WEEK_ORDER.map((day) => {
            const name = weekdayName(day, i18n.language);
            const periods = props.value[day] ?? [];
            return (
              <Table.Tr key={day}>
                <Table.Td w={170} style={{ verticalAlign: 'top', paddingTop: 10 }}>
                  <Checkbox
                    label={name}
                    checked={periods.length > 0}
                    onChange={(event) => setDay(day, event.currentTarget.checked ? [{ ...NEW_DAY }] : [])}
                  />
                </Table.Td>
                <Table.Td>
                  {periods.length === 0 ? (
                    <Text size="sm" c="dimmed" pt={6}>
                      {t('admin.hours.closed')}
                    </Text>
                  ) : (
                    <Stack gap={4}>
                      {periods.map((period, i) => {
                        const n = String(i + 1);
                        const edit = (patch: Partial<PeriodDraft>) =>
                          setDay(
                            day,
                            periods.map((p, k) => (k === i ? { ...p, ...patch } : p)),
                          );
                        return (
                          <Group key={i} gap="xs" align="flex-start">
                            <TimeField
                              w={120}
                              aria-label={t('admin.hours.fromOf', { day: name, n })}
                              value={period.start}
                              onChange={(start) => edit({ start })}
                            />
                            <Text pt={6}>–</Text>
                            <TimeField
                              w={120}
                              aria-label={t('admin.hours.toOf', { day: name, n })}
                              value={period.end}
                              onChange={(end) => edit({ end })}
                              error={props.messages[`${day}:${i}`]}
                            />
                            {periods.length > 1 && (
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                mt={4}
                                aria-label={t('admin.hours.remove', { day: name, n })}
                                onClick={() =>
                                  setDay(
                                    day,
                                    periods.filter((_, k) => k !== i),
                                  )
                                }
                              >
                                ×
                              </ActionIcon>
                            )}
                            {i === periods.length - 1 && (
                              <Button
                                variant="subtle"
                                size="xs"
                                mt={4}
                                aria-label={t('admin.hours.add', { day: name })}
                                onClick={() => {
                                  const last = periods[periods.length - 1];
                                  setDay(day, [...periods, { start: last?.end ?? '13:00', end: '18:00' }]);
                                }}
                              >
                                +
                              </Button>
                            )}
                          </Group>
                        );
                      })}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="default" size="xs" onClick={() => props.onChange(copyMondayToWeekdays(props.value))}>
          {t('admin.hours.copyWeekdays')}
        </Button>
      </Group>
    </Stack>
  );
}
