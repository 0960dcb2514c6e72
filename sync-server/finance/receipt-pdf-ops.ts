/**
 * `finance.payment.receiptPdf`: the receipt of a payment as a PDF (issue 24 "Receipts"), A5 or 80 mm;
 * `finance.credit.receiptPdf`: the receipt of a patient's prepayment (adiantamento), on the same papers.
 * A server operation: pdfkit runs in Node, as the ticket slip's and the prescription's; the desk
 * previews and prints the same document as HTML from its own store (works offline).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { GROUP } from '#core/finance/finance-common.js';
import { depositReceiptDocument } from '#core/finance/deposit-receipt-document.js';
import { receiptDocument } from '#core/finance/receipt-document.js';
import { defineOperation } from '#core/operation.js';
import { RECEIPT_FORMATS, renderReceiptPdf } from './receipt-pdf.js';

/** `GET /finance/payment/{id}/receipt`: `{ fileName, mediaType, content }`, the PDF in base64. */
export const receiptPdf = defineOperation({
  name: 'finance.payment.receiptPdf',
  group: GROUP,
  summary: 'Gera o recibo de um pagamento em PDF (A5 ou bobina térmica de 80 mm)',
  description:
    'Com o nome e o CNPJ da clínica, o nome e o CPF de quem pagou, o valor em reais e por extenso, a forma e a data; pagamento por PIX leva o QR do BR Code. 409 para estorno ou conta a pagar.',
  permission: 'cashier:read',
  input: z.strictObject({ id: idInput, format: z.enum(RECEIPT_FORMATS).default('a5') }),
  output: z.object({
    fileName: z.string(),
    mediaType: z.literal('application/pdf'),
    content: z.string().describe('o PDF em base64'),
  }),
  http: { method: 'GET', path: '/finance/payment/{id}/receipt' },
  example: { id: EXAMPLE_ID, format: 'thermal' },
  async run(ctx, { id, format }) {
    const document = await receiptDocument(ctx.store, id);
    const bytes = await renderReceiptPdf(document, format);
    return {
      fileName: `recibo-${document.number}${format === 'thermal' ? '-80mm' : ''}.pdf`,
      mediaType: 'application/pdf' as const,
      content: Buffer.from(bytes).toString('base64'),
    };
  },
});

/** `GET /finance/credit/{id}/receipt`: the receipt of a patient's prepayment (FIN-021), same answer. */
export const depositReceiptPdf = defineOperation({
  name: 'finance.credit.receiptPdf',
  group: GROUP,
  summary: 'Gera o recibo de um adiantamento do paciente (crédito) em PDF (A5 ou bobina térmica de 80 mm)',
  description:
    '`id` é o lançamento de crédito do adiantamento (`entry.id` de `POST /finance/patient/{patient}/credit`). Com o CNPJ da clínica, o nome e o CPF do paciente, o valor em reais e por extenso, a forma e a data, dizendo que é adiantamento (crédito do paciente), não pagamento de conta. 409 para uma devolução de crédito.',
  permission: 'cashier:read',
  input: z.strictObject({ id: idInput, format: z.enum(RECEIPT_FORMATS).default('a5') }),
  output: receiptPdf.output,
  http: { method: 'GET', path: '/finance/credit/{id}/receipt' },
  example: { id: EXAMPLE_ID, format: 'a5' },
  async run(ctx, { id, format }) {
    const document = await depositReceiptDocument(ctx.store, id);
    const bytes = await renderReceiptPdf(document, format);
    return {
      fileName: `recibo-adiantamento-${document.number}${format === 'thermal' ? '-80mm' : ''}.pdf`,
      mediaType: 'application/pdf' as const,
      content: Buffer.from(bytes).toString('base64'),
    };
  },
});

/** Finance's server-only operations, for the server's registry beside `allOperations`. */
export const financeServerOperations = [receiptPdf, depositReceiptPdf];
