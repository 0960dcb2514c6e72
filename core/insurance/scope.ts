/**
 * Checks of an (insurance, plan) pair that another record points at: a patient's insurance card, a
 * price for one insurance or plan.
 */
import { DomainError } from '#core/errors.js';
import { missingReference, requireReference } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import { insurances, type Insurance } from './insurance-record.js';

/**
 * Verifies that `insurance` exists in the account and that `insurancePlan`, when given, is one of its
 * plans. Answers the insurance (undefined when none was given).
 *
 * @param path where the pair sits in the input, e.g. `insurances.0` (paths end in `.insurance` and
 *   `.insurancePlan`), empty at the top level.
 * @throws DomainError `not_found` naming the field for a missing insurance or plan (another
 *   account's id looks missing, as everywhere); `validation` for a plan without its insurance.
 */
export async function requireInsuranceScope(
  ctx: Pick<OperationContext, 'store'>,
  scope: { insurance?: string | undefined; insurancePlan?: string | undefined },
  path = '',
): Promise<Insurance | undefined> {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  if (!scope.insurance) {
    if (scope.insurancePlan) {
      throw new DomainError('validation', 'Plano sem convênio', [
        { path: at('insurance'), message: 'informe o convênio do plano' },
      ]);
    }
    return undefined;
  }
  const insurance = await requireReference(
    ctx.store.collection(insurances),
    scope.insurance,
    'Convênio',
    at('insurance'),
  );
  if (scope.insurancePlan && !insurance.plans.some((p) => p.id === scope.insurancePlan)) {
    throw missingReference('Plano do convênio', at('insurancePlan'), scope.insurancePlan, 'não é plano deste convênio');
  }
  return insurance;
}
