/**
 * The dental chart (odontograma, spec §4.4 Patient: "update and get dental treatment information and
 * history"): every state a professional records on a tooth (or faces of it) is one entry, never
 * edited; a tooth's current state is where its entries lead, its history the entries themselves
 * (MED-044). Health data: guarded and audited like the medical record.
 */
import { z } from 'zod';
import { TOOTH_FACES } from '#core/budget/budget-codes.js';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { DENTAL_STATE_CODES, type DentalState } from './dental-states.js';
import type { ToothFace } from './teeth.js';

/** One recorded state of one tooth. */
export interface DentalChartEntry extends RecordBase {
  patient: string;
  /** FDI number. */
  tooth: string;
  state: DentalState;
  /** The faces a face state applies to (absent for a whole-tooth state). */
  faces?: ToothFace[];
  /** The clinic's event (procedure) done or planned, when there is one. */
  event?: string;
  note?: string;
  /** The attendance's record it was recorded in, when there is one. */
  medicalRecord?: string;
  /** Who recorded it (`users` id). */
  professional: string;
  /** When, ISO-8601 with offset; `atUtc` is its UTC query key. */
  at: string;
  atUtc: string;
}

/** The `dental_chart_entries` collection: a patient's entries by time. */
export const dentalChartEntries = defineCollection<DentalChartEntry>({
  name: 'dental_chart_entries',
  fields: { patient: 'string', atUtc: 'string' },
  indexes: [['patient', 'atUtc']],
});

/** An entry as answered. */
export const dentalChartEntryOutput = z
  .object({
    ...recordOutputFields,
    patient: z.string(),
    tooth: z.string(),
    state: z.enum(DENTAL_STATE_CODES),
    faces: z.array(z.enum(TOOTH_FACES)).optional(),
    event: z.string().optional(),
    note: z.string().optional(),
    medicalRecord: z.string().optional(),
    professional: z.string(),
    at: z.string(),
  })
  .meta({ id: 'DentalChartEntry' });
