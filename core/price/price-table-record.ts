/**
 * Price tables and their prices (spec §4.4 Clinic: "alter, get and create (empty) price tables";
 * Price: "return prices of events in the price table").
 *
 * Prices are their own collection, not an array inside the table: a reference table (CBHPM, TUSS)
 * holds thousands of events, each maybe priced per insurance and plan. Inside one document every
 * price change would rewrite and replicate the whole table, and two desks editing different prices
 * offline would conflict on one document (docs/decisions/).
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { nameInput, textInput } from '#core/br/schemas.js';
import { idInput, recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { PRICED_MODELS, type PricedModel } from './priced-items.js';

/** A price table as stored: a named list of prices ("Particular 2026", "CBHPM 5ª edição"). */
export interface PriceTable extends RecordBase {
  name: string;
  nameKey: string;
  description?: string;
  /** The insurance this table was made for, when it is one insurance's table. */
  insurance?: string;
  active: boolean;
}

/**
 * One price: the value of `event` in `priceTable`, for everyone (no insurance), for one insurance, or
 * for one plan of it. At most one per (table, event, insurance, plan). With `typeModel`, `event` holds
 * the id of the product, kit or material/exam priced instead of an event's (BUD-040): the same indexed
 * slot, so no schema migration, and ids are UUIDs unique across collections.
 */
export interface Price extends RecordBase {
  priceTable: string;
  /** The priced record: an `events` id, or the item's id when `typeModel` is given. */
  event: string;
  /** What `event` names when it is not an event; absent for an event's price. */
  typeModel?: PricedModel;
  insurance?: string;
  insurancePlan?: string;
  /** Reais, at most 2 decimals. */
  value: number;
}

/** The `price_tables` collection. */
export const priceTables = defineCollection<PriceTable>({
  name: 'price_tables',
  fields: { nameKey: 'string', insurance: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['insurance']],
});

/** The `prices` collection, read by table and event. */
export const prices = defineCollection<Price>({
  name: 'prices',
  fields: { priceTable: 'string', event: 'string', insurance: 'string', insurancePlan: 'string' },
  indexes: [['priceTable', 'event'], ['event']],
});

/** A price table's own fields as input. */
export const priceTableFieldsInput = {
  name: nameInput(200),
  description: textInput(1000).optional(),
  insurance: refInput(() => insurances).optional(),
};

/** A price table as answered. */
export const priceTableOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    description: z.string().optional(),
    insurance: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'PriceTable' });

/** A price as answered. */
export const priceOutput = z
  .object({
    ...recordOutputFields,
    priceTable: z.string(),
    event: z.string().describe('o evento; com typeModel, o id do produto, kit ou material/exame'),
    typeModel: z.enum(PRICED_MODELS).optional().describe('o que `event` identifica quando não é um evento'),
    insurance: z.string().optional(),
    insurancePlan: z.string().optional(),
    value: z.number(),
  })
  .meta({ id: 'Price' });

/** Which prices apply: none given = the general price; an insurance; an insurance and one of its plans. */
export const priceScopeInput = {
  insurance: refInput(() => insurances)
    .optional()
    .describe('convênio (sem ele: preço geral)'),
  insurancePlan: idInput.optional().describe('plano do convênio'),
};
