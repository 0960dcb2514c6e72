/**
 * The materials and exams import at the desk (INV-012, INV-013): the preview reads the CSV with the
 * core's own reader (`readCsvItems`, the one `materialOrExam.importCsv` uses), so what the person sees
 * before importing is exactly what the import will take or refuse; nothing is written here.
 */
import { MATERIAL_TABLE_LABELS, type MaterialTussTable } from '#core/inventory/material-record.js';
import { readCsvItems } from '#core/inventory/material-rows.js';
import { textChunks } from '#core/price/csv-rows.js';
import { rejectedRows, type RejectedRow } from '../setup/price-files.js';

/** One row of the preview, as the import will store it. */
export interface PreviewRow {
  /** The file's line (1 is the header). */
  line: number;
  table: string;
  code: string;
  name: string;
  unit: string;
  /** Reais, absent when the file gave none. */
  price?: number;
}

/** What a file would import: its rows, and every row the import would refuse (line, column, why). */
export interface MaterialPreview {
  rows: PreviewRow[];
  rejected: RejectedRow[];
}

const tableLabel = (table: MaterialTussTable) => `${table} · ${MATERIAL_TABLE_LABELS[table]}`;

/** Reads `csv` as the import would and reports it; never throws on a bad file (it is a rejection). */
export async function previewMaterials(csv: string): Promise<MaterialPreview> {
  const read = await readCsvItems(textChunks(csv));
  return {
    rows: read.rows.map(({ item, at }) => ({
      line: Number(at.slice('csv.'.length)),
      table: tableLabel(item.tussTable),
      code: item.code,
      name: item.name,
      unit: item.unit,
      ...(item.price === undefined ? {} : { price: item.price }),
    })),
    rejected: rejectedRows(read.rejected),
  };
}
