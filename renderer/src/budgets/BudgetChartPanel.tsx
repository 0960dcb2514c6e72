import { Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormLine } from './budget-form.js';
import { ToothChart } from './ToothChart.js';

/**
 * The odontogram of the selected line: its tooth, faces or region; the other lines' teeth stay
 * marked as used. A tooth and a region exclude each other, so a change replaces both.
 */
export function BudgetChartPanel(props: {
  lines: FormLine[];
  selected: number | null;
  readOnly: boolean;
  eventName: (id: string) => string;
  updateLine: (i: number, patch: Partial<FormLine>) => void;
}) {
  const { t } = useTranslation();
  const { lines, selected } = props;
  const line = selected === null ? undefined : lines[selected];
  const usedTeeth = new Set(lines.filter((_, i) => i !== selected).flatMap((l) => (l.tooth ? [l.tooth] : [])));
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={5}>{t('budget.chart')}</Title>
        <Text size="sm" c="dimmed">
          {line && selected !== null
            ? t('budget.chartFor', { n: String(selected + 1), name: props.eventName(line.event) })
            : t('budget.chartPick')}
        </Text>
      </Group>
      <ToothChart
        value={line ?? { toothFace: [] }}
        used={usedTeeth}
        disabled={!line || props.readOnly}
        onChange={(next) =>
          selected !== null && props.updateLine(selected, { tooth: undefined, toothRegion: undefined, ...next })
        }
      />
    </Paper>
  );
}
