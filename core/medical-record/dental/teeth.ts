/**
 * Teeth by FDI number (ISO 3950; the TISS `dm_dente` domain): permanent 11–48, deciduous 51–85, their
 * pt-BR names and the TISS faces (`dm_face`: O oclusal, L lingual, M mesial, V vestibular, D distal,
 * I incisal, P palatina) each tooth has. Spec §4.4 Patient: "get a tooth name by its identifier".
 */
import { isFdiTooth, type TOOTH_FACES } from '#core/budget/budget-codes.js';

/** A TISS tooth face letter. */
export type ToothFace = (typeof TOOTH_FACES)[number];

/** pt-BR names of the faces. */
export const FACE_NAMES: Record<ToothFace, string> = {
  O: 'oclusal',
  L: 'lingual',
  M: 'mesial',
  V: 'vestibular',
  D: 'distal',
  I: 'incisal',
  P: 'palatina',
};

const PERMANENT = [
  'Incisivo central',
  'Incisivo lateral',
  'Canino',
  'Primeiro pré-molar',
  'Segundo pré-molar',
  'Primeiro molar',
  'Segundo molar',
  'Terceiro molar',
];
const DECIDUOUS = [
  'Incisivo central decíduo',
  'Incisivo lateral decíduo',
  'Canino decíduo',
  'Primeiro molar decíduo',
  'Segundo molar decíduo',
];
/** Quadrants 1–4 (permanent) and 5–8 (deciduous), clockwise from the patient's upper right. */
const QUADRANT_SIDES = ['superior direito', 'superior esquerdo', 'inferior esquerdo', 'inferior direito'];

/** What the chart knows of one tooth. */
export interface ToothInfo {
  /** FDI number, `36`. */
  tooth: string;
  /** pt-BR name, `Primeiro molar inferior esquerdo`. */
  name: string;
  dentition: 'permanent' | 'deciduous';
  arch: 'upper' | 'lower';
  /** The faces it has: incisal on the anterior teeth, oclusal on the posterior; palatina above, lingual below. */
  faces: ToothFace[];
}

/** The tooth `code` names, or undefined when it is not an FDI tooth. */
export function toothInfo(code: string): ToothInfo | undefined {
  if (!isFdiTooth(code)) return undefined;
  const quadrant = Number(code[0]);
  const position = Number(code[1]);
  const deciduous = quadrant >= 5;
  const side = QUADRANT_SIDES[(quadrant - 1) % 4]!;
  const base = (deciduous ? DECIDUOUS : PERMANENT)[position - 1]!;
  const upper = side.startsWith('superior');
  const anterior = position <= 3;
  return {
    tooth: code,
    name: `${base} ${side}`,
    dentition: deciduous ? 'deciduous' : 'permanent',
    arch: upper ? 'upper' : 'lower',
    faces: ['M', 'D', 'V', upper ? 'P' : 'L', anterior ? 'I' : 'O'],
  };
}

/** Every FDI tooth: the 32 permanent then the 20 deciduous, quadrant by quadrant. */
export const ALL_TEETH: readonly ToothInfo[] = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((q) =>
  Array.from({ length: q <= 4 ? 8 : 5 }, (_, i) => toothInfo(`${q}${i + 1}`)!),
);
