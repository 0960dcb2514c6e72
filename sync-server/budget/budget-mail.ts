/**
 * The `budget.send` message (core/budget/budget-send-ops.ts) in pt-BR, for e-mail and WhatsApp, and the
 * `budget-pdf` attachment the worker resolves at send time: the PDF of the budget as it is then.
 */
import { z } from 'zod';
import { brDate, brl } from '#core/budget/budget-document-text.js';
import { budgetDocument, budgetPdfName } from '#core/budget/budget-document-ops.js';
import { BUDGET_PDF_ATTACHMENT, BUDGET_SEND_TEMPLATE } from '#core/budget/budget-send-ops.js';
import type { AttachmentResolver } from '../messaging/attachments.js';
import { escapeHtml, type RenderedMessage, type TemplateRender } from '../messaging/templates.js';
import { wordsUpTo } from '../sms/sms-text.js';
import { renderBudgetPdf } from './budget-pdf.js';

const sendData = z.object({
  patientName: z.string().min(1).max(200),
  clinicName: z.string().min(1).max(200),
  budgetNumber: z.number().int().positive(),
  value: z.number().min(0),
  validUntil: z.iso.date(),
});

/** Renders `budget.send`. @throws ZodError when `data` does not fit (the message then fails at once). */
export function renderBudgetSend(data: Record<string, unknown>): RenderedMessage {
  const d = sendData.parse(data);
  const first = d.patientName.split(' ')[0] ?? d.patientName;
  const text =
    `Olá, ${first}! Segue o orçamento nº ${d.budgetNumber} da ${d.clinicName}, no valor de ${brl(d.value)}, ` +
    `válido até ${brDate(d.validUntil)}. O PDF vai anexo. Qualquer dúvida, é só responder esta mensagem.`;
  return {
    subject: `Orçamento nº ${d.budgetNumber} — ${d.clinicName}`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
    // No PDF goes by SMS: the value and validity, and where to get the document.
    sms:
      `${wordsUpTo(d.clinicName, 40)}: ${first.slice(0, 20)}, seu orçamento nº ${d.budgetNumber} ficou em ${brl(d.value)}, ` +
      `válido até ${brDate(d.validUntil)}. Peça o PDF respondendo ou na recepção.`,
  };
}

/** The `budget.send` template, installed by the server (sync-server/catalogue.ts). */
export const budgetTemplates: Readonly<Record<string, TemplateRender>> = { [BUDGET_SEND_TEMPLATE]: renderBudgetSend };

/** The `budget-pdf` attachment: the PDF of the budget as it is at send time. */
export const budgetAttachments: Readonly<Record<string, AttachmentResolver>> = {
  [BUDGET_PDF_ATTACHMENT]: async (store, ref) => {
    // budgetDocument throws `not_found` when the budget is gone: the message then fails for good.
    const document = await budgetDocument(store, String(ref.budgetId));
    return {
      filename: budgetPdfName(document.budget),
      contentType: 'application/pdf',
      content: await renderBudgetPdf(document),
    };
  },
};
