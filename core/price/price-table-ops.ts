/**
 * Price table operations (spec §4.4 Clinic: "alter, get and create (empty) price tables"), their
 * list, and the paged list of a table's prices.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { events } from '#core/clinic/event-record.js';
import { searchKey } from '#core/br/text.js';
import { pageBy } from '#core/common/paging.js';
import { activeFilterInput, cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  replaceFields,
  requireRecord,
} from '#core/common/records.js';
import { requireInsuranceScope } from '#core/insurance/scope.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { requireEvents, requireScopes } from './checks.js';
import { reaisInput } from './money.js';
import { applyPriceChanges, type PriceChange } from './price-store.js';
import { PRICED_MODELS, requirePricedItems } from './priced-items.js';
import {
  priceOutput,
  priceScopeInput,
  priceTableFieldsInput,
  priceTableOutput,
  priceTables,
  prices,
  type PriceTable,
} from './price-table-record.js';

/** Loads a price table or answers 404. */
export function requirePriceTable(ctx: Pick<OperationContext, 'store'>, id: string): Promise<Stored<PriceTable>> {
  return requireRecord(ctx.store.collection(priceTables), id, 'Tabela de preços');
}

/** `priceTable.create`: `POST /priceTable/` (201). */
export const createPriceTable = defineOperation({
  name: 'priceTable.create',
  group: 'Clinic',
  summary: 'Cria uma tabela de preços vazia',
  permission: 'priceTable:write',
  input: z.strictObject(priceTableFieldsInput),
  output: z.object({ message: z.string(), priceTable: priceTableOutput }),
  http: { method: 'POST', path: '/priceTable/', status: 201 },
  example: { name: 'Particular 2026', description: 'Valores para pacientes sem convênio' },
  async run(ctx, input) {
    await requireInsuranceScope(ctx, { insurance: input.insurance });
    const priceTable = await ctx.store
      .collection(priceTables)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), active: true }));
    return { message: 'Tabela de preços criada', priceTable };
  },
});

/** `priceTable.get`: `GET /priceTable/{id}`. */
export const getPriceTable = defineOperation({
  name: 'priceTable.get',
  group: 'Clinic',
  summary: 'Mostra uma tabela de preços e quantos preços ela tem',
  permission: 'priceTable:read',
  input: z.strictObject({ id: idInput }),
  output: priceTableOutput.extend({ priceCount: z.number().int() }),
  http: { method: 'GET', path: '/priceTable/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const table = await requirePriceTable(ctx, id);
    return { ...table, priceCount: await ctx.store.collection(prices).count({ selector: { priceTable: id } }) };
  },
});

const priceChangeInput = z
  .strictObject({
    event: refInput(() => events).optional(),
    typeModel: z
      .enum(PRICED_MODELS, { message: `use um de: ${PRICED_MODELS.join(', ')}` })
      .optional()
      .describe('preço de um produto, kit ou material/exame (com item) em vez de um evento'),
    item: idInput.optional().describe('id do produto, kit ou material/exame (com typeModel)'),
    ...priceScopeInput,
    value: reaisInput.nullable().describe('valor em reais; null remove o preço deste evento neste escopo'),
  })
  .superRefine((change, issue) => {
    if (change.typeModel && !change.item)
      issue.addIssue({ code: 'custom', path: ['item'], message: 'informe o item do typeModel' });
    else if (change.item && !change.typeModel)
      issue.addIssue({ code: 'custom', path: ['typeModel'], message: 'informe o typeModel do item' });
    else if (!change.event && !change.item)
      issue.addIssue({ code: 'custom', path: ['event'], message: 'informe event, ou typeModel e item' });
    else if (change.event && change.item)
      issue.addIssue({ code: 'custom', path: ['item'], message: 'informe event ou item, não ambos' });
  });

/** A parsed price change as {@link applyPriceChanges} takes it: the item's id in `event`, with its kind. */
function keyedChange({ item, typeModel, event, ...rest }: z.output<typeof priceChangeInput>): PriceChange {
  return typeModel && item ? { ...rest, event: item, typeModel } : { ...rest, event: event! };
}

/** `priceTable.alter`: `PUT /priceTable/{id}`. */
export const alterPriceTable = defineOperation({
  name: 'priceTable.alter',
  group: 'Clinic',
  summary: 'Altera uma tabela de preços: dados e, opcionalmente, preços (define ou remove)',
  description:
    'Substitui nome, descrição e convênio; `active` omitido não muda. Cada item de `prices` define o valor ' +
    'de um evento (geral, de um convênio ou de um plano) ou o remove com `value: null`; preços não citados ficam. ' +
    'Um produto, kit ou material/exame é precificado com `typeModel` e `item` no lugar de `event`.',
  permission: 'priceTable:write',
  input: z.strictObject({
    id: idInput,
    ...priceTableFieldsInput,
    active: z.boolean().optional(),
    prices: z.array(priceChangeInput).max(2000).default([]),
  }),
  output: z.object({
    message: z.string(),
    priceTable: priceTableOutput,
    pricesSet: z.number().int(),
    pricesRemoved: z.number().int(),
  }),
  http: { method: 'PUT', path: '/priceTable/{id}' },
  example: { id: EXAMPLE_ID, name: 'Particular 2026', prices: [{ event: EXAMPLE_ID, value: 250 }] },
  run: (ctx, { id, prices: changes, active, ...values }) =>
    ctx.store.transaction(async (store) => {
      const tx = { ...ctx, store };
      const current = await requirePriceTable(tx, id);
      await requireInsuranceScope(tx, { insurance: values.insurance });
      const eventAt = changes.flatMap((c, i) => (c.event ? [i] : []));
      await requireEvents(
        tx,
        eventAt.map((i) => changes[i]!.event!),
        (n) => `prices.${eventAt[n]}.event`,
      );
      const itemAt = changes.flatMap((c, i) => (c.typeModel && c.item ? [i] : []));
      await requirePricedItems(
        tx,
        itemAt.map((i) => ({ typeModel: changes[i]!.typeModel!, item: changes[i]!.item! })),
        (n) => `prices.${itemAt[n]}.item`,
      );
      await requireScopes(tx, changes, (i) => `prices.${i}`);
      const next = replaceFields<PriceTable>(
        { ...current, active: active ?? current.active },
        { ...values, nameKey: searchKey(values.name) },
        ['name', 'nameKey', 'description', 'insurance'],
        nowIso(ctx),
      );
      const priceTable = await store.collection(priceTables).update(id, current._rev, next);
      const { set, removed } = await applyPriceChanges(ctx, store, id, changes.map(keyedChange));
      return { message: 'Tabela de preços alterada', priceTable, pricesSet: set, pricesRemoved: removed };
    }),
});

/** `priceTable.list`: `GET /priceTable/`. */
export const listPriceTables = defineOperation({
  name: 'priceTable.list',
  group: 'Clinic',
  summary: 'Lista tabelas de preços por nome ou convênio',
  permission: 'priceTable:read',
  input: z.strictObject({
    q: z.string().max(200).optional().describe('início do nome'),
    insurance: idInput.optional(),
    active: activeFilterInput,
    limit: limitInput,
    cursor: cursorInput,
  }),
  output: z.object({ items: z.array(priceTableOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/priceTable/' },
  example: { q: 'particular' },
  run: (ctx, { q, insurance, active, limit, cursor }) =>
    pageBy(ctx.store.collection(priceTables), {
      key: 'nameKey',
      prefix: searchKey(q ?? ''),
      where: [{ ...(active === undefined ? {} : { active }), ...(insurance ? { insurance } : {}) }],
      limit,
      cursor,
    }),
});

/** `price.list`: `GET /priceTable/{id}/price/`. */
export const listPrices = defineOperation({
  name: 'price.list',
  group: 'Price',
  summary: 'Lista os preços de uma tabela (todos os eventos e escopos), paginado',
  permission: 'price:read',
  input: z.strictObject({ id: idInput, event: idInput.optional(), limit: limitInput, cursor: cursorInput }),
  output: z.object({ items: z.array(priceOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/priceTable/{id}/price/' },
  example: { id: EXAMPLE_ID, limit: 50 },
  async run(ctx, { id, event, limit, cursor }) {
    await requirePriceTable(ctx, id);
    return pageBy(ctx.store.collection(prices), {
      key: 'id',
      where: [{ priceTable: id, ...(event ? { event } : {}) }],
      limit,
      cursor,
    });
  },
});

/** The operations of this file, collected by the group's index. */
export const priceTableOperations = [createPriceTable, getPriceTable, alterPriceTable, listPriceTables, listPrices];
