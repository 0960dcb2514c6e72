/** The Report Budget group (spec §4.1, §4.4): budgets, their approval, treatment, PDF and sending. */
export { budgetModule } from './module.js';

export * from './budget-codes.js';
export { budgets, type Budget, type BudgetItem, type PaymentInformation } from './budget-record.js';
export { budgetMoney, settlePlan, type Plan } from './budget-money.js';
export {
  budgetDocument,
  budgetPdfName,
  setBudgetPdfRenderer,
  type BudgetDocument,
  type BudgetPdfRenderer,
} from './budget-document-ops.js';
export { BUDGET_PDF_ATTACHMENT, BUDGET_SEND_TEMPLATE, type BudgetSendData } from './budget-send-ops.js';
export { treatments, type Treatment, type TreatmentStep } from './treatment-ops.js';
export { BUDGET_SERIES } from './budget-number.js';
export {
  EXPIRABLE_STATUSES,
  expireLapsedBudgets,
  hasLapsed,
  type ExpiryOptions,
  type ExpiryResult,
} from './budget-expiry.js';
