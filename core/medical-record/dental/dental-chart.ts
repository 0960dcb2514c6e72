/**
 * A tooth's current state from its entries (MED-044), pure: entries in time order, a whole-tooth
 * state replaces the tooth's state, a face state the state of those faces, `higido` clears both.
 */
import type { DentalState } from './dental-states.js';
import { DENTAL_STATES } from './dental-states.js';
import type { ToothFace } from './teeth.js';

/** What an entry contributes to the chart. */
export interface ChartStep {
  tooth: string;
  state: DentalState;
  faces?: readonly ToothFace[] | undefined;
  at: string;
  atUtc: string;
  id: string;
}

/** The current state of one tooth. */
export interface ToothState {
  tooth: string;
  /** The whole-tooth state, absent when none is recorded (or after `higido`). */
  state?: DentalState;
  /** The state of each face recorded. */
  faces: Partial<Record<ToothFace, DentalState>>;
  /** When the last entry was recorded. */
  updatedAt: string;
}

/** The current state of each tooth that has entries, by FDI number. */
export function currentChart(entries: readonly ChartStep[]): Map<string, ToothState> {
  const ordered = [...entries].sort((a, b) => a.atUtc.localeCompare(b.atUtc) || a.id.localeCompare(b.id));
  const chart = new Map<string, ToothState>();
  for (const entry of ordered) {
    const tooth = chart.get(entry.tooth) ?? { tooth: entry.tooth, faces: {}, updatedAt: entry.at };
    tooth.updatedAt = entry.at;
    if (entry.state === 'higido') {
      delete tooth.state;
      tooth.faces = {};
    } else if (DENTAL_STATES[entry.state].scope === 'tooth') tooth.state = entry.state;
    else for (const face of entry.faces ?? []) tooth.faces[face] = entry.state;
    chart.set(entry.tooth, tooth);
  }
  return chart;
}
