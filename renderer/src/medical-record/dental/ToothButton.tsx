import { UnstyledButton } from '@mantine/core';
import type { DentalState } from '#core/medical-record/dental/dental-states.js';
import type { ToothFace } from '#core/medical-record/dental/teeth.js';
import { faceLayout, STATE_COLORS, type FacePlace } from './odontogram.js';

const POLYGONS: Record<Exclude<FacePlace, 'center'>, string> = {
  top: '2,2 38,2 27,13 13,13',
  right: '38,2 38,38 27,27 27,13',
  bottom: '2,38 13,27 27,27 38,38',
  left: '2,2 13,13 13,27 2,38',
};

const color = (state: DentalState | undefined, shade = 6) =>
  state ? `var(--mantine-color-${STATE_COLORS[state]}-${shade})` : 'var(--mantine-color-white)';

/**
 * One tooth of the odontogram: its FDI number and the classic five-part drawing, each face filled
 * with its state's colour, the faces being chosen outlined, a whole-tooth state as a coloured ring
 * (ausente and extração indicada crossed out). A button (Enter or click selects it); clicking a face
 * of the drawing also picks that face. `label` is what a screen reader says.
 */
export function ToothButton(props: {
  tooth: string;
  label: string;
  state?: DentalState | undefined;
  faceStates: Partial<Record<ToothFace, DentalState>>;
  /** Faces chosen in the form (only on the selected tooth). */
  chosen: readonly ToothFace[];
  selected: boolean;
  linked: boolean;
  focusable: boolean;
  upper: boolean;
  onSelect: () => void;
  onFace: (face: ToothFace) => void;
}) {
  const layout = faceLayout(props.tooth);
  const crossed = props.state === 'ausente' || props.state === 'extracao_indicada';
  const ring = props.state && !crossed ? color(props.state) : undefined;
  const face = (place: FacePlace) => {
    const f = layout[place];
    const chosen = props.chosen.includes(f);
    const shape = {
      'data-face': f,
      fill: props.faceStates[f] ? color(props.faceStates[f]) : chosen ? 'var(--mantine-color-blue-1)' : 'white',
      stroke: chosen ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-5)',
      strokeWidth: chosen ? 2.2 : 1,
      style: { cursor: 'pointer' },
      onClick: (e: React.MouseEvent) => {
        e.stopPropagation();
        props.onFace(f);
      },
    };
    return place === 'center' ? (
      <rect key={place} x={13} y={13} width={14} height={14} {...shape} />
    ) : (
      <polygon key={place} points={POLYGONS[place]} {...shape} />
    );
  };
  const number = (
    <span
      style={{
        display: 'block',
        fontSize: 11,
        fontWeight: 700,
        lineHeight: '14px',
        fontVariantNumeric: 'tabular-nums',
        color: props.selected ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-8)',
        textDecoration: props.linked ? 'underline dotted' : undefined,
      }}
    >
      {props.tooth}
    </span>
  );
  return (
    <UnstyledButton
      data-tooth={props.tooth}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.selected}
      tabIndex={props.focusable ? 0 : -1}
      onClick={props.onSelect}
      style={{
        width: '100%',
        maxWidth: 46,
        padding: 2,
        borderRadius: 6,
        textAlign: 'center',
        background: props.selected ? 'var(--mantine-color-blue-0)' : undefined,
        outline: props.selected ? '2px solid var(--mantine-color-blue-6)' : undefined,
      }}
    >
      {props.upper && number}
      <svg viewBox="0 0 40 40" width="100%" style={{ display: 'block', aspectRatio: '1' }} aria-hidden>
        {(['top', 'right', 'bottom', 'left', 'center'] as const).map(face)}
        {ring && <rect x={0.8} y={0.8} width={38.4} height={38.4} fill="none" stroke={ring} strokeWidth={2.4} />}
        {crossed && (
          <g stroke={color(props.state, 7)} strokeWidth={3} strokeLinecap="round" pointerEvents="none">
            <line x1={4} y1={4} x2={36} y2={36} />
            <line x1={36} y1={4} x2={4} y2={36} />
          </g>
        )}
      </svg>
      {!props.upper && number}
    </UnstyledButton>
  );
}
