/**
 * The receipt (recibo) as a printable HTML page, from the same document model as the server's PDF
 * (`receiptDocument`, core): A5 for the patient's copy or an 80 mm slip for the thermal printer, with
 * the PIX BR Code as a QR (SVG made on the desk by `qrcode`). The desk renders it from its own
 * database, so the preview and the print work offline (as the budget's, budget-print.ts). Every text
 * from a record is escaped; the QR's SVG is the library's output, never a record's text.
 */
import type { ReceiptDocument } from '#core/finance/receipt-document.js';
import { escapeHtml } from '../budgets/budget-print.js';

/** The paper: A5 sheet, or the 80 mm roll of a thermal printer. */
export type ReceiptPaper = 'a5' | 'thermal';

const STYLE: Record<ReceiptPaper, string> = {
  a5: `@page { size: A5; margin: 12mm; }
body { font: 10.5pt/1.4 Helvetica, Arial, sans-serif; }
.sheet { max-width: 124mm; margin: 0 auto; }
.qr svg { width: 34mm; height: 34mm; }`,
  thermal: `@page { size: 80mm auto; margin: 3mm; }
body { font: 9pt/1.3 Helvetica, Arial, sans-serif; }
.sheet { width: 72mm; margin: 0 auto; }
.qr svg { width: 42mm; height: 42mm; }`,
};

const COMMON = `
* { box-sizing: border-box; }
body { color: #000; margin: 0; }
header { text-align: center; }
h1 { font-size: 1.25em; margin: 0 0 2px; }
.muted { color: #333; font-size: 0.85em; }
p { margin: 0; }
h2 { text-align: center; font-size: 1.2em; margin: 10px 0 0; letter-spacing: 0.1em; }
.number { text-align: center; }
.amount { text-align: center; font-size: 1.5em; font-weight: bold; margin: 8px 0; }
.body { text-align: justify; margin-bottom: 8px; }
.qr { text-align: center; margin-top: 8px; }
.payload { font-size: 0.6em; word-break: break-all; text-align: center; }
.place { margin-top: 14px; text-align: right; }
.signature { margin: 36px auto 0; width: 75%; border-top: 1px solid #000; text-align: center; padding-top: 3px; font-size: 0.85em; }
`;

/**
 * The whole HTML document of the receipt on `paper`; `qrSvg` is the PIX QR (present when the
 * document carries a payload). No script: shown in a sandboxed frame and printed as it is.
 */
export function receiptHtml(doc: ReceiptDocument, paper: ReceiptPaper, qrSvg?: string): string {
  const e = escapeHtml;
  const lines = (list: string[]) => list.map((l) => `<p>${e(l)}</p>`).join('');
  const pix =
    doc.pixPayload && qrSvg
      ? `<section class="qr"><strong>PIX</strong><div>${qrSvg}</div><p class="payload">${e(doc.pixPayload)}</p></section>`
      : '';
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Recibo ${e(doc.number)}</title><style>${STYLE[paper]}${COMMON}</style></head>
<body><main class="sheet">
<header><h1>${e(doc.clinicName)}</h1><div class="muted">${lines(doc.clinicLines)}</div></header>
<h2>${e(doc.title ?? 'RECIBO')}</h2><p class="number muted">nº ${e(doc.number)}</p>
<p class="amount">${e(doc.amount)}</p>
<p class="body">${e(doc.body)}</p>
<div class="muted"><p>Forma de pagamento: ${e(doc.method)}</p><p>Data do pagamento: ${e(doc.date)}</p>${lines(doc.detailLines)}</div>
${pix}
<p class="place">${e(doc.placeAndDate)}</p>
<p class="signature">${e(doc.clinicName || 'Assinatura')}</p>
</main></body></html>`;
}
