import { Box } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DentalState } from '#core/medical-record/dental/dental-states.js';
import { toothInfo, type ToothFace } from '#core/medical-record/dental/teeth.js';
import { chartRows, moveTooth } from './odontogram.js';
import { ToothButton } from './ToothButton.js';

/** What the chart shows of one tooth. */
export interface ChartTooth {
  state?: DentalState | undefined;
  faceStates: Partial<Record<ToothFace, DentalState>>;
  linked: boolean;
}

/**
 * The FDI chart of one dentition as the dentist faces the patient (upper arch on top, the patient's
 * right on the left, a gap at the midline), scaling with the width it gets. One tooth is in the tab
 * order (roving focus): the arrow keys, Home and End move between teeth and select the one reached.
 */
export function Odontogram(props: {
  dentition: 'permanent' | 'deciduous';
  teeth: ReadonlyMap<string, ChartTooth>;
  selected: string | null;
  chosen: readonly ToothFace[];
  onSelect: (tooth: string) => void;
  onFace: (tooth: string, face: ToothFace) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const rows = chartRows(props.dentition);
  const inRows = props.selected !== null && rows.some((row) => row.includes(props.selected!));
  const focusable = inRows ? props.selected : rows[0]![rows[0]!.length / 2 - 1]!;

  const label = (tooth: string) => {
    const shown = props.teeth.get(tooth);
    const parts = [`${t('dental.tooth', { tooth })}, ${toothInfo(tooth)!.name}`];
    if (shown?.state) parts.push(t(`dental.state.${shown.state}`));
    const faces = Object.entries(shown?.faceStates ?? {}) as [ToothFace, DentalState][];
    for (const [face, state] of faces) parts.push(`${t(`dental.face.${face}`)}: ${t(`dental.state.${state}`)}`);
    if (shown?.linked) parts.push(t('dental.hasLinks'));
    return parts.join('; ');
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-tooth]')?.dataset.tooth;
    const to = from ? moveTooth(from, e.key) : undefined;
    if (!to) return;
    e.preventDefault();
    props.onSelect(to);
    box.current?.querySelector<HTMLElement>(`[data-tooth="${to}"]`)?.focus();
  };

  const half = rows[0]!.length / 2;
  return (
    <Box ref={box} role="group" aria-label={t('dental.chart')} onKeyDown={onKeyDown} data-testid="odontogram">
      {rows.map((row, r) => (
        <div
          key={r}
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${half}, minmax(0, 1fr)) 10px repeat(${half}, minmax(0, 1fr))`,
            gap: 3,
            justifyItems: 'center',
            maxWidth: row.length * 48,
            margin: '0 auto',
            paddingBottom: r === 0 ? 8 : 0,
            marginBottom: r === 0 ? 8 : 0,
            borderBottom: r === 0 ? '1px dashed var(--mantine-color-gray-4)' : undefined,
          }}
        >
          {row.flatMap((tooth, i) => {
            const shown = props.teeth.get(tooth);
            const button = (
              <ToothButton
                key={tooth}
                tooth={tooth}
                label={label(tooth)}
                state={shown?.state}
                faceStates={shown?.faceStates ?? {}}
                chosen={props.selected === tooth ? props.chosen : []}
                selected={props.selected === tooth}
                linked={!!shown?.linked}
                focusable={tooth === focusable}
                upper={r === 0}
                onSelect={() => props.onSelect(tooth)}
                onFace={(face) => props.onFace(tooth, face)}
              />
            );
            return i === half ? [<span key={`mid-${r}`} aria-hidden />, button] : [button];
          })}
        </div>
      ))}
    </Box>
  );
}
