/**
 * Importing a reference price table from CSV (spec §4.4 Administration: "import a reference prices
 * table from CSV"). One row per event: code, description, value (and optionally type and TISS table).
 * Events are matched by code among the account's active events; codes not yet known become events.
 *
 * All or nothing: every row is read and checked first; when any is rejected, nothing is written and
 * the answer lists the rejected rows by line (`csv.<line>.<column>`). Only a clean file is written,
 * in one store transaction.
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase } from '#core/common/records.js';
import { events, type ClinicEvent } from '#core/clinic/event-record.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { requireInsuranceScope } from '#core/insurance/scope.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { mapColumns, readPriceRow, REQUIRED_COLUMNS, type PriceRow } from './csv-columns.js';
import { CsvSyntaxError, readCsvRows, textChunks, type CsvReadOptions, type CsvRowReader } from './csv-rows.js';
import { fromCentavos } from './money.js';
import { applyPriceChanges, type PriceScope } from './price-store.js';
import { priceScopeInput } from './price-table-record.js';
import { requirePriceTable } from './price-table-ops.js';

/** Most data rows one import takes: a full TUSS procedure table fits with room to spare. */
export const MAX_IMPORT_ROWS = 20_000;
/** Rejections listed in the answer; the message gives the total. */
const MAX_REPORTED = 100;
const IN_CHUNK = 200;

/** What to import and how. */
export interface PriceImportOptions extends CsvReadOptions {
  /** The price table receiving the prices. */
  table: string;
  /** Insurance and plan the prices are for; none = general prices. */
  scope?: PriceScope;
  /** The CSV reader; csv-parse's browser build by default (see csv-rows.ts). */
  reader?: CsvRowReader;
}

/** What a successful import did. */
export interface PriceImportReport {
  /** Data rows read (blank lines not counted). */
  rows: number;
  createdEvents: number;
  pricesSet: number;
}

/** One rejected row: `csv.<line>.<column>` and why. */
function rejection(line: number, column: string, message: string): ErrorDetail {
  return { path: column ? `csv.${line}.${column}` : `csv.${line}`, message: `linha ${line}: ${message}` };
}

/** Reads and checks every row; nothing is written here. `nameHeader` names the description column in reports. */
async function readAll(
  chunks: AsyncIterable<string>,
  options: PriceImportOptions,
): Promise<{ rows: PriceRow[]; rejected: ErrorDetail[]; nameHeader: string }> {
  const rows: PriceRow[] = [];
  const rejected: ErrorDetail[] = [];
  const firstLine = new Map<string, number>();
  let columns: ReturnType<typeof mapColumns> | undefined;
  let dataRows = 0;
  try {
    for await (const { line, fields } of (options.reader ?? readCsvRows)(chunks, options)) {
      if (fields.every((f) => f.trim() === '')) continue;
      if (!columns) {
        columns = mapColumns(fields);
        const missing = REQUIRED_COLUMNS.filter((c) => !columns?.[c]);
        if (missing.length > 0) {
          rejected.push(
            rejection(
              line,
              '',
              `cabeçalho sem a coluna ${missing.map((c) => (c === 'code' ? 'código' : 'valor')).join(' e ')}`,
            ),
          );
          break;
        }
        continue;
      }
      if (++dataRows > MAX_IMPORT_ROWS) {
        rejected.push(rejection(line, '', `mais de ${MAX_IMPORT_ROWS} linhas; divida o arquivo`));
        break;
      }
      const read = readPriceRow(line, fields, columns);
      if (Array.isArray(read)) {
        for (const problem of read) rejected.push(rejection(line, problem.column, problem.message));
        continue;
      }
      const seenAt = firstLine.get(read.code);
      if (seenAt !== undefined) {
        rejected.push(rejection(line, columns.code!.header, `código ${read.code} repetido (já na linha ${seenAt})`));
        continue;
      }
      firstLine.set(read.code, line);
      rows.push(read);
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    rejected.push(rejection(error.line, '', error.message));
  }
  if (!columns && rejected.length === 0) rejected.push(rejection(1, '', 'arquivo vazio'));
  else if (rows.length === 0 && rejected.length === 0) rejected.push(rejection(2, '', 'nenhuma linha de preço'));
  return { rows, rejected, nameHeader: columns?.name?.header ?? 'descricao' };
}

function rejectAll(rejected: readonly ErrorDetail[]): DomainError {
  const shown = rejected.slice(0, MAX_REPORTED);
  const more = rejected.length > shown.length ? ` (mostrando ${shown.length})` : '';
  return new DomainError(
    'validation',
    `Importação recusada: ${rejected.length} problema(s) no arquivo; nada foi importado${more}`,
    shown,
  );
}

/** The active events with these codes, by code. */
async function eventsByCode(store: Store, codes: readonly string[]): Promise<Map<string, ClinicEvent>> {
  const found = new Map<string, ClinicEvent>();
  for (let at = 0; at < codes.length; at += IN_CHUNK) {
    const chunk = codes.slice(at, at + IN_CHUNK);
    for (const event of await store.collection(events).find({ selector: { code: { $in: chunk }, active: true } })) {
      if (event.code) found.set(event.code, event);
    }
  }
  return found;
}

/**
 * Imports prices from CSV text chunks into a price table, all or nothing.
 *
 * @throws DomainError `not_found` for the table or the scope's insurance/plan; `validation` listing
 *   the rejected rows (`csv.<line>.<column>`) when any row is bad: nothing is written then.
 */
export async function importPriceCsv(
  ctx: OperationContext,
  chunks: AsyncIterable<string>,
  options: PriceImportOptions,
): Promise<PriceImportReport> {
  await requirePriceTable(ctx, options.table);
  const scope = options.scope ?? {};
  await requireInsuranceScope(ctx, scope);
  const { rows, rejected, nameHeader } = await readAll(chunks, options);
  if (rejected.length > 0) throw rejectAll(rejected);
  return ctx.store.transaction(async (store) => {
    const known = await eventsByCode(
      store,
      rows.map((r) => r.code),
    );
    const unnamed = rows.filter((r) => !known.has(r.code) && !r.name);
    if (unnamed.length > 0) {
      throw rejectAll(
        unnamed.map((r) => rejection(r.line, nameHeader, `código ${r.code} não cadastrado: informe a descrição`)),
      );
    }
    const created = rows
      .filter((r) => !known.has(r.code))
      .map((r): ClinicEvent =>
        compact({
          ...newRecordBase({ ...ctx, store }),
          name: r.name!,
          nameKey: searchKey(r.name!),
          code: r.code,
          tissTable: r.tissTable,
          type: r.type ?? 'procedure',
          custom: false,
          active: true,
        }),
      );
    await store.collection(events).insertMany(created);
    for (const event of created) known.set(event.code!, event);
    const { set } = await applyPriceChanges(
      ctx,
      store,
      options.table,
      rows.map((r) => ({ event: known.get(r.code)!.id, ...scope, value: fromCentavos(r.centavos) })),
    );
    return { rows: rows.length, createdEvents: created.length, pricesSet: set };
  });
}

/** `priceTable.importCsv`: `POST /priceTable/{id}/import`. */
export const importPriceTableCsv = defineOperation({
  name: 'priceTable.importCsv',
  group: 'Administration',
  summary: 'Importa uma tabela de preços de referência de um CSV (tudo ou nada)',
  description:
    'Colunas (cabeçalho obrigatório, em português ou inglês): código, descrição, valor; opcionais tipo e tabela ' +
    '(TISS). Separador `;`, `,` ou tabulação, detectado pelo cabeçalho. Valores como 1.234,56 ou 1234.56. ' +
    'Códigos novos viram eventos. Se alguma linha for recusada, nada é importado e a resposta 400 lista cada ' +
    'linha em details (`csv.<linha>.<coluna>`).',
  permission: 'priceTable:write',
  input: z.strictObject({
    id: idInput,
    csv: z.string().min(1, 'arquivo vazio').max(10_000_000).describe('conteúdo do arquivo CSV (UTF-8)'),
    delimiter: z.enum([';', ',', '\t']).optional(),
    ...priceScopeInput,
  }),
  output: z.object({
    message: z.string(),
    rows: z.number().int(),
    createdEvents: z.number().int(),
    pricesSet: z.number().int(),
  }),
  http: { method: 'POST', path: '/priceTable/{id}/import' },
  example: { id: EXAMPLE_ID, csv: 'codigo;descricao;valor\n10101012;Consulta em consultório;250,00\n' },
  async run(ctx, { id, csv, delimiter, insurance, insurancePlan }) {
    const report = await importPriceCsv(ctx, textChunks(csv), {
      table: id,
      delimiter,
      scope: { insurance, insurancePlan },
    });
    return { message: `${report.pricesSet} preço(s) importado(s)`, ...report };
  },
});
