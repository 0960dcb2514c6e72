/**
 * The receita simples as a printable A5 HTML page, from the same document model as the server's PDF
 * (`prescriptionDocument`, core; MED-006): clinic heading, "RECEITUÁRIO SIMPLES", patient, the text
 * as written, place and date, and the signature line with the prescriber's council registration.
 * The desk builds it from its own database, so it prints offline. Every text is escaped.
 */
import type { PrescriptionDocument } from '#core/medical-record/prescription-document.js';
import { escapeHtml } from '../budgets/budget-print.js';

const STYLE = `
@page { size: A5; margin: 12mm; }
body { font: 10.5pt/1.4 Helvetica, Arial, sans-serif; color: #000; margin: 0; }
header { border-bottom: 1px solid #999; padding-bottom: 6px; text-align: center; }
h1 { font-size: 13pt; margin: 0 0 2px; }
.muted { color: #444; font-size: 8.5pt; margin: 0; }
h2 { text-align: center; font-size: 11pt; letter-spacing: 1px; margin: 14px 0 10px; }
.patient p { margin: 0; }
.body { white-space: pre-wrap; margin: 16px 0 24px; min-height: 60mm; }
.date { text-align: right; }
.signature { margin: 40px auto 0; width: 70%; border-top: 1px solid #000; text-align: center; padding-top: 4px; }
`;

/** The whole HTML document of the prescription (no script: shown in a sandboxed frame, printed as is). */
export function prescriptionHtml(doc: PrescriptionDocument): string {
  const lines = (items: readonly string[], cls = '') =>
    items.map((line) => `<p${cls ? ` class="${cls}"` : ''}>${escapeHtml(line)}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Receita</title><style>${STYLE}</style></head><body>
<header><h1>${escapeHtml(doc.clinicName)}</h1>${lines(doc.clinicLines, 'muted')}</header>
<h2>RECEITUÁRIO SIMPLES</h2>
<div class="patient">${lines(doc.patientLines)}</div>
<div class="body">${escapeHtml(doc.body)}</div>
<p class="date">${escapeHtml(doc.placeAndDate)}</p>
<div class="signature">${escapeHtml(doc.professionalName)}<br>${escapeHtml(doc.registration)}</div>
</body></html>`;
}
