/**
 * The tooth chart's model (FDI numbering, ANS TISS faces and regions): which teeth the odontogram
 * draws where, and how a line's tooth, faces and region change as the desk clicks. Pure, so the
 * screen only renders it.
 */
import { TOOTH_FACES, type TOOTH_REGIONS, isFdiTooth } from '#core/budget/budget-codes.js';

export type ToothFace = (typeof TOOTH_FACES)[number];
export type ToothRegion = (typeof TOOTH_REGIONS)[number];

/** What a budget line says about the mouth: one tooth with faces, or one region, or nothing. */
export interface ToothSelection {
  tooth?: string;
  toothFace: ToothFace[];
  toothRegion?: ToothRegion;
}

/** An empty selection. */
export const NO_TOOTH: ToothSelection = { toothFace: [] };

function quadrant(q: number, count: number, towardsMidline: boolean): string[] {
  const teeth = Array.from({ length: count }, (_, i) => `${q}${i + 1}`);
  return towardsMidline ? teeth.reverse() : teeth;
}

/**
 * The chart as the dentist faces the patient: upper arch on top, the patient's right on the left.
 * Each row runs from the right molars to the left molars (18…11 21…28; 48…41 31…38), and the
 * deciduous rows likewise (55…51 61…65; 85…81 71…75).
 */
export const TOOTH_ROWS: Readonly<Record<'permanent' | 'deciduous', readonly (readonly string[])[]>> = {
  permanent: [
    [...quadrant(1, 8, true), ...quadrant(2, 8, false)],
    [...quadrant(4, 8, true), ...quadrant(3, 8, false)],
  ],
  deciduous: [
    [...quadrant(5, 5, true), ...quadrant(6, 5, false)],
    [...quadrant(8, 5, true), ...quadrant(7, 5, false)],
  ],
};

/**
 * Clicking a tooth: selects it (keeping no faces of another tooth, and dropping a region, which the
 * core refuses together with a tooth), or clears it when it was the one selected.
 * @throws Error for a number outside FDI: the chart only draws valid teeth.
 */
export function clickTooth(current: ToothSelection, tooth: string): ToothSelection {
  if (!isFdiTooth(tooth)) throw new Error(`dente fora da numeração FDI: ${tooth}`);
  if (current.tooth === tooth) return { toothFace: [] };
  return { tooth, toothFace: [] };
}

/** Toggles a face of the selected tooth, in the TISS order (O L M V D I P); no tooth, no change. */
export function toggleFace(current: ToothSelection, face: ToothFace): ToothSelection {
  if (!current.tooth) return current;
  const on = new Set(current.toothFace);
  if (on.has(face)) on.delete(face);
  else on.add(face);
  return { ...current, toothFace: TOOTH_FACES.filter((f) => on.has(f)) };
}

/** Choosing a region (or none): replaces any tooth and faces, as a line names one or the other. */
export function chooseRegion(region: ToothRegion | null): ToothSelection {
  return region ? { toothFace: [], toothRegion: region } : { toothFace: [] };
}

/** The short text of a selection for the line's table: `36 O M`, `AS`, or empty. */
export function selectionLabel(selection: ToothSelection): string {
  if (selection.tooth) return [selection.tooth, ...selection.toothFace].join(' ');
  return selection.toothRegion ?? '';
}
