/**
 * The stock position as CSV for Excel pt-BR (spec §4.4 Inventory: "export inventory data as CSV"):
 * `;` between fields, decimal comma, dates dd/mm/aaaa, CRLF lines and a UTF-8 BOM so the accents read
 * right (the same conventions as the price-table export, core/price/csv-export-ops.ts).
 */
// The browser build: core also runs in the renderer (as core/price/csv-rows.ts does for csv-parse).
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { PositionLine, ProductTotal } from './position.js';

/** The header of the export, in pt-BR. */
export const STOCK_CSV_HEADER = [
  'produto',
  'categoria',
  'lote',
  'validade',
  'quantidade',
  'unidade',
  'estoque_minimo',
  'situacao',
] as const;

/** `1234.5` → `1234,5`: decimal comma, no thousands separator (a spreadsheet reads it as a number). */
export function decimalComma(value: number): string {
  return String(value).replace('.', ',');
}

/** `2027-03-31` → `31/03/2027`; empty stays empty. */
function brDate(iso: string | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function situation(line: PositionLine, total: ProductTotal | undefined): string {
  if (line.quantity < 0) return 'divergência (abaixo de zero)';
  if (line.expired) return 'vencido';
  if (total && total.minimumStock > 0 && total.quantity < total.minimumStock) return 'abaixo do mínimo';
  return 'ok';
}

/** The CSV text (BOM included) of a position: one row per lot with stock. */
export function positionToCsv(lines: readonly PositionLine[], totals: readonly ProductTotal[]): string {
  const byProduct = new Map(totals.map((t) => [t.product, t]));
  const rows = lines.map((line) => {
    const total = byProduct.get(line.product);
    return [
      line.productName,
      line.category ?? '',
      line.lot,
      brDate(line.expiry),
      decimalComma(line.quantity),
      line.unit,
      total ? decimalComma(total.minimumStock) : '',
      situation(line, total),
    ];
  });
  return stringify([[...STOCK_CSV_HEADER], ...rows], { delimiter: ';', bom: true, record_delimiter: 'windows' });
}
