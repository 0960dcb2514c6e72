/**
 * The server's parts of the domain groups (docs/architecture.md "Domain modules"): message templates,
 * attachment resolvers, renderers core leaves to the server, and server-only operations (PDFs).
 * `buildServer` installs them once when it builds the app; nothing is registered by importing a file
 * for its side effect.
 */
import { setBudgetPdfRenderer, type BudgetPdfRenderer } from '#core/budget/budget-document-ops.js';
import { setTissSchemaSource, type TissSchemaSource } from '#core/billing/tiss/schema-source.js';
import type { Operation } from '#core/operation.js';
import { accessTemplates } from './auth/mail-templates.js';
import { diskTissSchemas } from './billing/tiss-schemas.js';
import { financeServerOperations } from './finance/receipt-pdf-ops.js';
import { inventoryServerOperations } from './inventory/stock-pdf-ops.js';
import { medicalRecordServerOperations } from './medical-record/prescription-pdf-ops.js';
import { budgetAttachments, budgetTemplates } from './budget/budget-mail.js';
import { renderBudgetPdf } from './budget/budget-pdf.js';
import { attachments, type AttachmentResolver } from './messaging/attachments.js';
import { templates, type TemplateRender } from './messaging/templates.js';
import { scheduleTemplates } from './schedule/templates.js';
import { billingTemplates } from './billing/templates.js';
import { ticketServerOperations } from './ticket/ticket-pdf-ops.js';
import { financeTemplates } from './payments/digital-transfers.js';

/** What one group adds on the server. */
export interface ServerModule {
  /** The group's folder name (`budget`). */
  name: string;
  /** Message templates by name (core operations queue messages naming them). */
  templates?: Readonly<Record<string, TemplateRender>>;
  /** Attachment resolvers by kind, run by the delivery worker at send time. */
  attachments?: Readonly<Record<string, AttachmentResolver>>;
  /** Renderers core calls through a port: the budget PDF (`GET /budget/{id}/pdf`). */
  renderers?: { budgetPdf?: BudgetPdfRenderer; tissSchemas?: TissSchemaSource };
  /** Operations only the server can run (PDFs drawn with pdfkit), needing no service but the context. */
  operations?: readonly Operation[];
}

/** The server modules, one line per group that has a server part. */
export const serverModules: readonly ServerModule[] = [
  { name: 'access', templates: accessTemplates },
  {
    name: 'budget',
    templates: budgetTemplates,
    attachments: budgetAttachments,
    renderers: { budgetPdf: renderBudgetPdf },
  },
  { name: 'schedule', templates: scheduleTemplates },
  { name: 'billing', templates: billingTemplates, renderers: { tissSchemas: diskTissSchemas } },
  { name: 'ticket', operations: ticketServerOperations },
  { name: 'medical-record', operations: medicalRecordServerOperations },
  { name: 'inventory', operations: inventoryServerOperations },
  { name: 'finance', templates: financeTemplates, operations: financeServerOperations },
];

/** The server modules' own operations, for the registry beside the catalogue's. */
export const serverModuleOperations: readonly Operation[] = serverModules.flatMap((m) => m.operations ?? []);

let installed = false;

/**
 * Installs every server module's parts into the shared registries (templates.ts, attachments.ts) and
 * core's ports; later calls do nothing (tests build many servers in one process).
 *
 * @throws Error when two modules name the same template or attachment (a programming error).
 */
export function installServerModules(): void {
  if (installed) return;
  installed = true;
  for (const module of serverModules) {
    for (const [name, render] of Object.entries(module.templates ?? {})) templates.register(name, render);
    for (const [kind, resolve] of Object.entries(module.attachments ?? {})) attachments.register(kind, resolve);
    if (module.renderers?.budgetPdf) setBudgetPdfRenderer(module.renderers.budgetPdf);
    if (module.renderers?.tissSchemas) setTissSchemaSource(module.renderers.tissSchemas);
  }
}
