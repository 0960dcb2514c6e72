/**
 * The medical-record configuration of one professional (spec §4.4 Medical Record "list and save the
 * medical record configuration of the logged-in professional"): which sections and custom forms the
 * prontuário shows, in which order (MED-024). One per professional; without one, the defaults.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { SECTIONS, type SectionName } from '#core/medical-record/record.js';

/** A professional's configuration as stored. */
export interface MedicalRecordConfig extends RecordBase {
  /** The professional (`users` id) it belongs to. */
  professional: string;
  /** Sections shown, in order (a hidden section that holds text is still shown). */
  sections: SectionName[];
  /** Custom form ids shown, in order. */
  forms: string[];
}

/** The `medical_record_configs` collection. */
export const medicalRecordConfigs = defineCollection<MedicalRecordConfig>({
  name: 'medical_record_configs',
  fields: { professional: 'string' },
  indexes: [['professional']],
});

/** Ordered lists without repetitions. */
const unique = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .superRefine((list, ctx) => {
      list.forEach((value, i) => {
        if (list.indexOf(value) !== i) ctx.addIssue({ code: 'custom', path: [i], message: 'repetido na lista' });
      });
    });

/** The sections list of a configuration. */
export const configSectionsInput = unique(z.enum(SECTIONS), SECTIONS.length).describe(
  'seções exibidas, na ordem (uma seção oculta que tenha texto continua aparecendo)',
);
/** The forms list of a configuration. */
export const configFormsInput = unique(z.string().min(1).max(64), 50).describe('formulários exibidos, na ordem');

/** A configuration as stored (the push contract's schema). */
export const storedConfigShape = z.object({
  ...recordOutputFields,
  professional: z.string(),
  sections: configSectionsInput,
  forms: configFormsInput,
});

/** A configuration as answered: `saved: false` (the defaults) when the professional never saved one. */
export const medicalRecordConfigOutput = z
  .object({
    professional: z.string(),
    sections: configSectionsInput,
    forms: configFormsInput,
    saved: z.boolean(),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'MedicalRecordConfig' });
