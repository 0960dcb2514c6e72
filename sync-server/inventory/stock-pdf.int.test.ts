/** The stock position PDF: the lots, quantities with decimal comma, dates dd/mm/aaaa and situations, read back. */
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderStockPdf } from './stock-pdf.js';

describe('renderStockPdf', () => {
  it('lists every lot with its quantity, expiry and situation', async () => {
    const bytes = await renderStockPdf({
      clinicName: 'Clínica Centro',
      today: '2026-11-23',
      lines: [
        {
          clinic: 'c1',
          product: 'p1',
          productName: 'Luva de procedimento M',
          unit: 'par',
          lot: 'A1',
          expiry: '2027-01-31',
          quantity: 12.5,
          expired: false,
        },
        {
          clinic: 'c1',
          product: 'p2',
          productName: 'Lidocaína 2%',
          unit: 'tubete',
          lot: 'L0',
          expiry: '2026-11-01',
          quantity: 3,
          expired: true,
        },
      ],
      totals: [
        { product: 'p1', productName: 'Luva de procedimento M', unit: 'par', quantity: 12.5, minimumStock: 100 },
        { product: 'p2', productName: 'Lidocaína 2%', unit: 'tubete', quantity: 3, minimumStock: 0 },
      ],
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      const { text } = await parser.getText();
      expect(text).toContain('Posição do estoque');
      expect(text).toContain('Clínica Centro — 23/11/2026');
      expect(text).toContain('Luva de procedimento M');
      expect(text).toContain('12,5 par');
      expect(text).toContain('31/01/2027');
      expect(text).toContain('abaixo do mínimo');
      expect(text).toContain('vencido');
    } finally {
      await parser.destroy();
    }
  });
});
