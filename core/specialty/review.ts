/**
 * How the desk's sync review names a specialty, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { named, text } from '#core/sync/review/fields.js';

/** Specialty describers, by collection name (the `review` of each collection in module.ts). */
export const specialtyReview = {
  specialties: {
    noun: 'Especialidade',
    title: named('Especialidade'),
    fields: { cbo: text('CBO'), council: text('Conselho') },
  },
} satisfies Record<string, CollectionDescriber>;
