/**
 * The budget as a printable A4 HTML page, in pt-BR (the patient's copy), built from the same
 * document model as the server's PDF (`budgetDocument`, core) and with the same sections: clinic
 * header, patient and professional, the lines with tooth/faces/region, totals, co-payment, the
 * instalment plan, validity and signature lines. The desk renders it from its own database, so the
 * preview and the print work offline and in the demonstration (docs/decisions.md "Budgets on the
 * desk"). Every text from a record is escaped: the page is printed, never trusted.
 */
import { METHOD_LABELS, STATUS_LABELS, type PERIODS } from '../../../core/budget/budget-codes.js';
import type { BudgetDocument } from '../../../core/budget/budget-document.js';
import type { BudgetItem } from '../../../core/budget/budget-record.js';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const quantityFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** `R$ 1.234,56` with a plain space. */
export function brl(reais: number): string {
  return money.format(reais).replace(/\u00a0/g, ' ');
}

/** `2026-12-23…` → `23/12/2026`. */
export function brDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
const formatPhone = (e164: string) => {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
};
const where = (line: BudgetItem) =>
  line.tooth ? `Dente ${line.tooth}` : line.toothRegion ? `Região ${line.toothRegion}` : '—';

const PERIOD_PLURALS: Readonly<Record<(typeof PERIODS)[number], string>> = {
  weekly: 'semanais',
  biweekly: 'quinzenais',
  monthly: 'mensais',
  bimonthly: 'bimestrais',
  quarterly: 'trimestrais',
};

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

/** The payment plan in words (`4 parcelas mensais: 3 de R$ 115,13 e a última de R$ 115,11`). */
export function planText(plan: BudgetDocument['budget']['paymentInformation']): string | undefined {
  if (plan.quantity <= 0) return undefined;
  const period = plan.period ? ` ${PERIOD_PLURALS[plan.period]}` : '';
  if (plan.quantity === 1) return `Parcela única de ${brl(plan.parcelValue)}`;
  if (plan.lastParcelValue === plan.parcelValue)
    return `${plan.quantity} parcelas${period} de ${brl(plan.parcelValue)}`;
  return `${plan.quantity} parcelas${period}: ${plan.quantity - 1} de ${brl(plan.parcelValue)} e a última de ${brl(plan.lastParcelValue)}`;
}

/**
 * The whole HTML document (doctype to `</html>`) of the budget, with its own print style (A4).
 * No script: it is shown in a sandboxed frame and printed as it is.
 */
export function budgetHtml(doc: BudgetDocument): string {
  const { budget, clinic, patient } = doc;
  const e = (text: string | undefined | null) => escapeHtml(text ?? '');
  const para = (lines: (string | undefined)[]) =>
    lines
      .filter((l): l is string => !!l)
      .map((l) => `<p>${e(l)}</p>`)
      .join('');
  const clinicLines = [
    clinic?.legalName && clinic.cnpj
      ? `${clinic.legalName} — CNPJ ${clinic.cnpj}`
      : (clinic?.legalName ?? (clinic?.cnpj ? `CNPJ ${clinic.cnpj}` : undefined)),
    [clinic?.phone ? formatPhone(clinic.phone) : undefined, clinic?.email].filter(Boolean).join(' · ') || undefined,
    clinic?.address
      ? [
          clinic.address.street,
          clinic.address.number,
          clinic.address.district,
          clinic.address.city,
          clinic.address.state,
        ]
          .filter(Boolean)
          .join(', ')
      : undefined,
  ];
  const patientLines = [
    patient?.socialName ?? patient?.name ?? 'Paciente',
    patient?.cpf ? `CPF ${formatCpf(patient.cpf)}` : undefined,
    [budget.cellPhone ?? patient?.cellPhone, budget.email ?? patient?.email]
      .filter((v): v is string => !!v)
      .map((v) => (v.startsWith('+') ? formatPhone(v) : v))
      .join(' · ') || undefined,
    doc.insuranceName ? `Convênio: ${doc.insuranceName}${doc.planName ? ` — ${doc.planName}` : ''}` : 'Particular',
  ];
  const pro = doc.professional;
  const proLines = [
    pro?.name ?? 'Não informado',
    pro?.council && pro.councilNumber
      ? `${pro.council}${pro.councilState ? `-${pro.councilState}` : ''} ${pro.councilNumber}`
      : undefined,
    doc.specialtyName,
  ];
  const rows = budget.items.map((line, i) => {
    const name = doc.eventNames[line.event ?? ''] ?? doc.eventNames[line.item ?? ''] ?? 'Item';
    return (
      `<tr><td>${i + 1}</td><td>${e(name)}</td><td>${e(where(line))}</td><td>${e(line.toothFace?.join('') ?? '')}</td>` +
      `<td class="n">${quantityFormat.format(line.quantity)}</td>` +
      `<td class="n">${line.valueUnity === undefined ? '' : brl(line.valueUnity)}</td>` +
      `<td class="n">${line.copart ? brl(line.copart) : ''}</td><td class="n">${brl(line.totalValue)}</td></tr>`
    );
  });
  if (rows.length === 0) rows.push('<tr><td></td><td colspan="7">Sem itens (rascunho)</td></tr>');
  const copart = budget.items.reduce((sum, line) => sum + Math.round((line.copart ?? 0) * 100), 0) / 100;
  const plan = budget.paymentInformation;
  const payment = [
    plan.method ? `Meio: ${METHOD_LABELS[plan.method]}` : undefined,
    plan.entry > 0 ? `Entrada: ${brl(plan.entry)}` : undefined,
    planText(plan),
  ];
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Orçamento nº ${budget.budgetNumber}</title><style>${STYLE}</style></head>
<body><main class="sheet">
<header><div><h1>${e(clinic?.name ?? 'Clínica')}</h1><div class="muted">${para(clinicLines)}</div></div>
<div class="number"><h2>ORÇAMENTO Nº ${budget.budgetNumber}</h2><div class="muted">
<p>Emitido em ${brDate(budget.createdAt)}</p><p>Válido até ${brDate(budget.validUntil)}</p><p>Situação: ${e(STATUS_LABELS[budget.status])}</p>
</div></div></header>
<section class="parties"><div><h3>Paciente</h3>${para(patientLines)}</div><div><h3>Profissional</h3>${para(proLines)}</div></section>
<table><thead><tr><th>#</th><th>Procedimento</th><th>Dente/Região</th><th>Faces</th><th class="n">Qtd.</th><th class="n">Unitário</th><th class="n">Coparticip.</th><th class="n">Total</th></tr></thead>
<tbody>${rows.join('')}</tbody></table>
<div class="totals"><strong>Total do orçamento: ${brl(budget.value)}</strong>${copart > 0 ? `<p class="muted">Coparticipação do paciente: ${brl(copart)}</p>` : ''}</div>
<section class="payment"><h3>Forma de pagamento</h3>${para(payment)}</section>
<p class="note">Este orçamento é válido até ${brDate(budget.validUntil)}. Valores em reais. Procedimentos cobertos pelo convênio dependem de autorização da operadora; a coparticipação indicada é a parte do paciente.</p>
<footer class="signatures"><div>Paciente ou responsável</div><div>Profissional responsável</div></footer>
</main></body></html>`;
}
