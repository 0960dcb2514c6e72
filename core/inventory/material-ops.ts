/**
 * Materials and exams operations (spec §4.4 Administration: "import materials or exams from JSON, raw
 * CSV or CSV file upload"; INV-012): the import in its JSON form and its CSV form (the CSV as a JSON
 * field, as the raw `text/csv` body, or as a `multipart/form-data` upload, all read by the REST layer
 * into `csv`), and the list a budget line picks from. All or nothing, as the price table's import:
 * every row is checked first; when any is rejected nothing is written and the answer (400) lists
 * each rejected row in `details`. Items are matched by TUSS table and code: known ones are updated.
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { nameListOperation } from '#core/common/name-list-ops.js';
import { compact, newRecordBase, nowIso } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { textChunks } from '#core/price/csv-rows.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { materialOutput, materialsOrExams, type MaterialOrExam } from './material-record.js';
import { readCsvItems, readJsonItems, type MaterialRow, type MaterialRows } from './material-rows.js';

const GROUP = 'Administration';
/** Rejections listed in the answer; the message gives the total. */
const MAX_REPORTED = 100;
const IN_CHUNK = 200;

/** What an import did. */
const importOutput = z.object({
  message: z.string(),
  rows: z.number().int().describe('itens lidos'),
  created: z.number().int(),
  updated: z.number().int(),
});

function rejectAll(rejected: readonly ErrorDetail[]): DomainError {
  const shown = rejected.slice(0, MAX_REPORTED);
  const more = rejected.length > shown.length ? ` (mostrando ${shown.length})` : '';
  return new DomainError(
    'validation',
    `Importação recusada: ${rejected.length} problema(s) no arquivo; nada foi importado${more}`,
    shown,
  );
}

/** The stored items with these codes, by `table/code`. */
async function storedByCode(store: Store, rows: readonly MaterialRow[]): Promise<Map<string, Stored<MaterialOrExam>>> {
  const codes = [...new Set(rows.map((r) => r.item.code))];
  const found = new Map<string, Stored<MaterialOrExam>>();
  for (let at = 0; at < codes.length; at += IN_CHUNK) {
    const chunk = codes.slice(at, at + IN_CHUNK);
    for (const item of await store.collection(materialsOrExams).find({ selector: { code: { $in: chunk } } }))
      found.set(`${item.tussTable}/${item.code}`, item);
  }
  return found;
}

/**
 * Writes checked rows, all in one transaction: new items created, known ones (same table and code)
 * updated. @throws DomainError `validation` listing every rejected row, nothing written.
 */
export async function importMaterials(ctx: OperationContext, read: MaterialRows) {
  if (read.rejected.length > 0) throw rejectAll(read.rejected);
  return ctx.store.transaction(async (store) => {
    const known = await storedByCode(store, read.rows);
    const collection = store.collection(materialsOrExams);
    const created: MaterialOrExam[] = [];
    let updated = 0;
    const now = nowIso(ctx);
    for (const { item } of read.rows) {
      const fields = { ...item, nameKey: searchKey(item.name) };
      const current = known.get(`${item.tussTable}/${item.code}`);
      if (!current) {
        created.push(compact({ ...newRecordBase({ ...ctx, store }), ...fields }));
        continue;
      }
      const { price: _old, ...rest } = current;
      await collection.update(current.id, current._rev, compact({ ...rest, ...fields, updatedAt: now }));
      updated += 1;
    }
    await collection.insertMany(created);
    const rows = read.rows.length;
    return { message: `${rows} item(ns) importado(s)`, rows, created: created.length, updated };
  });
}

const ITEM_FIELDS =
  'Cada item: tussTable (19 materiais, 20 medicamentos, 22 procedimentos e exames), code (TUSS, 8 dígitos), ' +
  'name, unit (unidade de medida, p. ex. UN, AMP, ML) e, opcional, price (reais, 2 casas).';

/** `materialOrExam.import`: `POST /materialOrExam/import` (JSON items). */
export const importMaterialsJson = defineOperation({
  name: 'materialOrExam.import',
  group: GROUP,
  summary: 'Importa materiais ou exames em JSON (tudo ou nada)',
  description: `${ITEM_FIELDS} Itens já cadastrados (mesma tabela e código) são atualizados. Se algum item for recusado, nada é importado e a resposta 400 lista cada um em details (\`items.<n>.<campo>\`).`,
  permission: 'inventory:write',
  input: z.strictObject({
    items: z.array(z.unknown()).describe('itens a importar (campos acima)'),
  }),
  output: importOutput,
  http: { method: 'POST', path: '/materialOrExam/import' },
  example: {
    items: [{ tussTable: '19', code: '70000018', name: 'Fio de sutura nylon 4-0', unit: 'UN', price: 12.5 }],
  },
  run: (ctx, { items }) => importMaterials(ctx, readJsonItems(items)),
});

/** `materialOrExam.importCsv`: `POST /materialOrExam/import/csv` (JSON, raw `text/csv` or upload). */
export const importMaterialsCsv = defineOperation({
  name: 'materialOrExam.importCsv',
  group: GROUP,
  summary: 'Importa materiais ou exames de um CSV: texto no JSON, corpo text/csv ou upload de arquivo (tudo ou nada)',
  description:
    'Colunas (cabeçalho obrigatório, em português ou inglês): tabela, código, descrição, unidade; opcional valor. ' +
    'Separador `;`, `,` ou tabulação, detectado pelo cabeçalho; valores como 1.234,56. O CSV vem no campo `csv` ' +
    'de um JSON, como corpo `text/csv` ou como o arquivo `file` de um `multipart/form-data`. Itens já cadastrados ' +
    '(mesma tabela e código) são atualizados. Se alguma linha for recusada, nada é importado e a resposta 400 ' +
    'lista cada linha em details (`csv.<linha>.<coluna>`).',
  permission: 'inventory:write',
  input: z.strictObject({
    csv: z.string().min(1, 'arquivo vazio').max(10_000_000).describe('conteúdo do arquivo CSV (UTF-8)'),
    delimiter: z.enum([';', ',', '\t']).optional(),
  }),
  output: importOutput,
  http: {
    method: 'POST',
    path: '/materialOrExam/import/csv',
    textBody: { field: 'csv', mediaType: 'text/csv', file: 'file' },
  },
  example: { csv: 'tabela;codigo;descricao;unidade;valor\n19;70000018;Fio de sutura nylon 4-0;UN;12,50\n' },
  run: async (ctx, { csv, delimiter }) => importMaterials(ctx, await readCsvItems(textChunks(csv), { delimiter })),
});

/** `materialOrExam.list`: `GET /materialOrExam/`. */
export const listMaterials = nameListOperation({
  name: 'materialOrExam.list',
  group: GROUP,
  summary: 'Lista materiais e exames importados, por nome',
  permission: 'inventory:read',
  path: '/materialOrExam/',
  collection: materialsOrExams,
  output: materialOutput,
  example: 'fio',
});

/** The operations of the materials and exams catalogue. */
export const materialOperations = [importMaterialsJson, importMaterialsCsv, listMaterials];
