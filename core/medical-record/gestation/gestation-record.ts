/**
 * Gestations (spec §4.4 Patient: "list gestations accessible to the logged professional"), MED-056: a
 * pregnancy a professional follows, from the last menstrual period (DUM) to its end. Health data
 * (LGPD art. 11): guarded and audited like the medical record, and held only by the following
 * professional's station (`boundTo: 'professional'`, MED-007).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** How a gestation ended (pt-BR in the summaries): birth at term or preterm, loss, or followed elsewhere. */
export const GESTATION_OUTCOMES = [
  'parto_normal',
  'parto_cesareo',
  'aborto',
  'obito_fetal',
  'gestacao_ectopica',
  'acompanhamento_transferido',
] as const;
export type GestationOutcome = (typeof GESTATION_OUTCOMES)[number];

/** One gestation of one patient. */
export interface Gestation extends RecordBase {
  patient: string;
  /** The professional following it (`users` id): who reads and updates it (MED-056). */
  professional: string;
  /** The clinic whose time zone dates the gestational age; the default zone without one. */
  clinic?: string;
  /** Data da última menstruação (DUM), `YYYY-MM-DD`. */
  lastMenstrualPeriod: string;
  /** Data provável do parto (DPP) by Naegele's rule, `YYYY-MM-DD`. */
  dueDate: string;
  status: 'ongoing' | 'ended';
  outcome?: GestationOutcome;
  /** The day it ended, `YYYY-MM-DD`. */
  endedOn?: string;
  note?: string;
  /** The attendance's record it was registered in, when there is one. */
  medicalRecord?: string;
  createdBy: string;
}

/** The `gestations` collection: a patient's, a professional's (ongoing first). */
export const gestations = defineCollection<Gestation>({
  name: 'gestations',
  fields: { patient: 'string', professional: 'string', status: 'string', dueDate: 'string', medicalRecord: 'string' },
  indexes: [
    ['professional', 'status', 'dueDate'],
    ['patient', 'status'],
  ],
});

/** A gestation as stored and replicated (the push contract's record). */
export const gestationFields = {
  ...recordOutputFields,
  patient: z.string(),
  professional: z.string(),
  clinic: z.string().optional(),
  lastMenstrualPeriod: z.iso.date(),
  dueDate: z.iso.date(),
  status: z.enum(['ongoing', 'ended']),
  outcome: z.enum(GESTATION_OUTCOMES).optional(),
  endedOn: z.iso.date().optional(),
  note: z.string().optional(),
  medicalRecord: z.string().optional(),
  createdBy: z.string(),
};

/** A gestation as answered: the stored fields plus its age today (or when it ended). */
export const gestationOutput = z
  .object({
    ...gestationFields,
    gestationalAge: z
      .object({
        weeks: z.number().int(),
        days: z.number().int().describe('0–6'),
        totalDays: z.number().int(),
        asOf: z.iso.date().describe('hoje no fuso da clínica, ou o dia em que terminou'),
      })
      .describe('idade gestacional pela DUM (semanas e dias)'),
  })
  .meta({ id: 'Gestation' });
