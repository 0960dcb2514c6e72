/**
 * Supplier operations (spec §4.4 Inventory: "create, inactivate and edit a supplier"), plus get and
 * list for the product form. The CNPJ is unique among the account's active suppliers.
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
import { supplierFieldsInput, supplierOutput, suppliers, type Supplier } from './supplier-record.js';

const GROUP = 'Inventory';

async function assertCnpjFree(ctx: OperationContext, cnpj: string, self?: string): Promise<void> {
  const taken = await ctx.store.collection(suppliers).find({ selector: { cnpj }, limit: 5 });
  const other = taken.find((s) => s.active && s.id !== self);
  if (other) throw conflictOn('cnpj', 'Fornecedor já cadastrado com este CNPJ', `mesmo CNPJ que ${other.id}`);
}

/** `inventory.supplier.create`: `POST /inventory/supplier/` (201). */
export const createSupplier = defineOperation({
  name: 'inventory.supplier.create',
  group: GROUP,
  summary: 'Cadastra um fornecedor (CNPJ conferido)',
  permission: 'inventory:write',
  input: z.strictObject(supplierFieldsInput),
  output: supplierOutput,
  http: { method: 'POST', path: '/inventory/supplier/', status: 201 },
  example: { name: 'Dental Sul Distribuidora', cnpj: '11.222.333/0001-81', phone: '(51) 3333-4444' },
  async run(ctx, input) {
    await assertCnpjFree(ctx, input.cnpj);
    return ctx.store
      .collection(suppliers)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), active: true }));
  },
});

/** `inventory.supplier.get`: `GET /inventory/supplier/{id}`. */
export const getSupplier = defineOperation({
  name: 'inventory.supplier.get',
  group: GROUP,
  summary: 'Mostra um fornecedor',
  permission: 'inventory:read',
  input: z.strictObject({ id: idInput }),
  output: supplierOutput,
  http: { method: 'GET', path: '/inventory/supplier/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(suppliers), id, 'Fornecedor'),
});

/** `inventory.supplier.update`: `PUT /inventory/supplier/{id}` (full edit). */
export const updateSupplier = defineOperation({
  name: 'inventory.supplier.update',
  group: GROUP,
  summary: 'Edita um fornecedor',
  permission: 'inventory:write',
  input: z.strictObject({ id: idInput, ...supplierFieldsInput }),
  output: supplierOutput,
  http: { method: 'PUT', path: '/inventory/supplier/{id}' },
  example: { id: EXAMPLE_ID, name: 'Dental Sul Ltda.', cnpj: '11222333000181' },
  async run(ctx, { id, ...values }) {
    const collection = ctx.store.collection(suppliers);
    const current = await requireRecord(collection, id, 'Fornecedor');
    if (current.active) await assertCnpjFree(ctx, values.cnpj, id);
    const next = replaceFields<Supplier>(
      current,
      { ...values, nameKey: searchKey(values.name) },
      ['name', 'nameKey', 'cnpj', 'phone', 'email'],
      nowIso(ctx),
    );
    return collection.update(id, current._rev, next);
  },
});

/** `inventory.supplier.list`: `GET /inventory/supplier/`, by name. */
export const listSuppliers = nameListOperation({
  name: 'inventory.supplier.list',
  group: GROUP,
  summary: 'Lista fornecedores por nome',
  permission: 'inventory:read',
  path: '/inventory/supplier/',
  collection: suppliers,
  output: supplierOutput,
  example: 'dental',
});

/** `inventory.supplier.inactivate` / `.activate`: `POST /inventory/supplier/{id}/inactivation|activation`. */
export const [inactivateSupplier, activateSupplier] = activationOperations({
  name: 'inventory.supplier',
  group: GROUP,
  path: '/inventory/supplier/{id}',
  permission: 'inventory:write',
  collection: suppliers,
  output: supplierOutput,
  what: 'Fornecedor',
  summaries: {
    inactivate: 'Inativa um fornecedor (produtos e entradas antigas continuam apontando para ele)',
    activate: 'Reativa um fornecedor',
  },
  beforeActivating: (ctx, current) => assertCnpjFree(ctx, current.cnpj, current.id),
});

/** The operations of this file. */
export const supplierOperations = [
  createSupplier,
  getSupplier,
  updateSupplier,
  listSuppliers,
  inactivateSupplier,
  activateSupplier,
];
