/**
 * Custom medical-record forms (`CustomMedicalRecordForm`, spec §4.4 Medical Record "create, list, delete
 * and edit custom forms"): a FHIR R4 Questionnaire owned by the clinic or by one professional, with
 * optional score bands (MED-020, MED-022). Form definitions are not clinical content: the answers are,
 * and they live in the attendance record (MED-021).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { questionnaireSchema, type Questionnaire } from './questionnaire.js';
import type { ScoreBand } from './response.js';

/** Who owns a form: the whole clinic (managed by admins) or one professional. */
export const FORM_OWNERS = ['clinic', 'professional'] as const;
/** One of {@link FORM_OWNERS}. */
export type FormOwner = (typeof FORM_OWNERS)[number];

/** A custom form as stored. */
export interface CustomMedicalRecordForm extends RecordBase {
  /** The questionnaire's title, folded for ordering (lower case, no accents). */
  titleKey: string;
  owner: FormOwner;
  /** The owning professional (`users` id) when `owner` is `professional`. */
  professional?: string;
  questionnaire: Questionnaire;
  /** Severity bands of the total score (inclusive bounds), in the form's order. */
  scoreBands?: ScoreBand[];
  createdBy: string;
}

/** What a screen needs of a form to render and answer it. */
export type FormView = Pick<CustomMedicalRecordForm, 'id' | 'questionnaire' | 'scoreBands'>;

/** The `medical_record_forms` collection. */
export const medicalRecordForms = defineCollection<CustomMedicalRecordForm>({
  name: 'medical_record_forms',
  fields: { titleKey: 'string', owner: 'string', professional: 'string' },
  indexes: [
    ['owner', 'titleKey'],
    ['professional', 'titleKey'],
  ],
});

/** Score bands: min ≤ max, not overlapping. */
export const scoreBandsInput = z
  .array(
    z.object({
      min: z.number(),
      max: z.number(),
      label: z.string().trim().min(1).max(120),
    }),
  )
  .max(20)
  .superRefine((bands, ctx) => {
    bands.forEach((band, i) => {
      if (band.min > band.max) ctx.addIssue({ code: 'custom', path: [i, 'max'], message: 'máximo menor que o mínimo' });
      bands.forEach((other, j) => {
        if (j < i && band.min <= other.max && other.min <= band.max)
          ctx.addIssue({ code: 'custom', path: [i, 'min'], message: `faixa sobreposta à faixa ${j + 1}` });
      });
    });
  })
  .describe('faixas de gravidade do escore total (limites inclusivos), ex.: PHQ-9 10–14 "moderada"');

/** A form as answered. */
export const customFormOutput = z
  .object({
    ...recordOutputFields,
    titleKey: z.string(),
    owner: z.enum(FORM_OWNERS),
    professional: z.string().optional(),
    questionnaire: questionnaireSchema,
    scoreBands: scoreBandsInput.optional(),
    createdBy: z.string(),
  })
  .meta({ id: 'CustomMedicalRecordForm' });

/** The title folded for ordering and search. */
export function titleKey(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
