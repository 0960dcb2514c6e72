/**
 * The bytes a pdfkit document writes, once it ends. Every PDF the server answers (budgets, receipts,
 * prescriptions and other clinical documents, stock reports, ticket slips) collects them the same way.
 */
import type PDFDocument from 'pdfkit';

/**
 * Starts collecting `pdf`'s output; the promise resolves with the whole file after `pdf.end()`, or rejects
 * with the document's stream error. Call it before writing anything, so no chunk is missed.
 */
export function pdfBytes(pdf: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}
