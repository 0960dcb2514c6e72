/**
 * The receipt (recibo) as a PDF, from the same model as the desk's preview (`receiptDocument`, core):
 * A5 for the patient's copy, or an 80 mm slip for the reception's thermal printer (the ticket slip's
 * width, sync-server/ticket/ticket-pdf.ts). A payment by PIX carries the charge's BR Code as a QR.
 * pdfkit's standard Helvetica covers Portuguese (WinAnsi), so no font ships with the server.
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf/pdf-bytes.js';
import QRCode from 'qrcode';
import type { ReceiptDocument } from '#core/finance/receipt-document.js';
import { SLIP_WIDTH_PT } from '../ticket/ticket-pdf.js';

/** The paper a receipt is printed on. */
export const RECEIPT_FORMATS = ['a5', 'thermal'] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];

/** Renders the receipt. @returns the PDF bytes (one page). */
export async function renderReceiptPdf(doc: ReceiptDocument, format: ReceiptFormat): Promise<Uint8Array> {
  const thermal = format === 'thermal';
  const margin = thermal ? 10 : 36;
  const qr = doc.pixPayload
    ? await QRCode.toBuffer(doc.pixPayload, { errorCorrectionLevel: 'M', margin: 1, width: 300 })
    : undefined;
  // A slip's height is fixed per receipt (the printer cuts after it): room for the text, and the QR.
  const size: [number, number] | string = thermal ? [SLIP_WIDTH_PT, qr ? 620 : 440] : 'A5';
  const pdf = new PDFDocument({
    size,
    margin,
    info: {
      Title: `${doc.title ? 'Recibo de adiantamento' : 'Recibo'} ${doc.number}`,
      Author: doc.clinicName,
      Subject: 'Recibo',
    },
    lang: 'pt-BR',
  });
  const done = pdfBytes(pdf);
  const width = pdf.page.width - 2 * margin;
  const small = thermal ? 7.5 : 8;
  const text = thermal ? 8.5 : 10.5;

  if (doc.clinicName)
    pdf
      .font('Helvetica-Bold')
      .fontSize(thermal ? 10 : 13)
      .text(doc.clinicName, { width, align: 'center' });
  pdf.font('Helvetica').fontSize(small).fillColor('#333');
  for (const line of doc.clinicLines) pdf.text(line, { width, align: 'center' });
  pdf.fillColor('black').moveDown(0.8);
  pdf
    .font('Helvetica-Bold')
    .fontSize(thermal ? 11 : 14)
    .text(doc.title ?? 'RECIBO', { width, align: 'center' });
  pdf.font('Helvetica').fontSize(small).text(`nº ${doc.number}`, { width, align: 'center' });
  pdf.moveDown(0.6);
  pdf
    .font('Helvetica-Bold')
    .fontSize(thermal ? 14 : 16)
    .text(doc.amount, { width, align: 'center' });
  pdf.moveDown(0.6).font('Helvetica').fontSize(text).text(doc.body, { width, lineGap: 2, align: 'justify' });
  pdf.moveDown(0.6).fontSize(small);
  pdf.text(`Forma de pagamento: ${doc.method}`, { width });
  pdf.text(`Data do pagamento: ${doc.date}`, { width });
  for (const line of doc.detailLines) pdf.text(line, { width });
  if (qr) {
    pdf.moveDown(0.6).font('Helvetica-Bold').text('PIX', { width, align: 'center' });
    const side = thermal ? 120 : 110;
    pdf.image(qr, margin + (width - side) / 2, pdf.y + 2, { width: side });
    pdf.y += side + 6;
    pdf
      .font('Helvetica')
      .fontSize(thermal ? 5.5 : 6)
      .text(doc.pixPayload!, margin, pdf.y, { width, align: 'center' });
  }
  pdf
    .moveDown(1.2)
    .font('Helvetica')
    .fontSize(text)
    .text(doc.placeAndDate, margin, pdf.y, { width, align: thermal ? 'center' : 'right' });
  pdf.moveDown(thermal ? 2.5 : 3);
  const lineY = pdf.y;
  pdf
    .moveTo(margin + width / 8, lineY)
    .lineTo(margin + (7 * width) / 8, lineY)
    .strokeColor('#000')
    .stroke();
  pdf
    .moveDown(0.3)
    .fontSize(small)
    .text(doc.clinicName || 'Assinatura', margin, pdf.y, { width, align: 'center' });
  pdf.end();
  return done;
}
