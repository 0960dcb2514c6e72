/**
 * Categories of the chart of accounts (plano de contas; spec §2.5 "Category"): income or expense,
 * two levels — a group (`Receitas de atendimentos`) and its subcategories (`Consultas particulares`).
 * A subcategory has the kind of its group; a group is never itself a subcategory.
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import { idInput, recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** Income (receitas) or expense (despesas). */
export const CATEGORY_KINDS = ['income', 'expense'] as const;

/** A category as stored. */
export interface FinanceCategory extends RecordBase {
  name: string;
  nameKey: string;
  kind: (typeof CATEGORY_KINDS)[number];
  /** The group this subcategory belongs to; absent for a group. */
  parent?: string;
  active: boolean;
}

/** The `finance_categories` collection: listed by kind and name, subcategories by parent. */
export const financeCategories = defineCollection<FinanceCategory>({
  name: 'finance_categories',
  fields: { nameKey: 'string', kind: 'string', parent: 'string', active: 'boolean' },
  indexes: [['kind', 'nameKey'], ['parent']],
});

/** A category's fields as input. */
export const categoryFieldsInput = {
  name: nameInput(120),
  kind: z.enum(CATEGORY_KINDS),
  parent: idInput.optional().describe('o grupo (primeiro nível) desta subcategoria'),
};

/** A category as answered. */
export const categoryOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    kind: z.enum(CATEGORY_KINDS),
    parent: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'Category' });
