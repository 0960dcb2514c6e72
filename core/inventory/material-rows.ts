/**
 * The rows of a materials-and-exams import (INV-012), from JSON items or CSV lines, checked one by
 * one into a report of every rejected row, as the price table's import reports them
 * (core/price/csv-import-ops.ts): JSON rows by `items.<n>.<field>`, CSV rows by `csv.<line>.<column>`.
 */
import { searchKey } from '#core/br/text.js';
import type { ErrorDetail } from '#core/errors.js';
import { fromCentavos, parseMoneyText } from '#core/price/money.js';
import { CsvSyntaxError, readCsvRows, type CsvReadOptions } from '#core/price/csv-rows.js';
import { materialItemInput, type MaterialItem } from './material-record.js';

/** Most rows one import takes (TUSS table 19 has some tens of thousands of items: split the file). */
export const MAX_MATERIAL_ROWS = 20_000;

/** A checked row and where it came from (for the duplicate's report). */
export interface MaterialRow {
  item: MaterialItem;
  /** `items.3` or `csv.12`: the prefix of its report paths. */
  at: string;
  /** Line or index as a person reads it. */
  label: string;
}

/** The rows read and every problem found; nothing is written by this module. */
export interface MaterialRows {
  rows: MaterialRow[];
  rejected: ErrorDetail[];
}

const CSV_FIELDS = ['tussTable', 'code', 'name', 'unit', 'price'] as const;
type CsvField = (typeof CSV_FIELDS)[number];
type Columns = Partial<Record<CsvField, { index: number; header: string }>>;

const ALIASES: Record<CsvField, readonly string[]> = {
  tussTable: ['tabela', 'tabelatuss', 'table', 'tusstable'],
  code: ['codigo', 'codigotuss', 'tuss', 'code', 'cod'],
  name: ['descricao', 'nome', 'name', 'description', 'termo'],
  unit: ['unidade', 'unidademedida', 'unidadedemedida', 'unit', 'un'],
  price: ['valor', 'preco', 'price', 'value', 'valorr', 'valorrs', 'precor', 'precors'],
};
const REQUIRED: readonly CsvField[] = ['tussTable', 'code', 'name', 'unit'];
const HEADER_WORDS: Record<CsvField, string> = {
  tussTable: 'tabela',
  code: 'código',
  name: 'descrição',
  unit: 'unidade',
  price: 'valor',
};

/** Adds the duplicates of table and code to `rejected` and drops them from the rows. */
function withoutRepeats(rows: MaterialRow[], rejected: ErrorDetail[], codePath: (row: MaterialRow) => string) {
  const first = new Map<string, MaterialRow>();
  const kept: MaterialRow[] = [];
  for (const row of rows) {
    const key = `${row.item.tussTable}/${row.item.code}`;
    const seen = first.get(key);
    if (seen) {
      rejected.push({
        path: codePath(row),
        message: `${row.label}: código ${row.item.code} da tabela ${row.item.tussTable} repetido (já em ${seen.label})`,
      });
      continue;
    }
    first.set(key, row);
    kept.push(row);
  }
  return kept;
}

/** Checks JSON items (`items.<n>.<field>`). */
export function readJsonItems(items: readonly unknown[]): MaterialRows {
  const rows: MaterialRow[] = [];
  const rejected: ErrorDetail[] = [];
  if (items.length === 0) rejected.push({ path: 'items', message: 'nenhum item' });
  if (items.length > MAX_MATERIAL_ROWS) {
    rejected.push({ path: 'items', message: `mais de ${MAX_MATERIAL_ROWS} itens; divida a importação` });
    return { rows, rejected };
  }
  items.forEach((raw, index) => {
    const cleaned =
      raw && typeof raw === 'object' && typeof (raw as { code?: unknown }).code === 'string'
        ? { ...raw, code: (raw as { code: string }).code.replace(/[.\s-]/g, '') }
        : raw;
    const parsed = materialItemInput.safeParse(cleaned);
    const label = `item ${index}`;
    if (parsed.success) rows.push({ item: parsed.data, at: `items.${index}`, label });
    else
      for (const issue of parsed.error.issues)
        rejected.push({ path: ['items', index, ...issue.path].join('.'), message: `${label}: ${issue.message}` });
  });
  return { rows: withoutRepeats(rows, rejected, (r) => `${r.at}.code`), rejected };
}

/** Checks CSV text (`csv.<line>.<column>`, the column as the file's header names it). */
export async function readCsvItems(chunks: AsyncIterable<string>, options: CsvReadOptions = {}): Promise<MaterialRows> {
  const rows: MaterialRow[] = [];
  const rejected: ErrorDetail[] = [];
  let columns: Columns | undefined;
  let count = 0;
  const reject = (line: number, column: string, message: string) =>
    rejected.push({ path: column ? `csv.${line}.${column}` : `csv.${line}`, message: `linha ${line}: ${message}` });
  try {
    for await (const { line, fields } of readCsvRows(chunks, options)) {
      if (fields.every((f) => f.trim() === '')) continue;
      if (!columns) {
        const map: Columns = {};
        fields.forEach((raw, index) => {
          const key = searchKey(raw).replace(/ /g, '');
          const field = CSV_FIELDS.find((f) => ALIASES[f].includes(key));
          if (field && !map[field]) map[field] = { index, header: raw.replace(/^\uFEFF/, '').trim() };
        });
        columns = map;
        const missing = REQUIRED.filter((f) => !map[f]);
        if (missing.length > 0) {
          reject(line, '', `cabeçalho sem a coluna ${missing.map((f) => HEADER_WORDS[f]).join(', ')}`);
          break;
        }
        continue;
      }
      if (++count > MAX_MATERIAL_ROWS) {
        reject(line, '', `mais de ${MAX_MATERIAL_ROWS} linhas; divida o arquivo`);
        break;
      }
      const cell = (f: CsvField) => (columns![f] ? (fields[columns![f].index] ?? '').trim() : '');
      const header = (f: CsvField) => columns![f]?.header ?? f;
      const priceText = cell('price');
      const centavos = priceText === '' ? undefined : parseMoneyText(priceText);
      if (priceText !== '' && centavos === undefined) reject(line, header('price'), `valor inválido "${priceText}"`);
      const parsed = materialItemInput.safeParse({
        tussTable: cell('tussTable').replace(/^0+(?=\d{2}$)/, ''),
        code: cell('code').replace(/[.\s-]/g, ''),
        name: cell('name'),
        unit: cell('unit'),
        ...(centavos === undefined ? {} : { price: fromCentavos(centavos) }),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as CsvField;
          reject(line, header(field), issue.message);
        }
        continue;
      }
      if (priceText !== '' && centavos === undefined) continue;
      rows.push({ item: parsed.data, at: `csv.${line}`, label: `linha ${line}` });
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    reject(error.line, '', error.message);
  }
  if (!columns && rejected.length === 0) reject(1, '', 'arquivo vazio');
  else if (rows.length === 0 && rejected.length === 0) reject(2, '', 'nenhum item');
  const codeHeader = columns?.code?.header ?? 'codigo';
  return { rows: withoutRepeats(rows, rejected, (r) => `${r.at}.${codeHeader}`), rejected };
}
