/**
 * The words of a printed budget, in pt-BR, apart from how they are drawn: the server's pdfkit PDF
 * (`sync-server/budget/budget-pdf.ts`) and the desk's HTML print (`renderer/src/budgets/budget-print.ts`)
 * both show a `BudgetDocument` with these texts, so the patient reads the same budget on either.
 * Each function returns plain text (never markup): a renderer escapes it if its medium needs to.
 */
import { formatCnpj, formatCpf, formatDate, formatMoney, formatPhone } from '#core/br/format.js';
import { METHOD_LABELS, STATUS_LABELS, paymentMethodOf, type PERIODS } from './budget-codes.js';
import type { BudgetDocument } from './budget-document-ops.js';
import type { Budget, BudgetItem } from './budget-record.js';

const quantityFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** `R$ 1.234,56` (with a plain space, which every PDF viewer and mail client shows alike); amount in reais. */
export function brl(reais: number): string {
  return formatMoney(reais);
}

/** `2026-12-23` → `23/12/2026`; an ISO timestamp gives its own calendar date. */
export function brDate(iso: string): string {
  return formatDate(iso);
}

const present = (lines: (string | undefined)[]) => lines.filter((l): l is string => !!l);

const PERIOD_PLURALS: Readonly<Record<(typeof PERIODS)[number], string>> = {
  weekly: 'semanais',
  biweekly: 'quinzenais',
  monthly: 'mensais',
  bimonthly: 'bimestrais',
  quarterly: 'trimestrais',
};

/** `Orçamento nº 42`: the document's title (PDF metadata, HTML title, page footer). */
export const budgetTitle = (budget: Budget) => `Orçamento nº ${budget.budgetNumber}`;

/** The clinic's name as the header's heading. */
export const clinicHeading = (doc: BudgetDocument) => doc.clinic?.name ?? 'Clínica';

/** Under the clinic's name: legal name and CNPJ, phone and e-mail, address (the lines it has). */
export function clinicLines(doc: BudgetDocument): string[] {
  const clinic = doc.clinic;
  return present([
    clinic?.legalName && clinic.cnpj
      ? `${clinic.legalName} — CNPJ ${formatCnpj(clinic.cnpj)}`
      : (clinic?.legalName ?? (clinic?.cnpj ? `CNPJ ${formatCnpj(clinic.cnpj)}` : undefined)),
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
  ]);
}

/** `ORÇAMENTO Nº 42`: the heading beside the clinic's. */
export const numberHeading = (budget: Budget) => `ORÇAMENTO Nº ${budget.budgetNumber}`;

/** Under the number: issue date, validity and status. */
export function numberLines(budget: Budget): string[] {
  return [
    `Emitido em ${brDate(budget.createdAt)}`,
    `Válido até ${brDate(budget.validUntil)}`,
    `Situação: ${STATUS_LABELS[budget.status]}`,
  ];
}

/**
 * The patient's block: name (social name first), CPF, contacts, insurance with plan and card number
 * (`identificationOnInsurance`, which the insurer's authorisation asks for) or `Particular`.
 */
export function patientLines(doc: BudgetDocument): string[] {
  const { budget, patient } = doc;
  const card = budget.patientData?.identificationOnInsurance;
  return present([
    patient?.socialName ?? patient?.name ?? 'Paciente',
    patient?.cpf ? `CPF ${formatCpf(patient.cpf)}` : undefined,
    [budget.cellPhone ?? patient?.cellPhone, budget.email ?? patient?.email]
      .filter((v): v is string => !!v)
      .map((v) => (v.startsWith('+') ? formatPhone(v) : v))
      .join(' · ') || undefined,
    doc.insuranceName
      ? `Convênio: ${doc.insuranceName}${doc.planName ? ` — ${doc.planName}` : ''}${card ? ` — carteirinha ${card}` : ''}`
      : 'Particular',
  ]);
}

/** The professional's block: name (or `Não informado`), council registration, specialty. */
export function professionalLines(doc: BudgetDocument): string[] {
  const pro = doc.professional;
  return present([
    pro?.name ?? 'Não informado',
    pro?.council && pro.councilNumber
      ? `${pro.council}${pro.councilState ? `-${pro.councilState}` : ''} ${pro.councilNumber}`
      : undefined,
    doc.specialtyName,
  ]);
}

/** The lines table's columns, in order: heading and whether the cells are figures (right-aligned). */
export const LINE_COLUMNS = [
  { title: '#', align: 'left' },
  { title: 'Procedimento', align: 'left' },
  { title: 'Dente/Região', align: 'left' },
  { title: 'Faces', align: 'left' },
  { title: 'Qtd.', align: 'right' },
  { title: 'Unitário', align: 'right' },
  { title: 'Coparticip.', align: 'right' },
  { title: 'Total', align: 'right' },
] as const;

/** What the table says in its one row when the budget has no lines (a draft). */
export const NO_LINES = 'Sem itens (rascunho)';

const where = (line: BudgetItem) =>
  line.tooth ? `Dente ${line.tooth}` : line.toothRegion ? `Região ${line.toothRegion}` : '—';

/** What a line quotes: the product, kit or material it names, else its event (a procedure line's). */
function lineName(doc: BudgetDocument, line: BudgetItem): string {
  const names = doc.eventNames;
  const first = line.typeModel === 'Event' ? [line.event, line.item] : [line.item, line.event];
  return first.map((id) => names[id ?? '']).find((n) => n !== undefined) ?? 'Item';
}

/** The cells of each budget line, one per `LINE_COLUMNS` entry; empty when there are no lines. */
export function lineRows(doc: BudgetDocument): string[][] {
  return doc.budget.items.map((line, i) => [
    String(i + 1),
    lineName(doc, line),
    where(line),
    line.toothFace?.join('') ?? '',
    quantityFormat.format(line.quantity),
    line.valueUnity === undefined ? '' : brl(line.valueUnity),
    line.copart ? brl(line.copart) : '',
    brl(line.totalValue),
  ]);
}

/** `Total do orçamento: R$ …`. */
export const totalLine = (budget: Budget) => `Total do orçamento: ${brl(budget.value)}`;

/** `Coparticipação do paciente: R$ …`, the sum of the lines' co-payments; undefined when there is none. */
export function copartLine(budget: Budget): string | undefined {
  const copart = budget.items.reduce((sum, line) => sum + Math.round((line.copart ?? 0) * 100), 0) / 100;
  return copart > 0 ? `Coparticipação do paciente: ${brl(copart)}` : undefined;
}

/** The payment section's heading. */
export const PAYMENT_HEADING = 'Forma de pagamento';

/** The payment plan in words (`4 parcelas mensais: 3 de R$ 115,13 e a última de R$ 115,11`). */
export function planText(plan: Budget['paymentInformation']): string | undefined {
  if (plan.quantity <= 0) return undefined;
  const period = plan.period ? ` ${PERIOD_PLURALS[plan.period]}` : '';
  if (plan.quantity === 1) return `Parcela única de ${brl(plan.parcelValue)}`;
  if (plan.lastParcelValue === plan.parcelValue)
    return `${plan.quantity} parcelas${period} de ${brl(plan.parcelValue)}`;
  return `${plan.quantity} parcelas${period}: ${plan.quantity - 1} de ${brl(plan.parcelValue)} e a última de ${brl(plan.lastParcelValue)}`;
}

/** The payment section: method, down payment, instalments (the lines it has). */
export function paymentLines(budget: Budget): string[] {
  const plan = budget.paymentInformation;
  return present([
    plan.method ? `Meio: ${METHOD_LABELS[paymentMethodOf(plan.method)]}` : undefined,
    plan.entry > 0 ? `Entrada: ${brl(plan.entry)}` : undefined,
    planText(plan),
  ]);
}

/** The note on validity, currency and insurance authorisation under the payment. */
export const validityNote = (budget: Budget) =>
  `Este orçamento é válido até ${brDate(budget.validUntil)}. Valores em reais. Procedimentos cobertos pelo convênio ` +
  'dependem de autorização da operadora; a coparticipação indicada é a parte do paciente.';

/** The labels under the two signature lines, left to right. */
export const SIGNATURE_LABELS = ['Paciente ou responsável', 'Profissional responsável'] as const;
