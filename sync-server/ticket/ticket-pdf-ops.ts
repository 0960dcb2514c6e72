/**
 * `ticket.pdf`: the ticket slip as a PDF (spec §4.4 Totem: "generate an attendance ticket PDF"). A
 * server operation: pdfkit runs in Node; desks print the slip the server renders, or their own.
 */
import { z } from 'zod';
import { requireClinic } from '#core/clinic/clinic-ops.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { loadTicketControl } from '#core/ticket/ticket-control-record.js';
import { requireTicket } from '#core/ticket/ticket-queries.js';
import { renderTicketPdf } from './ticket-pdf.js';

/**
 * `GET /ticket/{id}/pdf`: `{ fileName, mediaType, content }` with the PDF in base64, as every file this
 * API gives (routes answer JSON, docs/decisions/master-data.md).
 */
export const ticketPdf = defineOperation({
  name: 'ticket.pdf',
  group: 'Totem',
  summary: 'Gera o PDF da senha de atendimento para impressora térmica de 80 mm',
  permission: 'ticket:read',
  input: z.strictObject({ id: idInput }),
  output: z.object({
    fileName: z.string(),
    mediaType: z.literal('application/pdf'),
    content: z.string().describe('o PDF em base64'),
  }),
  http: { method: 'GET', path: '/ticket/{id}/pdf' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const ticket = await requireTicket(ctx, id);
    const clinic = await requireClinic(ctx, ticket.clinic);
    const { services } = await loadTicketControl(ctx, clinic.id);
    const place = clinic.places.find((p) => p.id === ticket.place);
    const serviceName = place?.name ?? services.find((s) => s.prefix === ticket.service)?.name ?? ticket.service;
    const pdf = await renderTicketPdf({
      clinicName: clinic.name,
      code: ticket.code,
      serviceName,
      issuedAt: ticket.issuedAt,
      timeZone: clinic.timeZone,
      priority: ticket.class !== 'normal',
    });
    return {
      fileName: `senha-${ticket.code}.pdf`,
      mediaType: 'application/pdf' as const,
      content: pdf.toString('base64'),
    };
  },
});

/** The tickets' server-only operations, for the server's registry beside `allOperations`. */
export const ticketServerOperations = [ticketPdf];
