/**
 * The budget a clinic hands a patient, as an A4 PDF in pt-BR (spec §4.4 Report Budget: "download a
 * budget as PDF"): clinic header, patient, professional, each line with tooth/face/region, totals,
 * co-payment, instalment plan, validity and signature lines. pdfkit's standard Helvetica covers the
 * Latin-1 letters Portuguese needs, so no font file ships with the server.
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf/pdf-bytes.js';
import * as text from '#core/budget/budget-document-text.js';
import type { BudgetDocument } from '#core/budget/budget-document-ops.js';

export { brDate, brl } from '#core/budget/budget-document-text.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
/** Width of each of `LINE_COLUMNS`, in points. */
const COLUMN_WIDTHS = [20, 170, 70, 40, 30, 62, 57, 62] as const;
const COLUMNS = text.LINE_COLUMNS.map((column, i) => ({ ...column, width: COLUMN_WIDTHS[i]! }));

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
      Title: text.budgetTitle(budget),
      Author: text.clinicHeading(doc),
      Subject: 'Orçamento de tratamento',
      CreationDate: new Date(budget.updatedAt),
    },
    lang: 'pt-BR',
  });
  const done = pdfBytes(pdf);
  const width = A4.width - 2 * MARGIN;

  // Clinic header.
  pdf.font('Helvetica-Bold').fontSize(16).text(text.clinicHeading(doc), MARGIN, MARGIN);
  pdf.font('Helvetica').fontSize(9).fillColor('#444');
  for (const line of text.clinicLines(doc)) pdf.text(line);
  pdf.fillColor('black');
  pdf.font('Helvetica-Bold').fontSize(14).text(text.numberHeading(budget), MARGIN, MARGIN, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(9);
  for (const line of text.numberLines(budget)) pdf.text(line, { width, align: 'right' });
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
  pdf.font('Helvetica-Bold').fontSize(10).text('Paciente', MARGIN, y, { width: half });
  pdf.font('Helvetica').fontSize(10);
  for (const line of text.patientLines(doc)) pdf.text(line, { width: half });
  const leftBottom = pdf.y;
  pdf.font('Helvetica-Bold').text('Profissional', MARGIN + half + 12, y, { width: half });
  pdf.font('Helvetica');
  for (const line of text.professionalLines(doc)) pdf.text(line, { width: half });
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
  const rows = text.lineRows(doc);
  for (const cells of rows) row(cells, false);
  if (rows.length === 0) row(['', text.NO_LINES, '', '', '', '', '', ''], false);

  // Totals and payment.
  y += 10;
  if (y > A4.height - MARGIN - 200) {
    pdf.addPage();
    y = MARGIN;
  }
  pdf.font('Helvetica-Bold').fontSize(11).text(text.totalLine(budget), MARGIN, y, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(9);
  const copart = text.copartLine(budget);
  if (copart) pdf.text(copart, { width, align: 'right' });
  pdf.moveDown();
  pdf.font('Helvetica-Bold').fontSize(10).text(text.PAYMENT_HEADING, MARGIN);
  pdf.font('Helvetica').fontSize(10);
  for (const line of text.paymentLines(budget)) pdf.text(line);
  pdf.moveDown();
  pdf.fontSize(8.5).fillColor('#444').text(text.validityNote(budget), { width }).fillColor('black');

  // Signatures.
  y = Math.max(pdf.y + 50, A4.height - MARGIN - 80);
  if (y > A4.height - MARGIN - 30) {
    pdf.addPage();
    y = MARGIN + 60;
  }
  const sigWidth = width / 2 - 20;
  for (const [i, label] of text.SIGNATURE_LABELS.entries()) {
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
      .text(`${text.budgetTitle(budget)} — página ${i + 1} de ${range.count}`, MARGIN, A4.height - MARGIN + 10, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  pdf.end();
  return done;
}
