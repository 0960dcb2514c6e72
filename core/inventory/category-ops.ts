/**
 * Category and reserve-reason operations (spec §4.4 Inventory: "create a reserve reason"; "list,
 * delete and update categories"). Names are unique in the account, ignoring accents and case. A
 * category is deleted for good (it only groups products), but not while a product still uses it.
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import { searchKey } from '#core/br/text.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  requireRecord,
} from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { categoryOutput, inventoryCategories, reserveReasonOutput, reserveReasons } from './category-record.js';
import { products } from './product-record.js';

const GROUP = 'Inventory';

async function assertNameFree<T extends RecordBase & { nameKey: string }>(
  ctx: OperationContext,
  def: CollectionDef<T>,
  name: string,
  message: string,
  self?: string,
): Promise<void> {
  const taken = await ctx.store.collection(def).find({ selector: { nameKey: searchKey(name) } as never, limit: 2 });
  const other = taken.find((c) => c.id !== self);
  if (other) throw conflictOn('name', message, `mesmo nome que ${other.id}`);
}

/** `inventory.category.create`: `POST /inventory/category/` (201). */
export const createCategory = defineOperation({
  name: 'inventory.category.create',
  group: GROUP,
  summary: 'Cadastra uma categoria de produtos',
  permission: 'inventory:write',
  input: z.strictObject({ name: nameInput(120) }),
  output: categoryOutput,
  http: { method: 'POST', path: '/inventory/category/', status: 201 },
  example: { name: 'Anestésicos' },
  async run(ctx, { name }) {
    await assertNameFree(ctx, inventoryCategories, name, 'Categoria já cadastrada');
    return ctx.store.collection(inventoryCategories).insert({ ...newRecordBase(ctx), name, nameKey: searchKey(name) });
  },
});

/** `inventory.category.list`: `GET /inventory/category/`, by name. */
export const listCategories = defineOperation({
  name: 'inventory.category.list',
  group: GROUP,
  summary: 'Lista as categorias de produtos por nome',
  permission: 'inventory:read',
  input: z.strictObject({}),
  output: z.object({ items: z.array(categoryOutput) }),
  http: { method: 'GET', path: '/inventory/category/' },
  example: {},
  async run(ctx) {
    const items = await ctx.store.collection(inventoryCategories).find({ sort: [{ nameKey: 'asc' }], limit: 1000 });
    return { items };
  },
});

/** `inventory.category.update`: `PUT /inventory/category/{id}` (renames). */
export const updateCategory = defineOperation({
  name: 'inventory.category.update',
  group: GROUP,
  summary: 'Renomeia uma categoria de produtos',
  permission: 'inventory:write',
  input: z.strictObject({ id: idInput, name: nameInput(120) }),
  output: categoryOutput,
  http: { method: 'PUT', path: '/inventory/category/{id}' },
  example: { id: EXAMPLE_ID, name: 'Descartáveis' },
  async run(ctx, { id, name }) {
    const collection = ctx.store.collection(inventoryCategories);
    const current = await requireRecord(collection, id, 'Categoria');
    await assertNameFree(ctx, inventoryCategories, name, 'Categoria já cadastrada', id);
    return collection.update(id, current._rev, { ...current, name, nameKey: searchKey(name), updatedAt: nowIso(ctx) });
  },
});

/** `inventory.category.delete`: `DELETE /inventory/category/{id}` (204), refused while products use it. */
export const deleteCategory = defineOperation({
  name: 'inventory.category.delete',
  group: GROUP,
  summary: 'Apaga uma categoria que nenhum produto usa',
  permission: 'inventory:write',
  input: z.strictObject({ id: idInput }),
  output: z.void(),
  http: { method: 'DELETE', path: '/inventory/category/{id}', status: 204, emptyBody: true },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const collection = ctx.store.collection(inventoryCategories);
    const current = await requireRecord(collection, id, 'Categoria');
    const using = await ctx.store.collection(products).count({ selector: { category: id } });
    if (using > 0) {
      throw new DomainError('conflict', 'Categoria em uso: mude a categoria dos produtos antes de apagá-la', [
        { path: 'id', message: `${using} produto(s) nesta categoria` },
      ]);
    }
    await collection.remove(id, current._rev);
    return undefined;
  },
});

/** `inventory.reserveReason.create`: `POST /inventory/reserveReason/` (201). */
export const createReserveReason = defineOperation({
  name: 'inventory.reserveReason.create',
  group: GROUP,
  summary: 'Cadastra um motivo de reserva de estoque',
  permission: 'inventory:write',
  input: z.strictObject({ name: nameInput(120) }),
  output: reserveReasonOutput,
  http: { method: 'POST', path: '/inventory/reserveReason/', status: 201 },
  example: { name: 'Cirurgia agendada' },
  async run(ctx, { name }) {
    await assertNameFree(ctx, reserveReasons, name, 'Motivo de reserva já cadastrado');
    return ctx.store
      .collection(reserveReasons)
      .insert(compact({ ...newRecordBase(ctx), name, nameKey: searchKey(name), active: true }));
  },
});

/** `inventory.reserveReason.list`: `GET /inventory/reserveReason/`, active ones by name. */
export const listReserveReasons = defineOperation({
  name: 'inventory.reserveReason.list',
  group: GROUP,
  summary: 'Lista os motivos de reserva ativos',
  permission: 'inventory:read',
  input: z.strictObject({}),
  output: z.object({ items: z.array(reserveReasonOutput) }),
  http: { method: 'GET', path: '/inventory/reserveReason/' },
  example: {},
  async run(ctx) {
    const items = await ctx.store
      .collection(reserveReasons)
      .find({ selector: { active: true }, sort: [{ nameKey: 'asc' }], limit: 1000 });
    return { items };
  },
});

/** The operations of this file. */
export const categoryOperations = [
  createCategory,
  listCategories,
  updateCategory,
  deleteCategory,
  createReserveReason,
  listReserveReasons,
];
