/**
 * The ticket slip for 80 mm thermal printers (spec §4.4 Totem: "generate an attendance ticket PDF"):
 * clinic name, the big code, the service, date and time in the clinic's zone, and what to do next.
 * Built-in Helvetica covers Portuguese accents (WinAnsi) without shipping a font file.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf/pdf-bytes.js';

/** 80 mm in PDF points (72 per inch): the paper width of common thermal ticket printers. */
export const SLIP_WIDTH_PT = (80 / 25.4) * 72;
/** A fixed slip height: printers cut after the content, and a fixed page keeps one page per ticket. */
export const SLIP_HEIGHT_PT = 300;
const MARGIN = 10;

/** What the slip shows. */
export interface TicketSlip {
  clinicName: string;
  /** `N001`. */
  code: string;
  /** The service line or place the ticket is for (`Normal`, `Consultório 2`). */
  serviceName: string;
  /** ISO-8601 instant the ticket was issued. */
  issuedAt: string;
  /** IANA zone the time is printed in: the clinic's. */
  timeZone: string;
  /** Printed under the service when the ticket has legal priority. */
  priority: boolean;
}

/**
 * Renders one slip as a one-page PDF, 80 mm wide.
 * @returns the PDF bytes.
 */
export function renderTicketPdf(slip: TicketSlip): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [SLIP_WIDTH_PT, SLIP_HEIGHT_PT],
    margin: MARGIN,
    info: { Title: `Senha ${slip.code}`, Author: slip.clinicName },
  });
  const done = pdfBytes(doc);
  const width = SLIP_WIDTH_PT - 2 * MARGIN;
  const line = (text: string, font: string, size: number, gap = 4) => {
    doc.font(font).fontSize(size).text(text, { width, align: 'center' });
    doc.moveDown(gap / size);
  };
  const issued = format(new TZDate(Date.parse(slip.issuedAt), slip.timeZone), 'dd/MM/yyyy HH:mm');
  line(slip.clinicName, 'Helvetica-Bold', 12, 8);
  line('SENHA', 'Helvetica', 10, 0);
  line(slip.code, 'Helvetica-Bold', 54, 2);
  line(slip.serviceName, 'Helvetica-Bold', 14);
  if (slip.priority) line('Atendimento prioritário', 'Helvetica', 11);
  line(issued, 'Helvetica', 11, 10);
  line('Aguarde ser chamado', 'Helvetica-Bold', 12);
  line('Acompanhe o painel da recepção', 'Helvetica', 9);
  doc.end();
  return done;
}
