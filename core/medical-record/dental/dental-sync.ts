/**
 * The sync rule of dental chart entries (MED-044): an entry, once written, never changes; a
 * correction is a new entry. A face state names faces the tooth has; a whole-tooth state none.
 */
import type { ErrorDetail } from '#core/errors.js';
import { DENTAL_STATES, type DentalState } from './dental-states.js';
import { toothInfo, type ToothFace } from './teeth.js';

type Doc = Record<string, unknown>;

/** The problems of a pushed entry against the stored one (none when acceptable). */
export function dentalEntryPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (previous) {
    const changed = Object.keys({ ...next, ...previous }).filter(
      (key) =>
        !['_rev', '_meta', '_deleted', 'updatedAt'].includes(key) &&
        JSON.stringify(next[key]) !== JSON.stringify(previous[key]),
    );
    return changed.map((path) => ({ path, message: 'registro do odontograma não muda: registre um novo estado' }));
  }
  const info = toothInfo(String(next.tooth));
  if (!info) return [{ path: 'tooth', message: 'dente inválido (numeração FDI)' }];
  const state = DENTAL_STATES[next.state as DentalState];
  const faces = Array.isArray(next.faces) ? (next.faces as ToothFace[]) : [];
  if (state?.scope === 'face' && faces.length === 0) return [{ path: 'faces', message: 'informe as faces' }];
  if (state?.scope === 'tooth' && faces.length > 0) return [{ path: 'faces', message: 'vale para o dente inteiro' }];
  const wrong = faces.findIndex((f) => !info.faces.includes(f));
  return wrong >= 0
    ? [{ path: `faces.${wrong}`, message: `faces do dente ${info.tooth}: ${info.faces.join(', ')}` }]
    : [];
}
