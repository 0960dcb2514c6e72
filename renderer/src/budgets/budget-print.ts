/**
 * The budget as a printable A4 HTML page, in pt-BR (the patient's copy), built from the same
 * document model as the server's PDF (`budgetDocument`, core) and with the same sections: clinic
 * header, patient and professional, the lines with tooth/faces/region, totals, co-payment, the
 * instalment plan, validity and signature lines. The desk renders it from its own database, so the
 * preview and the print work offline and in the demonstration (docs/decisions/ "Budgets on the
 * desk"). Every text from a record is escaped: the page is printed, never trusted.
 */
import * as text from '#core/budget/budget-document-text.js';
import type { BudgetDocument } from '#core/budget/budget-document-ops.js';

export { planText } from '#core/budget/budget-document-text.js';

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = `
@page { size: A4; margin: 15mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.35 Helvetica, Arial, sans-serif; color: #000; margin: 0; }
.sheet { max-width: 180mm; margin: 0 auto; padding: 6mm 0; }
header { display: flex; justify-content: space-between; gap: 12px; border-bottom: 1px solid #999; padding-bottom: 8px; }
h1 { font-size: 16pt; margin: 0 0 2px; }
.number { text-align: right; }
.number h2 { font-size: 14pt; margin: 0 0 2px; }
.muted { color: #444; font-size: 9pt; }
.parties { display: flex; gap: 24px; margin: 12px 0; }
.parties > div { flex: 1; }
h3 { font-size: 10pt; margin: 0 0 2px; }
p { margin: 0; }
table { width: 100%; border-collapse: collapse; font-size: 8.5pt; }
th, td { text-align: left; padding: 3px 2px; border-bottom: 1px solid #ddd; vertical-align: top; }
th.n, td.n { text-align: right; font-variant-numeric: tabular-nums; }
.totals { text-align: right; margin-top: 10px; }
.totals strong { font-size: 11pt; }
.payment { margin-top: 10px; }
.note { margin-top: 10px; color: #444; font-size: 8.5pt; }
.signatures { display: flex; gap: 40px; margin-top: 60px; }
.signatures div { flex: 1; border-top: 1px solid #000; text-align: center; font-size: 9pt; padding-top: 4px; }
`;

/**
 * The whole HTML document (doctype to `</html>`) of the budget, with its own print style (A4).
 * No script: it is shown in a sandboxed frame and printed as it is.
 */
export function budgetHtml(doc: BudgetDocument): string {
  const { budget } = doc;
  const e = escapeHtml;
  const para = (lines: string[]) => lines.map((l) => `<p>${e(l)}</p>`).join('');
  const cell = (value: string, i: number) =>
    text.LINE_COLUMNS[i]!.align === 'right' ? `<td class="n">${e(value)}</td>` : `<td>${e(value)}</td>`;
  const head = text.LINE_COLUMNS.map((c) =>
    c.align === 'right' ? `<th class="n">${c.title}</th>` : `<th>${c.title}</th>`,
  );
  const rows = text.lineRows(doc).map((cells) => `<tr>${cells.map(cell).join('')}</tr>`);
  if (rows.length === 0) rows.push(`<tr><td></td><td colspan="7">${text.NO_LINES}</td></tr>`);
  const copart = text.copartLine(budget);
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${text.budgetTitle(budget)}</title><style>${STYLE}</style></head>
<body><main class="sheet">
<header><div><h1>${e(text.clinicHeading(doc))}</h1><div class="muted">${para(text.clinicLines(doc))}</div></div>
<div class="number"><h2>${text.numberHeading(budget)}</h2><div class="muted">
${para(text.numberLines(budget))}
</div></div></header>
<section class="parties"><div><h3>Paciente</h3>${para(text.patientLines(doc))}</div><div><h3>Profissional</h3>${para(text.professionalLines(doc))}</div></section>
<table><thead><tr>${head.join('')}</tr></thead>
<tbody>${rows.join('')}</tbody></table>
<div class="totals"><strong>${text.totalLine(budget)}</strong>${copart ? `<p class="muted">${copart}</p>` : ''}</div>
<section class="payment"><h3>${text.PAYMENT_HEADING}</h3>${para(text.paymentLines(budget))}</section>
<p class="note">${text.validityNote(budget)}</p>
<footer class="signatures">${text.SIGNATURE_LABELS.map((l) => `<div>${l}</div>`).join('')}</footer>
</main></body></html>`;
}
