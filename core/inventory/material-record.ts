/**
 * Materials and exams (spec §2.5 `MaterialOrExam`; §4.4 Administration "import materials or exams
 * from JSON, raw CSV or CSV file upload"): the account's catalogue of TUSS items a budget line or a
 * guide can name, each with its TUSS table and code, unit and reference price (docs/decisions/
 * inventory.md INV-012). TUSS tables (ANS, TISS standard): 19 materials and OPME, 20 medications,
 * 22 procedures and exams. Codes are 8 digits. Filled by the import; unique by table and code.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { reaisInput } from '#core/price/money.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** TUSS tables an item may come from. */
export const MATERIAL_TUSS_TABLES = ['19', '20', '22'] as const;
/** One of {@link MATERIAL_TUSS_TABLES}. */
export type MaterialTussTable = (typeof MATERIAL_TUSS_TABLES)[number];

/** What each TUSS table holds, pt-BR. */
export const MATERIAL_TABLE_LABELS: Readonly<Record<MaterialTussTable, string>> = {
  '19': 'Materiais e OPME',
  '20': 'Medicamentos',
  '22': 'Procedimentos e exames',
};

/** A material, medication or exam as stored. */
export interface MaterialOrExam extends RecordBase {
  /** TUSS table: 19 materials, 20 medications, 22 procedures and exams. */
  tussTable: MaterialTussTable;
  /** TUSS code, 8 digits. */
  code: string;
  name: string;
  /** Accent-free lower-case name, for search. */
  nameKey: string;
  /** Unit of measure as the file gave it (`UN`, `AMP`, `ML`, `FR`). */
  unit: string;
  /** Reference price in reais (2 decimals); absent when the file gave none. */
  price?: number;
  active: boolean;
}

/** The `materials_or_exams` collection. */
export const materialsOrExams = defineCollection<MaterialOrExam>({
  name: 'materials_or_exams',
  fields: { tussTable: 'string', code: 'string', nameKey: 'string', active: 'boolean' },
  indexes: [
    ['tussTable', 'code'],
    ['active', 'nameKey'],
  ],
});

/** TUSS code: 8 digits (dots and spaces a spreadsheet adds are dropped before this check). */
export const tussCodeInput = z.string().regex(/^\d{8}$/, 'código TUSS tem 8 dígitos');

/** One item to import. */
export const materialItemInput = z.strictObject({
  tussTable: z.enum(MATERIAL_TUSS_TABLES, {
    message: 'tabela TUSS: use 19 (materiais), 20 (medicamentos) ou 22 (procedimentos e exames)',
  }),
  code: tussCodeInput,
  name: z.string().trim().min(1, 'informe o nome').max(300, 'no máximo 300 caracteres'),
  unit: z.string().trim().min(1, 'informe a unidade').max(20, 'no máximo 20 caracteres'),
  price: reaisInput.optional(),
  active: z.boolean().default(true),
});
/** {@link materialItemInput} parsed. */
export type MaterialItem = z.output<typeof materialItemInput>;

/** A material or exam as answered. */
export const materialOutput = z
  .object({
    ...recordOutputFields,
    tussTable: z.enum(MATERIAL_TUSS_TABLES),
    code: z.string(),
    name: z.string(),
    unit: z.string(),
    price: z.number().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'MaterialOrExam' });
