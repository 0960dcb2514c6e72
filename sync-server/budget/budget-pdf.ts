/**
 * The budget a clinic hands a patient, as an A4 PDF in pt-BR (spec §4.4 Report Budget: "download a
 * budget as PDF"): clinic header, patient, professional, each line with tooth/face/region, totals,
 * co-payment, instalment plan, validity and signature lines. pdfkit's standard Helvetica covers the
 * Latin-1 letters Portuguese needs, so no font file ships with the server.
 */
import PDFDocument from 'pdfkit';
import { METHOD_LABELS, STATUS_LABELS, type PERIODS } from '../../core/budget/budget-codes.js';
import type { BudgetDocument } from '../../core/budget/budget-document.js';
import type { BudgetItem } from '../../core/budget/budget-record.js';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const quantityFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** `R$ 1.234,56` (with a plain space, which every PDF viewer extracts alike). */
export function brl(reais: number): string {
  return money.format(reais).replace(/\u00a0/g, ' ');
}

/** `2026-12-23` → `23/12/2026`; an ISO timestamp gives its own calendar date. */
export function brDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

function formatCpf(cpf: string): string {
  return cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

function formatPhone(e164: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

function where(line: BudgetItem): string {
  if (line.tooth) return `Dente ${line.tooth}`;
  if (line.toothRegion) return `Região ${line.toothRegion}`;
  return '—';
}

const PERIOD_PLURALS: Readonly<Record<(typeof PERIODS)[number], string>> = {
  weekly: 'semanais',
  biweekly: 'quinzenais',
  monthly: 'mensais',
  bimonthly: 'bimestrais',
  quarterly: 'trimestrais',
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const COLUMNS = [
  { title: '#', width: 20, align: 'left' },
  { title: 'Procedimento', width: 170, align: 'left' },
  { title: 'Dente/Região', width: 70, align: 'left' },
  { title: 'Faces', width: 40, align: 'left' },
  { title: 'Qtd.', width: 30, align: 'right' },
  { title: 'Unitário', width: 62, align: 'right' },
  { title: 'Coparticip.', width: 57, align: 'right' },
  { title: 'Total', width: 62, align: 'right' },
] as const;

/**
 * Renders the budget's PDF.
 * @returns the PDF bytes (A4, one or more pages).
 */
export function renderBudgetPdf(doc: BudgetDocument): Promise<Uint8Array> {
  const { budget } = doc;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Orçamento nº ${budget.budgetNumber}`,
      Author: doc.clinic?.name ?? 'Clínica',
      Subject: 'Orçamento de tratamento',
      CreationDate: new Date(budget.updatedAt),
    },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  const width = A4.width - 2 * MARGIN;

  // Clinic header.
  const clinic = doc.clinic;
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(clinic?.name ?? 'Clínica', MARGIN, MARGIN);
  pdf.font('Helvetica').fontSize(9).fillColor('#444');
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
  ].filter((l): l is string => !!l);
  for (const line of clinicLines) pdf.text(line);
  pdf.fillColor('black');
  pdf
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`ORÇAMENTO Nº ${budget.budgetNumber}`, MARGIN, MARGIN, { width, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(`Emitido em ${brDate(budget.createdAt)}`, { width, align: 'right' })
    .text(`Válido até ${brDate(budget.validUntil)}`, { width, align: 'right' })
    .text(`Situação: ${STATUS_LABELS[budget.status]}`, { width, align: 'right' });
  pdf.moveDown(2);
  let y = Math.max(pdf.y, MARGIN + 70);
  pdf
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#999')
    .stroke();
  y += 8;

  // Patient and professional, side by side.
  const half = width / 2 - 6;
  const patient = doc.patient;
  const patientLines = [
    patient?.socialName ?? patient?.name ?? 'Paciente',
    patient?.cpf ? `CPF ${formatCpf(patient.cpf)}` : undefined,
    [budget.cellPhone ?? patient?.cellPhone, budget.email ?? patient?.email]
      .filter((v): v is string => !!v)
      .map((v) => (v.startsWith('+') ? formatPhone(v) : v))
      .join(' · ') || undefined,
    doc.insuranceName
      ? `Convênio: ${doc.insuranceName}${doc.planName ? ` — ${doc.planName}` : ''}${budget.patientData?.identificationOnInsurance ? ` — carteirinha ${budget.patientData.identificationOnInsurance}` : ''}`
      : 'Particular',
  ].filter((l): l is string => !!l);
  const pro = doc.professional;
  const proLines = [
    pro?.name ?? 'Não informado',
    pro?.council && pro.councilNumber
      ? `${pro.council}${pro.councilState ? `-${pro.councilState}` : ''} ${pro.councilNumber}`
      : undefined,
    doc.specialtyName,
  ].filter((l): l is string => !!l);
  pdf.font('Helvetica-Bold').fontSize(10).text('Paciente', MARGIN, y, { width: half });
  pdf.font('Helvetica').fontSize(10);
  for (const line of patientLines) pdf.text(line, { width: half });
  const leftBottom = pdf.y;
  pdf.font('Helvetica-Bold').text('Profissional', MARGIN + half + 12, y, { width: half });
  pdf.font('Helvetica');
  for (const line of proLines) pdf.text(line, { width: half });
  y = Math.max(leftBottom, pdf.y) + 14;

  // Lines.
  const row = (cells: string[], bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width - 4 }));
    const height = Math.max(...heights) + 6;
    if (y + height > A4.height - MARGIN - 40) {
      pdf.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      pdf.text(cell, x + 2, y + 3, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    y += height;
    pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor('#ddd')
      .stroke();
  };
  row(
    COLUMNS.map((c) => c.title),
    true,
  );
  budget.items.forEach((line, i) => {
    const name = doc.eventNames[line.event ?? ''] ?? doc.eventNames[line.item ?? ''] ?? 'Item';
    row(
      [
        String(i + 1),
        name,
        where(line),
        line.toothFace?.join('') ?? '',
        quantityFormat.format(line.quantity),
        line.valueUnity === undefined ? '' : brl(line.valueUnity),
        line.copart ? brl(line.copart) : '',
        brl(line.totalValue),
      ],
      false,
    );
  });
  if (budget.items.length === 0) row(['', 'Sem itens (rascunho)', '', '', '', '', '', ''], false);

  // Totals and payment.
  const copart = budget.items.reduce((sum, line) => sum + Math.round((line.copart ?? 0) * 100), 0) / 100;
  y += 10;
  if (y > A4.height - MARGIN - 200) {
    pdf.addPage();
    y = MARGIN;
  }
  pdf
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Total do orçamento: ${brl(budget.value)}`, MARGIN, y, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(9);
  if (copart > 0) pdf.text(`Coparticipação do paciente: ${brl(copart)}`, { width, align: 'right' });
  pdf.moveDown();
  const plan = budget.paymentInformation;
  pdf.font('Helvetica-Bold').fontSize(10).text('Forma de pagamento', MARGIN);
  pdf.font('Helvetica').fontSize(10);
  if (plan.method) pdf.text(`Meio: ${METHOD_LABELS[plan.method]}`);
  if (plan.entry > 0) pdf.text(`Entrada: ${brl(plan.entry)}`);
  if (plan.quantity > 0) {
    const period = plan.period ? ` ${PERIOD_PLURALS[plan.period]}` : '';
    pdf.text(
      plan.quantity === 1
        ? `Parcela única de ${brl(plan.parcelValue)}`
        : plan.lastParcelValue === plan.parcelValue
          ? `${plan.quantity} parcelas${period} de ${brl(plan.parcelValue)}`
          : `${plan.quantity} parcelas${period}: ${plan.quantity - 1} de ${brl(plan.parcelValue)} e a última de ${brl(plan.lastParcelValue)}`,
    );
  }
  pdf.moveDown();
  pdf
    .fontSize(8.5)
    .fillColor('#444')
    .text(
      `Este orçamento é válido até ${brDate(budget.validUntil)}. Valores em reais. Procedimentos cobertos pelo convênio ` +
        'dependem de autorização da operadora; a coparticipação indicada é a parte do paciente.',
      { width },
    )
    .fillColor('black');

  // Signatures.
  y = Math.max(pdf.y + 50, A4.height - MARGIN - 80);
  if (y > A4.height - MARGIN - 30) {
    pdf.addPage();
    y = MARGIN + 60;
  }
  const sigWidth = width / 2 - 20;
  for (const [i, label] of ['Paciente ou responsável', 'Profissional responsável'].entries()) {
    const x = MARGIN + i * (sigWidth + 40);
    pdf
      .moveTo(x, y)
      .lineTo(x + sigWidth, y)
      .strokeColor('black')
      .stroke();
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(label, x, y + 4, { width: sigWidth, align: 'center' });
  }

  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // The footer sits in the bottom margin; without this pdfkit would open a page for it.
    pdf.page.margins.bottom = 0;
    pdf
      .fontSize(8)
      .fillColor('#666')
      .text(
        `Orçamento nº ${budget.budgetNumber} — página ${i + 1} de ${range.count}`,
        MARGIN,
        A4.height - MARGIN + 10,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      );
  }
  pdf.end();
  return done;
}
