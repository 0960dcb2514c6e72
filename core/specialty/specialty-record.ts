/**
 * Specialties (spec §2.5 "Specialty"; budgets and appointments point at one, spec §2.1). Each may
 * carry its CBO code (Classificação Brasileira de Ocupações), which TISS guides send as the
 * performing professional's occupation (TISS terminology 24), and the council that registers it.
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { councilInput } from './councils-ops.js';

/** A specialty as stored. */
export interface Specialty extends RecordBase {
  name: string;
  nameKey: string;
  /** CBO code, 6 digits (`225125` médico clínico). */
  cbo?: string;
  /** Council acronym (`CRM`), see councils.ts. */
  council?: string;
  active: boolean;
}

/** The `specialties` collection: searched by name, found by CBO. */
export const specialties = defineCollection<Specialty>({
  name: 'specialties',
  fields: { nameKey: 'string', cbo: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['cbo']],
});

/** A specialty's fields as input: name, optional CBO (6 digits) and council. */
export const specialtyFieldsInput = {
  name: nameInput(120),
  cbo: z
    .string()
    .transform((s) => s.replace(/[.\-\s]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'código CBO tem 6 dígitos'))
    .optional(),
  council: councilInput.optional(),
};

/** A specialty as answered. */
export const specialtyOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    cbo: z.string().optional(),
    council: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'Specialty' });
