/**
 * Product operations (spec §4.4 Inventory: "create, inactivate, edit and get an inventory product"),
 * plus list. Names are unique among the account's active products, ignoring accents and case.
 */
import { z } from 'zod';
import { nameListOperation } from '#core/common/name-list-ops.js';
import { searchKey } from '#core/br/text.js';
import { activationOperations } from '#core/common/activation-ops.js';
import {
  compact,
  conflictOn,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  replaceFields,
  requireRecord,
} from '#core/common/records.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { productFieldsInput, productOutput, products, type Product } from './product-record.js';

const GROUP = 'Inventory';

async function assertNameFree(ctx: OperationContext, name: string, self?: string): Promise<void> {
  const taken = await ctx.store
    .collection(products)
    .find({ selector: { nameKey: searchKey(name), active: true }, limit: 2 });
  const other = taken.find((p) => p.id !== self);
  if (other) throw conflictOn('name', 'Produto já cadastrado', `mesmo nome que ${other.id}`);
}

const example = {
  name: 'Luva de procedimento M',
  kind: 'material' as const,
  purchaseUnit: 'caixa',
  consumptionUnit: 'par',
  unitsPerPurchase: 50,
  minimumStock: 100,
};

/** `inventory.product.create`: `POST /inventory/product/` (201). */
export const createProduct = defineOperation({
  name: 'inventory.product.create',
  group: GROUP,
  summary: 'Cadastra um produto de estoque (material, medicamento ou consumível)',
  permission: 'inventory:write',
  input: z.strictObject(productFieldsInput),
  output: productOutput,
  http: { method: 'POST', path: '/inventory/product/', status: 201 },
  example,
  async run(ctx, input) {
    await assertNameFree(ctx, input.name);
    return ctx.store
      .collection(products)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), active: true }));
  },
});

/** `inventory.product.get`: `GET /inventory/product/{id}`. */
export const getProduct = defineOperation({
  name: 'inventory.product.get',
  group: GROUP,
  summary: 'Mostra um produto de estoque',
  permission: 'inventory:read',
  input: z.strictObject({ id: idInput }),
  output: productOutput,
  http: { method: 'GET', path: '/inventory/product/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(products), id, 'Produto'),
});

/** `inventory.product.update`: `PUT /inventory/product/{id}` (full edit). */
export const updateProduct = defineOperation({
  name: 'inventory.product.update',
  group: GROUP,
  summary: 'Edita um produto de estoque',
  permission: 'inventory:write',
  input: z.strictObject({ id: idInput, ...productFieldsInput }),
  output: productOutput,
  http: { method: 'PUT', path: '/inventory/product/{id}' },
  example: { id: EXAMPLE_ID, ...example, minimumStock: 200 },
  async run(ctx, { id, ...values }) {
    const collection = ctx.store.collection(products);
    const current = await requireRecord(collection, id, 'Produto');
    if (current.active) await assertNameFree(ctx, values.name, id);
    const next = replaceFields<Product>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      [
        'name',
        'nameKey',
        'kind',
        'tussCode',
        'purchaseUnit',
        'consumptionUnit',
        'unitsPerPurchase',
        'minimumStock',
        'category',
        'suppliers',
      ],
      nowIso(ctx),
    );
    return collection.update(id, current._rev, next);
  },
});

/** `inventory.product.list`: `GET /inventory/product/`, by name. */
export const listProducts = nameListOperation({
  name: 'inventory.product.list',
  group: GROUP,
  summary: 'Lista produtos de estoque por nome',
  permission: 'inventory:read',
  path: '/inventory/product/',
  collection: products,
  output: productOutput,
  example: 'luva',
});

/** `inventory.product.inactivate` / `.activate`: `POST /inventory/product/{id}/inactivation|activation`. */
export const [inactivateProduct, activateProduct] = activationOperations({
  name: 'inventory.product',
  group: GROUP,
  path: '/inventory/product/{id}',
  permission: 'inventory:write',
  collection: products,
  output: productOutput,
  what: 'Produto',
  summaries: {
    inactivate: 'Inativa um produto (sem novas entradas; o estoque que resta ainda pode sair)',
    activate: 'Reativa um produto',
  },
  beforeActivating: (ctx, current) => assertNameFree(ctx, current.name, current.id),
});

/** The operations of this file. */
export const productOperations = [
  createProduct,
  getProduct,
  updateProduct,
  listProducts,
  inactivateProduct,
  activateProduct,
];
