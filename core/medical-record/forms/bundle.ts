/**
 * "Extract a questionnaire from a bundle" (spec §4.4 Medical Record): the FHIR R4 `Bundle` shapes the
 * operation takes and the Questionnaires read out of it (HL7 FHIR R4 §bundle). Other resources of the
 * Bundle are ignored (MED-023).
 */
import { z } from 'zod';
import { DomainError, issuePath, type ErrorDetail } from '#core/errors.js';
import { questionnaireSchema, type Questionnaire } from './questionnaire.js';

/** Bundle types the operation reads. */
export const BUNDLE_TYPES = ['collection', 'searchset', 'transaction', 'batch', 'document'] as const;

/** A FHIR Bundle: its entries' resources are read one by one by {@link questionnairesOf}. */
export const bundleInput = z
  .object({
    resourceType: z.literal('Bundle', { error: 'resourceType deve ser Bundle' }),
    type: z.enum(BUNDLE_TYPES, { error: `tipo de Bundle não suportado (aceitos: ${BUNDLE_TYPES.join(', ')})` }),
    entry: z
      .array(
        z.object({
          fullUrl: z.string().max(500).optional(),
          resource: z.looseObject({ resourceType: z.string().min(1) }),
        }),
      )
      .max(50)
      .default([]),
  })
  .meta({ id: 'FhirBundle', description: 'FHIR R4 Bundle; só os recursos Questionnaire são lidos' });
/** A Bundle as the operation receives it. */
export type BundleInput = z.infer<typeof bundleInput>;

/**
 * The Questionnaires of `bundle`, each checked with the form rules.
 * @throws DomainError `validation` naming `bundle.entry.<i>.resource.<path>` of every problem, or
 *   `bundle.entry` when the Bundle holds no Questionnaire.
 */
export function questionnairesOf(bundle: BundleInput, prefix = 'bundle'): Questionnaire[] {
  const details: ErrorDetail[] = [];
  const found: Questionnaire[] = [];
  bundle.entry.forEach((entry, i) => {
    if (entry.resource.resourceType !== 'Questionnaire') return;
    const parsed = questionnaireSchema.safeParse(entry.resource);
    if (parsed.success) found.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        details.push({
          path: issuePath([prefix, 'entry', i, 'resource', ...issue.path]),
          message: issue.message,
        });
  });
  if (details.length > 0) throw new DomainError('validation', 'Questionário inválido no Bundle', details);
  if (found.length === 0)
    throw new DomainError('validation', 'O Bundle não tem nenhum Questionnaire', [
      { path: `${prefix}.entry`, message: 'inclua ao menos uma entrada com resource.resourceType = Questionnaire' },
    ]);
  return found;
}
