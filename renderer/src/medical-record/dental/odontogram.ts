/**
 * The prontuário's odontogram model (MED-044, MED-045; UI-070): where each TISS face of a tooth is
 * drawn on the classic five-part tooth (vestibular towards the lips, mesial towards the midline), the
 * colour of each state, the arrow-key moves between teeth, and what a registration needs. Pure: the
 * screen only renders it.
 */
import { DENTAL_STATES, type DentalState } from '#core/medical-record/dental/dental-states.js';
import { toothInfo, type ToothFace } from '#core/medical-record/dental/teeth.js';
import { TOOTH_ROWS } from '../../budgets/tooth-chart.js';

/** The five parts of a drawn tooth. */
export type FacePlace = 'top' | 'bottom' | 'left' | 'right' | 'center';

/** Which face each part of the drawn tooth is, as the dentist faces the patient. */
export type FaceLayout = Record<FacePlace, ToothFace>;

/**
 * The faces of `tooth` on the drawing: upper teeth show the vestibular face on top and the palatina
 * below; lower teeth the lingual on top and the vestibular below (the lips outside, the tongue
 * inside). The patient's right (quadrants 1, 4, 5, 8) is on the chart's left, so its mesial face is
 * on the right, towards the midline; the other side is mirrored. The centre is oclusal or incisal.
 * @throws Error for a number outside FDI (the chart only draws valid teeth).
 */
export function faceLayout(tooth: string): FaceLayout {
  const info = toothInfo(tooth);
  if (!info) throw new Error(`dente fora da numeração FDI: ${tooth}`);
  const patientsRight = [1, 4, 5, 8].includes(Number(tooth[0]));
  const upper = info.arch === 'upper';
  return {
    top: upper ? 'V' : 'L',
    bottom: upper ? 'P' : 'V',
    left: patientsRight ? 'D' : 'M',
    right: patientsRight ? 'M' : 'D',
    center: info.faces.includes('I') ? 'I' : 'O',
  };
}

/** The Mantine colour of each state (the face's fill, or the whole tooth's mark). */
export const STATE_COLORS: Readonly<Record<DentalState, string>> = {
  higido: 'gray',
  cariado: 'red',
  restaurado: 'blue',
  restauracao_provisoria: 'orange',
  selante: 'teal',
  fraturado: 'grape',
  ausente: 'dark',
  extracao_indicada: 'red',
  implante: 'violet',
  coroa: 'yellow',
  tratamento_canal: 'pink',
  protese: 'cyan',
};

/** Whether `state` applies to faces (and so needs them) rather than the whole tooth. */
export function isFaceState(state: DentalState): boolean {
  return DENTAL_STATES[state].scope === 'face';
}

/** The dentition rows in chart order: the upper arch, then the lower. */
export function chartRows(dentition: 'permanent' | 'deciduous'): readonly (readonly string[])[] {
  return TOOTH_ROWS[dentition];
}

/** The dentition a tooth belongs to. */
export function dentitionOf(tooth: string): 'permanent' | 'deciduous' {
  return Number(tooth[0]) >= 5 ? 'deciduous' : 'permanent';
}

/**
 * The tooth an arrow key moves to from `tooth` in its dentition: left and right along the row
 * (stopping at its ends), up and down to the tooth drawn in the same column of the other arch,
 * Home and End to the row's ends; undefined for any other key.
 */
export function moveTooth(tooth: string, key: string): string | undefined {
  const rows = chartRows(dentitionOf(tooth));
  const r = rows.findIndex((row) => row.includes(tooth));
  if (r < 0) return undefined;
  const row = rows[r]!;
  const c = row.indexOf(tooth);
  switch (key) {
    case 'ArrowLeft':
      return row[Math.max(0, c - 1)];
    case 'ArrowRight':
      return row[Math.min(row.length - 1, c + 1)];
    case 'ArrowUp':
      return rows[0]![c];
    case 'ArrowDown':
      return rows[rows.length - 1]![c];
    case 'Home':
      return row[0];
    case 'End':
      return row[row.length - 1];
    default:
      return undefined;
  }
}

/** What the registration form holds. */
export interface DentalDraft {
  state: DentalState;
  faces: ToothFace[];
  event?: string | undefined;
  note: string;
}

/**
 * The input of `patient.dentalRecord` for `draft` on `tooth`, or the pt-BR reason it cannot be sent
 * yet (a face state without faces). A whole-tooth state drops the faces the form still shows.
 */
export function registration(
  patient: string,
  tooth: string,
  draft: DentalDraft,
  medicalRecord: string,
):
  | {
      ok: true;
      input: {
        id: string;
        tooth: string;
        state: DentalState;
        faces?: ToothFace[];
        event?: string;
        note?: string;
        medicalRecord: string;
      };
    }
  | { ok: false; reason: 'faces' } {
  const faceState = isFaceState(draft.state);
  if (faceState && draft.faces.length === 0) return { ok: false, reason: 'faces' };
  const note = draft.note.trim();
  return {
    ok: true,
    input: {
      id: patient,
      tooth,
      state: draft.state,
      ...(faceState ? { faces: draft.faces } : {}),
      ...(draft.event ? { event: draft.event } : {}),
      ...(note ? { note } : {}),
      medicalRecord,
    },
  };
}
