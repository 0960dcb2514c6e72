/**
 * `inventory.pdf`: a clinic's stock position as PDF (spec §4.4 Inventory: "export inventory data as
 * CSV or PDF"; the CSV is `inventory.export`, which desks run too). A server operation: pdfkit runs in
 * Node, as for the ticket slip (sync-server/ticket/ticket-pdf-ops.ts).
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, requireRecord } from '#core/common/records.js';
import { clinicToday } from '#core/inventory/movement-write.js';
import { positionOf } from '#core/inventory/position.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { renderStockPdf } from './stock-pdf.js';

/** `GET /inventory/clinic/{clinicId}/pdf`: `{ fileName, mediaType, content }`, the PDF in base64. */
export const stockPdf = defineOperation({
  name: 'inventory.pdf',
  group: 'Inventory',
  summary: 'Exporta a posição do estoque de uma clínica em PDF (A4)',
  permission: 'inventory:read',
  input: z.strictObject({ clinicId: refInput(() => clinics) }),
  output: z.object({
    fileName: z.string(),
    mediaType: z.literal('application/pdf'),
    content: z.string().describe('o PDF em base64'),
  }),
  http: { method: 'GET', path: '/inventory/clinic/{clinicId}/pdf' },
  example: { clinicId: EXAMPLE_ID },
  async run(ctx, { clinicId }) {
    const clinic = await requireRecord(ctx.store.collection(clinics), clinicId, 'Clínica', 'clinicId');
    const today = await clinicToday(ctx, ctx.store, clinicId, 'clinicId');
    const position = await positionOf(ctx.store, clinicId, today);
    const pdf = await renderStockPdf({ ...position, clinicName: clinic.name, today });
    return { fileName: `estoque-${today}.pdf`, mediaType: 'application/pdf' as const, content: pdf.toString('base64') };
  },
});

/** The inventory's server-only operations, for the server's registry beside `allOperations`. */
export const inventoryServerOperations = [stockPdf];
