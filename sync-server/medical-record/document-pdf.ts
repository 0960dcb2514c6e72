/**
 * Renders an attendance document (attendance-document.ts) as a pt-BR PDF with pdfkit's standard
 * Helvetica. A5 for receita simples, atestado, pedido de exames and laudo; A4 for the receita de
 * controle especial, one page per copy (1ª via retained by the pharmacy, 2ª via for the patient), each
 * with the prescriber's identification block and, at the foot, the buyer's identification and the
 * supplier's blocks to be filled by hand at the pharmacy (Portaria SVS/MS 344/1998, anexo XVII).
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf/pdf-bytes.js';
import type { AttendanceDocument } from './attendance-document.js';

const MARGIN = 36;

/** Draws a captioned box of blank lines to fill by hand; returns the y below it. */
function blankBlock(
  pdf: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  caption: string,
  lines: string[],
): number {
  const height = 16 + lines.length * 16;
  pdf.rect(x, y, width, height).strokeColor('#000').stroke();
  pdf
    .font('Helvetica-Bold')
    .fontSize(8)
    .text(caption, x + 4, y + 4, { width: width - 8 });
  pdf.font('Helvetica').fontSize(8);
  lines.forEach((line, i) => pdf.text(line, x + 4, y + 18 + i * 16, { width: width - 8 }));
  return y + height;
}

function signature(pdf: PDFKit.PDFDocument, doc: AttendanceDocument, width: number): void {
  pdf.moveDown(3);
  const lineY = pdf.y;
  pdf
    .moveTo(MARGIN + width / 4, lineY)
    .lineTo(MARGIN + (3 * width) / 4, lineY)
    .strokeColor('#000')
    .stroke();
  pdf.moveDown(0.3).fontSize(10).text(doc.professionalName, MARGIN, pdf.y, { width, align: 'center' });
  pdf.text(doc.registration, { width, align: 'center' });
}

function page(pdf: PDFKit.PDFDocument, doc: AttendanceDocument, copy: string | undefined): void {
  const width = pdf.page.width - 2 * MARGIN;
  if (doc.clinicName) pdf.font('Helvetica-Bold').fontSize(13).text(doc.clinicName, { width, align: 'center' });
  pdf.font('Helvetica').fontSize(8).fillColor('#444');
  for (const line of doc.clinicLines) pdf.text(line, { width, align: 'center' });
  pdf.fillColor('black').moveDown(1);
  pdf.font('Helvetica-Bold').fontSize(12).text(doc.title, { width, align: 'center' });
  if (copy) pdf.font('Helvetica').fontSize(9).text(copy, { width, align: 'center' });
  if (doc.issuerLines.length > 0) {
    pdf.moveDown(0.5).font('Helvetica-Bold').fontSize(9).text('IDENTIFICAÇÃO DO EMITENTE');
    pdf.font('Helvetica').fontSize(9);
    for (const line of doc.issuerLines) pdf.text(line);
  }
  pdf.moveDown(1).font('Helvetica').fontSize(10);
  for (const line of doc.patientLines) pdf.text(line);
  pdf.moveDown(1).fontSize(11).text(doc.body, { width, lineGap: 3 });
  pdf.moveDown(2).fontSize(10).text(doc.placeAndDate, { width, align: 'right' });
  signature(pdf, doc, width);
  if (copy) {
    const half = (width - 8) / 2;
    const y = Math.max(pdf.y + 24, pdf.page.height - MARGIN - 16 - 6 * 16);
    blankBlock(pdf, MARGIN, y, half, 'IDENTIFICAÇÃO DO COMPRADOR', [
      'Nome:',
      'Ident.:                          Órg. emissor:',
      'End.:',
      'Cidade:                          UF:',
      'Telefone:',
    ]);
    blankBlock(pdf, MARGIN + half + 8, y, half, 'IDENTIFICAÇÃO DO FORNECEDOR', [
      '',
      'Assinatura do farmacêutico',
      '',
      'Data:       /       /',
      '',
    ]);
  }
}

/** Renders `doc`. @returns the PDF bytes. */
export function renderDocumentPdf(doc: AttendanceDocument): Promise<Uint8Array> {
  const controlled = doc.copies.length > 0;
  const pdf = new PDFDocument({
    size: controlled ? 'A4' : 'A5',
    margin: MARGIN,
    info: {
      Title: `${doc.title} — ${doc.professionalName}`,
      Author: doc.professionalName,
      Subject: doc.title,
      CreationDate: new Date(doc.at),
    },
    lang: 'pt-BR',
  });
  const done = pdfBytes(pdf);
  if (controlled) {
    doc.copies.forEach((copy, i) => {
      if (i > 0) pdf.addPage();
      page(pdf, doc, copy);
    });
  } else page(pdf, doc, undefined);
  pdf.end();
  return done;
}
