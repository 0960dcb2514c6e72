import { Group, Text } from '@mantine/core';
import { StatusLegend } from './StatusLegend.js';

/** The line under the agenda's toolbar: the clinic, what the day or week holds, the status legend. */
export function ScheduleSummary(props: { clinic: string | undefined; count: string }) {
  return (
    <Group gap="lg" mb="sm" className="day-summary">
      <Text size="sm" c="dimmed">
        {props.clinic}
      </Text>
      <Text size="sm">{props.count}</Text>
      <StatusLegend />
    </Group>
  );
}
