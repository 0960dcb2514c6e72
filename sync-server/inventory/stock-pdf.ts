/**
 * A clinic's stock position as an A4 PDF in pt-BR (spec §4.4 Inventory: "export inventory data as
 * CSV or PDF"): one row per lot with stock, the product's minimum and the lot's situation (vencido,
 * abaixo do mínimo, divergência). pdfkit's Helvetica covers the Latin-1 letters Portuguese needs.
 */
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf/pdf-bytes.js';
import { decimalComma } from '#core/inventory/export-csv.js';
import type { Position } from '#core/inventory/position.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const COLUMNS = [
  { title: 'Produto', width: 170, align: 'left' },
  { title: 'Lote', width: 70, align: 'left' },
  { title: 'Validade', width: 60, align: 'left' },
  { title: 'Quantidade', width: 70, align: 'right' },
  { title: 'Mínimo', width: 50, align: 'right' },
  { title: 'Situação', width: 91, align: 'left' },
] as const;

/** What the report shows. */
export interface StockReport extends Position {
  clinicName: string;
  /** `YYYY-MM-DD` at the clinic. */
  today: string;
}

const brDate = (iso: string | undefined) => (iso ? iso.split('-').reverse().join('/') : '');

/**
 * Renders the position report.
 * @returns the PDF bytes (A4, as many pages as the lots need).
 */
export function renderStockPdf(report: StockReport): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Posição do estoque — ${report.clinicName}`, Subject: 'Estoque' },
    lang: 'pt-BR',
  });
  const done = pdfBytes(pdf);
  const width = A4.width - 2 * MARGIN;
  pdf.font('Helvetica-Bold').fontSize(15).text('Posição do estoque', MARGIN, MARGIN);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`${report.clinicName} — ${brDate(report.today)}`);
  let y = pdf.y + 12;

  const row = (cells: string[], bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width - 4 }));
    const height = Math.max(...heights) + 6;
    if (y + height > A4.height - MARGIN - 30) {
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
  const totals = new Map(report.totals.map((t) => [t.product, t]));
  for (const line of report.lines) {
    const total = totals.get(line.product);
    const low = total !== undefined && total.minimumStock > 0 && total.quantity < total.minimumStock;
    const situation = line.quantity < 0 ? 'divergência' : line.expired ? 'vencido' : low ? 'abaixo do mínimo' : 'ok';
    row(
      [
        line.productName,
        line.lot || '(sem lote)',
        brDate(line.expiry),
        `${decimalComma(line.quantity)} ${line.unit}`,
        total ? decimalComma(total.minimumStock) : '',
        situation,
      ],
      false,
    );
  }
  if (report.lines.length === 0) row(['Nenhum produto em estoque', '', '', '', '', ''], false);

  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // The footer sits in the bottom margin; without this pdfkit would open a page for it.
    pdf.page.margins.bottom = 0;
    pdf
      .fontSize(8)
      .fillColor('#666')
      .text(`Estoque ${report.clinicName} — página ${i + 1} de ${range.count}`, MARGIN, A4.height - MARGIN + 10, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  pdf.end();
  return done;
}
