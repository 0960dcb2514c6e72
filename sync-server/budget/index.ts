/**
 * The server side of budgets: import this module once (sync-server/server.ts) to install the pdfkit
 * renderer behind `GET /budget/{id}/pdf`, the `budget.send` template and the `budget-pdf` attachment.
 */
import { setBudgetPdfRenderer } from '../../core/budget/budget-document.js';
import { attachments } from '../messaging/attachments.js';
import { templates } from '../messaging/templates.js';
import { registerBudgetMessaging } from './budget-mail.js';
import { renderBudgetPdf } from './budget-pdf.js';

setBudgetPdfRenderer(renderBudgetPdf);
registerBudgetMessaging(templates, attachments);

export { brDate, brl, renderBudgetPdf } from './budget-pdf.js';
export { registerBudgetMessaging, renderBudgetSend } from './budget-mail.js';
export {
  DEFAULT_EXPIRY_INTERVAL_MS,
  readExpiryIntervalMs,
  startBudgetExpiry,
  type BudgetExpiry,
  type BudgetExpiryOptions,
} from './budget-expiry-job.js';
