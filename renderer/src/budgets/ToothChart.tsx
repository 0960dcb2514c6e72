import { Group, NativeSelect, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TOOTH_FACES, TOOTH_REGIONS } from '#core/budget/budget-codes.js';
import {
  TOOTH_ROWS,
  chooseRegion,
  clickTooth,
  toggleFace,
  type ToothRegion,
  type ToothSelection,
} from './tooth-chart.js';

const TOOTH_SIZE = { permanent: 30, deciduous: 26 } as const;

function Tooth(props: { tooth: string; size: number; selected: boolean; used: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const { selected, used } = props;
  return (
    <UnstyledButton
      aria-label={t('budget.tooth', { tooth: props.tooth })}
      aria-pressed={selected}
      onClick={props.onClick}
      style={{
        width: props.size,
        height: props.size + 8,
        borderRadius: '40% 40% 30% 30%',
        border: `1px solid ${selected ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-4)'}`,
        background: selected
          ? 'var(--mantine-color-blue-6)'
          : used
            ? 'var(--mantine-color-blue-0)'
            : 'var(--mantine-color-white)',
        color: selected ? 'white' : 'var(--mantine-color-gray-8)',
        fontSize: 11,
        fontWeight: 600,
        textAlign: 'center',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {props.tooth}
    </UnstyledButton>
  );
}

/**
 * The odontogram of one budget line: FDI teeth (permanent above, deciduous below, the patient's
 * right on the left), the selected tooth's faces, or a region instead. Teeth of the budget's other
 * lines are tinted, so the desk sees the whole plan at a glance.
 */
export function ToothChart(props: {
  value: ToothSelection;
  onChange: (next: ToothSelection) => void;
  /** Teeth named by the other lines. */
  used: ReadonlySet<string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { value } = props;
  const change = (next: ToothSelection) => !props.disabled && props.onChange(next);
  const arch = (kind: 'permanent' | 'deciduous') => (
    <Stack gap={4} align="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t(`budget.${kind}`)}
      </Text>
      {TOOTH_ROWS[kind].map((row, r) => (
        <Group key={r} gap={3} wrap="nowrap" justify="center">
          {row.map((tooth, i) => (
            <div key={tooth} style={{ marginLeft: i === row.length / 2 ? 10 : 0, paddingTop: r === 1 ? 2 : 0 }}>
              <Tooth
                tooth={tooth}
                size={TOOTH_SIZE[kind]}
                selected={value.tooth === tooth}
                used={props.used.has(tooth)}
                onClick={() => change(clickTooth(value, tooth))}
              />
            </div>
          ))}
        </Group>
      ))}
    </Stack>
  );
  return (
    <Stack gap="sm">
      {arch('permanent')}
      {arch('deciduous')}
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('budget.faces')}
          </Text>
          <Group gap={4} role="group" aria-label={t('budget.faces')}>
            {TOOTH_FACES.map((face) => {
              const on = value.toothFace.includes(face);
              return (
                <Tooltip key={face} label={t(`budget.face.${face}`)} openDelay={300}>
                  <UnstyledButton
                    aria-label={`${t('budget.faces')} ${face} – ${t(`budget.face.${face}`)}`}
                    aria-pressed={on}
                    disabled={!value.tooth || props.disabled}
                    onClick={() => change(toggleFace(value, face))}
                    style={{
                      width: 30,
                      height: 30,
                      borderRadius: 6,
                      textAlign: 'center',
                      fontWeight: 700,
                      fontSize: 13,
                      opacity: value.tooth ? 1 : 0.4,
                      border: `1px solid ${on ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-gray-4)'}`,
                      background: on ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-white)',
                      color: on ? 'white' : 'var(--mantine-color-gray-8)',
                    }}
                  >
                    {face}
                  </UnstyledButton>
                </Tooltip>
              );
            })}
          </Group>
        </div>
        <NativeSelect
          label={t('budget.region')}
          w={210}
          disabled={props.disabled}
          value={value.toothRegion ?? ''}
          data={[
            { value: '', label: t('budget.noRegion') },
            ...TOOTH_REGIONS.map((r) => ({ value: r, label: t(`budget.region.${r}`) })),
          ]}
          onChange={(e) => change(chooseRegion((e.currentTarget.value || null) as ToothRegion | null))}
        />
      </Group>
    </Stack>
  );
}
