/**
 * Suppliers of products (spec §4.4 Inventory: "create, inactivate and edit a supplier"; §2.5
 * `Supplier`). A supplier is a company: its CNPJ is checked (core/br/cnpj.ts, numeric or
 * alphanumeric) and unique among the account's active suppliers.
 */
import { z } from 'zod';
import { cnpjInput, emailInput, nameInput, phoneInput } from '#core/br/schemas.js';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** A supplier as stored. */
export interface Supplier extends RecordBase {
  name: string;
  nameKey: string;
  /** 14 characters, no punctuation. */
  cnpj: string;
  phone?: string;
  email?: string;
  active: boolean;
}

/** The `inventory_suppliers` collection: listed by name, found by CNPJ. */
export const suppliers = defineCollection<Supplier>({
  name: 'inventory_suppliers',
  fields: { nameKey: 'string', cnpj: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['cnpj']],
});

/** A supplier's fields as input. */
export const supplierFieldsInput = {
  name: nameInput(200),
  cnpj: cnpjInput,
  phone: phoneInput.optional(),
  email: emailInput.optional(),
};

/** A supplier as answered. */
export const supplierOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    cnpj: z.string(),
    phone: z.string().optional(),
    email: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'Supplier' });
