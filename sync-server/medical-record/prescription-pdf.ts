/**
 * The receita simples as an A5 PDF in pt-BR: clinic heading, patient, the prescription text, place and
 * date, and the signature line with the prescriber's name and council registration. pdfkit's standard
 * Helvetica covers the Latin-1 letters Portuguese needs, so no font ships with the server.
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf/pdf-bytes.js';
import type { PrescriptionDocument } from '#core/medical-record/prescription-document.js';

const MARGIN = 36;

/** Renders the prescription. @returns the PDF bytes (A5, one or more pages). */
export function renderPrescriptionPdf(doc: PrescriptionDocument): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'A5',
    margin: MARGIN,
    info: {
      Title: `Receituário simples — ${doc.professionalName}`,
      Author: doc.professionalName,
      Subject: 'Receituário simples',
      CreationDate: new Date(doc.at),
    },
    lang: 'pt-BR',
  });
  const done = pdfBytes(pdf);
  const width = pdf.page.width - 2 * MARGIN;

  if (doc.clinicName) pdf.font('Helvetica-Bold').fontSize(13).text(doc.clinicName, { width, align: 'center' });
  pdf.font('Helvetica').fontSize(8).fillColor('#444');
  for (const line of doc.clinicLines) pdf.text(line, { width, align: 'center' });
  pdf.fillColor('black').moveDown(1);
  pdf.font('Helvetica-Bold').fontSize(12).text('RECEITUÁRIO SIMPLES', { width, align: 'center' });
  pdf.moveDown(1).font('Helvetica').fontSize(10);
  for (const line of doc.patientLines) pdf.text(line);
  pdf.moveDown(1).fontSize(11).text(doc.body, { width, lineGap: 3 });
  pdf.moveDown(2).fontSize(10).text(doc.placeAndDate, { width, align: 'right' });
  pdf.moveDown(3);
  const lineY = pdf.y;
  pdf
    .moveTo(MARGIN + width / 4, lineY)
    .lineTo(MARGIN + (3 * width) / 4, lineY)
    .strokeColor('#000')
    .stroke();
  pdf.moveDown(0.3).text(doc.professionalName, MARGIN, pdf.y, { width, align: 'center' });
  pdf.text(doc.registration, { width, align: 'center' });
  pdf.end();
  return done;
}
