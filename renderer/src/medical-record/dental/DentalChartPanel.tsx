import { Alert, Badge, Grid, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { budgets } from '#core/budget/budget-record.js';
import { treatments } from '#core/budget/treatment-ops.js';
import { events } from '#core/clinic/event-record.js';
import { dentalOptions, getDentalChart } from '#core/medical-record/dental/dental-ops.js';
import { dentalChartEntries } from '#core/medical-record/dental/dental-record.js';
import { DENTAL_STATE_CODES } from '#core/medical-record/dental/dental-states.js';
import type { ToothFace } from '#core/medical-record/dental/teeth.js';
import { useLive } from '../../local/hooks.js';
import { Odontogram, type ChartTooth } from './Odontogram.js';
import { dentitionOf, STATE_COLORS } from './odontogram.js';
import { ToothForm } from './ToothForm.js';
import { ToothHistory } from './ToothHistory.js';

/**
 * The odontogram of the attendance's patient (UI-070): the chart of the permanent or deciduous teeth
 * with each tooth's current state (`patient.dentalChart`, on the station), the selected tooth's
 * registration form while the attendance is open, its history and the budgets and treatments that
 * name it. Faces are picked on the drawing or on the form, which share them.
 */
export function DentalChartPanel(props: { patient: string; recordId: string; open: boolean }) {
  const { t } = useTranslation();
  const [dentition, setDentition] = useState<'permanent' | 'deciduous'>('permanent');
  const [selected, setSelected] = useState<string | null>(null);
  const [faces, setFaces] = useState<ToothFace[]>([]);
  const options = useLive((ctx) => dentalOptions.run(ctx, {}), [events], []);
  const chart = useLive(
    async (ctx) => {
      const { teeth } = await getDentalChart.run(ctx, { id: props.patient });
      return new Map<string, ChartTooth>(
        teeth.map((tooth) => [
          tooth.tooth,
          { state: tooth.state, faceStates: tooth.faceStates, linked: tooth.links.length > 0 },
        ]),
      );
    },
    [dentalChartEntries, budgets, treatments],
    [props.patient],
  );
  const names = new Map((options.data?.events ?? []).map((e) => [e.id, e.name]));
  const eventName = (id: string) => names.get(id) ?? id;

  const select = (tooth: string) => {
    if (tooth !== selected) setFaces([]);
    setSelected(tooth);
  };
  const pickFace = (tooth: string, face: ToothFace) => {
    if (tooth !== selected) {
      setSelected(tooth);
      setFaces([face]);
    } else setFaces((current) => (current.includes(face) ? current.filter((f) => f !== face) : [...current, face]));
  };

  return (
    <Paper withBorder p="sm" aria-label={t('dental.tab')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <SegmentedControl
            size="xs"
            aria-label={t('dental.dentition')}
            value={dentition}
            onChange={(v) => setDentition(v)}
            data={[
              { value: 'permanent', label: `${t('dental.permanent')} (11–48)` },
              { value: 'deciduous', label: `${t('dental.deciduous')} (51–85)` },
            ]}
          />
          <Group gap={4} aria-label={t('dental.legend')}>
            {DENTAL_STATE_CODES.filter((s) => s !== 'higido').map((s) => (
              <Badge key={s} size="xs" variant="dot" color={STATE_COLORS[s]} tt="none">
                {t(`dental.state.${s}`)}
              </Badge>
            ))}
          </Group>
        </Group>
        {chart.data && (
          <Odontogram
            dentition={dentition}
            teeth={chart.data}
            selected={selected && dentitionOf(selected) === dentition ? selected : null}
            chosen={faces}
            onSelect={select}
            onFace={pickFace}
          />
        )}
        {!props.open && (
          <Alert color="gray" role="status">
            {t('dental.readOnly')}
          </Alert>
        )}
        {selected === null || dentitionOf(selected) !== dentition ? (
          <Text size="sm" c="dimmed">
            {t('dental.pick')}
          </Text>
        ) : (
          <Grid gap="md">
            {props.open && (
              <Grid.Col span={{ base: 12, lg: 7 }}>
                <ToothForm
                  key={selected}
                  patient={props.patient}
                  recordId={props.recordId}
                  tooth={selected}
                  faces={faces}
                  onFaces={setFaces}
                  procedures={options.data?.events ?? []}
                />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, lg: props.open ? 5 : 12 }}>
              <ToothHistory patient={props.patient} tooth={selected} eventName={eventName} />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Paper>
  );
}
