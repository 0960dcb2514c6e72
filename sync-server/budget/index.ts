/**
 * The server side of budgets: the pdfkit renderer behind `GET /budget/{id}/pdf`, the `budget.send`
 * template and the `budget-pdf` attachment (installed by sync-server/catalogue.ts), and the daily
 * expiry job.
 */

export { brDate, brl, renderBudgetPdf } from './budget-pdf.js';
export { budgetAttachments, budgetTemplates, renderBudgetSend } from './budget-mail.js';
export {
  DEFAULT_EXPIRY_INTERVAL_MS,
  readExpiryIntervalMs,
  startBudgetExpiry,
  type BudgetExpiry,
  type BudgetExpiryOptions,
} from './budget-expiry-job.js';
