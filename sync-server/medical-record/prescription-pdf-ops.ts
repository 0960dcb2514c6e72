/**
 * `medicalRecord.prescriptionPdf`: the attendance's receita simples as a PDF (spec §4.4 Medical
 * Record: "generate files or PDFs of an attendance medical record"). A server operation: pdfkit runs
 * in Node, as the ticket slip's (sync-server/ticket/ticket-pdf-ops.ts).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { prescriptionDocument } from '#core/medical-record/prescription-document.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { defineOperation } from '#core/operation.js';
import { renderPrescriptionPdf } from './prescription-pdf.js';

/** `GET /medicalRecord/{id}/prescription/pdf`: `{ fileName, mediaType, content }`, the PDF in base64. */
export const prescriptionPdf = defineOperation({
  name: 'medicalRecord.prescriptionPdf',
  group: GROUP,
  summary: 'Gera a receita simples do atendimento em PDF (com conselho e número do profissional)',
  description:
    'Imprime a seção `prescricao`. 409 quando o prontuário não tem prescrição ou o profissional não tem registro no conselho.',
  permission: 'medicalRecord:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({
    fileName: z.string(),
    mediaType: z.literal('application/pdf'),
    content: z.string().describe('o PDF em base64'),
  }),
  http: { method: 'GET', path: '/medicalRecord/{id}/prescription/pdf' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const document = await prescriptionDocument(ctx, id);
    const bytes = await renderPrescriptionPdf(document);
    return {
      fileName: `receita-${document.recordId}.pdf`,
      mediaType: 'application/pdf' as const,
      content: Buffer.from(bytes).toString('base64'),
    };
  },
});

/** The medical record's server-only operations, for the server's registry beside `allOperations`. */
export const medicalRecordServerOperations = [prescriptionPdf];
