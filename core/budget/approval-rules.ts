/**
 * What a budget must be to stand approved (status 2), judged the same whether it is approved by
 * `budget.approve` or created already approved by `budget.create` (issue 20 point 5): a quote with no
 * lines, no value or past its validity cannot be one the patient agreed to.
 */
import { formatDate } from '#core/br/format.js';
import type { ErrorDetail } from '#core/errors.js';
import type { Budget } from './budget-record.js';

/**
 * The reasons `budget` cannot stand approved on the clinic's `today` (`YYYY-MM-DD`), one per field,
 * in the order a person fixes them; empty when it can.
 */
export function approvalProblems(
  budget: Pick<Budget, 'active' | 'items' | 'value' | 'validUntil'>,
  today: string,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!budget.active) problems.push({ path: 'active', message: 'orçamento excluído' });
  if (budget.items.length === 0) problems.push({ path: 'items', message: 'sem itens' });
  else if (budget.value <= 0) problems.push({ path: 'value', message: 'valor total zero' });
  if (budget.validUntil < today) {
    problems.push({ path: 'validUntil', message: `vencido em ${formatDate(budget.validUntil)}` });
  }
  return problems;
}
