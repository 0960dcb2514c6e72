/**
 * The columns of a price CSV and how one data row becomes a price. Header names are matched ignoring
 * accents, case, spaces and punctuation, in pt-BR or English: `Código`, `codigo TUSS`, `Descrição`,
 * `Valor (R$)`, `Tipo`, `Tabela`.
 */
import { searchKey } from '#core/br/text.js';
import { EVENT_TYPE_WORDS, EVENT_TYPES, type EventType } from '#core/clinic/event-record.js';
import { parseMoneyText } from './money.js';

/** The fields a price row can carry. */
export type CsvField = 'code' | 'name' | 'value' | 'type' | 'tissTable';

const ALIASES: Record<CsvField, readonly string[]> = {
  code: ['codigo', 'code', 'cod', 'codigotuss', 'tuss', 'codigoprocedimento', 'codigoevento'],
  name: ['descricao', 'description', 'nome', 'name', 'procedimento', 'evento', 'termo'],
  value: ['valor', 'value', 'preco', 'price', 'valorr', 'valorrs', 'precor', 'precors'],
  type: ['tipo', 'type'],
  tissTable: ['tabela', 'table', 'tabelatiss'],
};

/** Where each recognised field sits in the rows, with the header as the file wrote it. */
export type ColumnMap = Partial<Record<CsvField, { index: number; header: string }>>;

/** Maps a header row; unknown columns are ignored. */
export function mapColumns(header: readonly string[]): ColumnMap {
  const map: ColumnMap = {};
  header.forEach((raw, index) => {
    const key = searchKey(raw).replace(/ /g, '');
    const field = (Object.keys(ALIASES) as CsvField[]).find((f) => ALIASES[f].includes(key));
    if (field && !map[field]) map[field] = { index, header: raw.replace(/^\uFEFF/, '').trim() };
  });
  return map;
}

/** The columns a price CSV must have. */
export const REQUIRED_COLUMNS: readonly CsvField[] = ['code', 'value'];

/** One data row, read. */
export interface PriceRow {
  line: number;
  code: string;
  name?: string;
  /** Centavos. */
  centavos: number;
  type?: EventType;
  tissTable?: string;
}

/** A problem with one cell (or the whole row when `column` is empty). */
export interface CellProblem {
  column: string;
  message: string;
}

/** Reads a data row. @returns the row, or the problems found in it (every one, not only the first). */
export function readPriceRow(line: number, fields: readonly string[], columns: ColumnMap): PriceRow | CellProblem[] {
  const problems: CellProblem[] = [];
  const cell = (field: CsvField) => {
    const column = columns[field];
    return column ? (fields[column.index] ?? '').trim() : '';
  };
  const header = (field: CsvField) => columns[field]?.header ?? field;
  const code = cell('code');
  if (!/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/.test(code)) {
    problems.push({ column: header('code'), message: code ? `código inválido "${code}"` : 'código vazio' });
  }
  const name = cell('name');
  if (name.length > 300) problems.push({ column: header('name'), message: 'descrição com mais de 300 caracteres' });
  const valueText = cell('value');
  const centavos = parseMoneyText(valueText);
  if (centavos === undefined) {
    problems.push({ column: header('value'), message: valueText ? `valor inválido "${valueText}"` : 'valor vazio' });
  }
  const typeText = searchKey(cell('type'));
  const type = typeText === '' ? undefined : (EVENT_TYPE_WORDS[typeText] ?? EVENT_TYPES.find((t) => t === typeText));
  if (typeText !== '' && !type)
    problems.push({ column: header('type'), message: `tipo desconhecido "${cell('type')}"` });
  const tissTable = cell('tissTable');
  if (tissTable !== '' && !/^\d{2}$/.test(tissTable)) {
    problems.push({ column: header('tissTable'), message: `tabela TISS inválida "${tissTable}"` });
  }
  if (problems.length > 0 || centavos === undefined) return problems;
  return {
    line,
    code,
    centavos,
    ...(name ? { name } : {}),
    ...(type ? { type } : {}),
    ...(tissTable ? { tissTable } : {}),
  };
}
