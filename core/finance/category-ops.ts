/**
 * Categories of the chart of accounts (spec §4.4 Finance: "create, edit, list and remove
 * categories"), two levels: a subcategory names its group (`parent`), which is a top-level category
 * of the same kind. Removal is refused while bills use the category or it has subcategories, naming
 * where (FIN-006).
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { pageBy } from '#core/common/paging.js';
import { cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  replaceFields,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { bills } from './bill-record.js';
import {
  categoryFieldsInput,
  categoryOutput,
  CATEGORY_KINDS,
  financeCategories,
  type FinanceCategory,
} from './category-record.js';
import { GROUP } from './finance-common.js';

type Fields = { name: string; kind: FinanceCategory['kind']; parent?: string | undefined };

/** Checks the two-level rule and the name (unique among siblings of one kind). */
async function assertPlacement(ctx: OperationContext, fields: Fields, self?: string): Promise<void> {
  const collection = ctx.store.collection(financeCategories);
  if (fields.parent !== undefined) {
    if (fields.parent === self) throw badParent('uma categoria não é grupo de si mesma');
    const parent = await requireReference(collection, fields.parent, 'Categoria', 'parent');
    if (parent.parent !== undefined) throw badParent('o grupo deve ser de primeiro nível (o plano tem dois níveis)');
    if (parent.kind !== fields.kind)
      throw badParent(`o grupo é de ${parent.kind === 'income' ? 'receita' : 'despesa'}`);
    if (self !== undefined && (await collection.count({ selector: { parent: self } })) > 0) {
      throw badParent('esta categoria tem subcategorias: não pode virar subcategoria');
    }
  }
  const sameName = await collection.find({
    selector: { kind: fields.kind, nameKey: searchKey(fields.name) },
    limit: 20,
  });
  const other = sameName.find((c) => c.id !== self && c.active && c.parent === fields.parent);
  if (other) throw conflictOn('name', 'Categoria já cadastrada', `mesmo nome que ${other.id}`);
}

function badParent(message: string): DomainError {
  return new DomainError('validation', 'Categoria inválida', [{ path: 'parent', message }]);
}

/** `finance.category.create`: `POST /finance/category` (201). */
export const createCategory = defineOperation({
  name: 'finance.category.create',
  group: GROUP,
  summary: 'Cadastra uma categoria do plano de contas (grupo ou subcategoria)',
  permission: 'finance:write',
  input: z.strictObject(categoryFieldsInput),
  output: z.object({ message: z.string(), category: categoryOutput }),
  http: { method: 'POST', path: '/finance/category', status: 201 },
  example: { name: 'Receitas de atendimentos', kind: 'income' },
  async run(ctx, input) {
    await assertPlacement(ctx, input);
    const category = await ctx.store
      .collection(financeCategories)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), active: true }));
    return { message: 'Categoria cadastrada', category };
  },
});

/** `finance.category.update`: `PUT /finance/category/{id}`. */
export const updateCategory = defineOperation({
  name: 'finance.category.update',
  group: GROUP,
  summary: 'Edita uma categoria do plano de contas',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput, ...categoryFieldsInput }),
  output: categoryOutput,
  http: { method: 'PUT', path: '/finance/category/{id}' },
  example: { id: EXAMPLE_ID, name: 'Consultas particulares', kind: 'income', parent: EXAMPLE_ID },
  async run(ctx, { id, ...values }) {
    const collection = ctx.store.collection(financeCategories);
    const current = await requireRecord(collection, id, 'Categoria');
    await assertPlacement(ctx, values, id);
    if (values.kind !== current.kind) {
      const children = await collection.count({ selector: { parent: id } });
      if (children > 0)
        throw new DomainError('validation', 'Categoria inválida', [
          {
            path: 'kind',
            message: `o grupo tem ${children} subcategoria(s) de ${current.kind === 'income' ? 'receita' : 'despesa'}`,
          },
        ]);
    }
    const next = replaceFields<FinanceCategory>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      ['name', 'nameKey', 'kind', 'parent'],
      nowIso(ctx),
    );
    return collection.update(id, current._rev, next);
  },
});

/** `finance.category.list`: `GET /finance/category`. */
export const listCategories = defineOperation({
  name: 'finance.category.list',
  group: GROUP,
  summary: 'Lista as categorias de receita ou de despesa por nome',
  permission: 'finance:read',
  input: z.strictObject({
    kind: z.enum(CATEGORY_KINDS),
    q: z.string().max(120).optional().describe('início do nome'),
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(categoryOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/finance/category' },
  example: { kind: 'income' },
  run: (ctx, { kind, q, limit, cursor }) =>
    pageBy(ctx.store.collection(financeCategories), {
      key: 'nameKey',
      prefix: searchKey(q ?? ''),
      where: [{ kind }],
      limit,
      cursor,
    }),
});

async function categoryUses(ctx: OperationContext, id: string): Promise<ErrorDetail[]> {
  const [billCount, children] = await Promise.all([
    ctx.store.collection(bills).count({ selector: { category: id } }),
    ctx.store.collection(financeCategories).count({ selector: { parent: id } }),
  ]);
  const uses: ErrorDetail[] = [];
  if (billCount > 0) uses.push({ path: 'id', message: `usada em ${billCount} conta(s) a pagar ou a receber` });
  if (children > 0) uses.push({ path: 'id', message: `grupo de ${children} subcategoria(s)` });
  return uses;
}

/** `finance.category.remove`: `DELETE /finance/category/{id}`; refused while used. */
export const removeCategory = defineOperation({
  name: 'finance.category.remove',
  group: GROUP,
  summary: 'Remove uma categoria que nada usa',
  description: 'Recusada (409) enquanto contas a pagar/receber a usam ou ela tem subcategorias; a mensagem diz onde.',
  permission: 'finance:write',
  input: z.strictObject({ id: idInput }),
  output: z.object({ message: z.string() }),
  http: { method: 'DELETE', path: '/finance/category/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const collection = ctx.store.collection(financeCategories);
    const current = await requireRecord(collection, id, 'Categoria');
    const uses = await categoryUses(ctx, id);
    if (uses.length > 0)
      throw new DomainError('conflict', `A categoria ${current.name} está em uso e não pode ser removida`, uses);
    await collection.remove(id, current._rev);
    return { message: 'Categoria removida' };
  },
});

/** The category operations. */
export const categoryOperations = [createCategory, updateCategory, listCategories, removeCategory];
