/**
 * Kit operations: create, get, list, and consume (spec §2.5 `Kit`). Consuming a kit at a clinic
 * registers one consumption movement per item (lots chosen FEFO); if any item lacks stock nothing is
 * registered and the refusal names the item.
 */
import { z } from 'zod';
import { searchKey } from '#core/br/text.js';
import { dateTimeInput } from '#core/br/schemas.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { pageBy } from '#core/common/paging.js';
import { cursorInput, limitInput } from '#core/common/query-input.js';
import {
  compact,
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  nowIso,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { kitFieldsInput, kitOutput, kits } from './kit-record.js';
import { movementOutput } from './movement-record.js';
import { clinicToday, insertMovements, lotsOf, planOutflow, type MovementDraft } from './movement-write.js';
import { products } from './product-record.js';

const GROUP = 'Inventory';

/** `inventory.kit.create`: `POST /inventory/kit/` (201). */
export const createKit = defineOperation({
  name: 'inventory.kit.create',
  group: GROUP,
  summary: 'Cadastra um kit: os produtos, com quantidades, que um procedimento consome',
  permission: 'inventory:write',
  input: z.strictObject(kitFieldsInput),
  output: kitOutput,
  http: { method: 'POST', path: '/inventory/kit/', status: 201 },
  example: { name: 'Kit restauração', event: EXAMPLE_ID, items: [{ product: EXAMPLE_ID, quantity: 2 }] },
  async run(ctx, input) {
    for (const [i, item] of input.items.entries()) {
      await requireReference(ctx.store.collection(products), item.product, 'Produto', `items.${i}.product`);
    }
    return ctx.store
      .collection(kits)
      .insert(compact({ ...newRecordBase(ctx), ...input, nameKey: searchKey(input.name), active: true }));
  },
});

/** `inventory.kit.get`: `GET /inventory/kit/{id}`. */
export const getKit = defineOperation({
  name: 'inventory.kit.get',
  group: GROUP,
  summary: 'Mostra um kit',
  permission: 'inventory:read',
  input: z.strictObject({ id: idInput }),
  output: kitOutput,
  http: { method: 'GET', path: '/inventory/kit/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => requireRecord(ctx.store.collection(kits), id, 'Kit'),
});

/** `inventory.kit.list`: `GET /inventory/kit/`, by name. */
export const listKits = defineOperation({
  name: 'inventory.kit.list',
  group: GROUP,
  summary: 'Lista os kits ativos por nome',
  permission: 'inventory:read',
  input: z.strictObject({ q: z.string().max(120).optional(), limit: limitInput, cursor: cursorInput }),
  output: z.object({ items: z.array(kitOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/inventory/kit/' },
  example: { q: 'rest' },
  run: (ctx, { q, limit, cursor }) =>
    pageBy(ctx.store.collection(kits), {
      key: 'nameKey',
      prefix: searchKey(q ?? ''),
      where: [{ active: true }],
      limit,
      cursor,
    }),
});

/** `inventory.kit.consume`: `POST /inventory/kit/{id}/consumption` (201). */
export const consumeKit = defineOperation({
  name: 'inventory.kit.consume',
  group: GROUP,
  summary:
    'Dá baixa de um kit numa clínica (um procedimento realizado): uma saída por produto, lote que vence primeiro',
  permission: 'inventory:write',
  input: z.strictObject({
    id: idInput,
    clinic: refInput(() => clinics),
    event: refInput(() => events).optional(),
    occurredAt: dateTimeInput.optional(),
  }),
  output: z.object({ message: z.string(), movements: z.array(movementOutput) }),
  http: { method: 'POST', path: '/inventory/kit/{id}/consumption', status: 201 },
  example: { id: EXAMPLE_ID, clinic: EXAMPLE_ID },
  run: (ctx, input) =>
    ctx.store.transaction(async (store) => {
      const kit = await requireRecord(store.collection(kits), input.id, 'Kit');
      const today = await clinicToday(ctx, store, input.clinic);
      const occurredAt = input.occurredAt ?? nowIso(ctx);
      const event = input.event ?? kit.event;
      const drafts: MovementDraft[] = [];
      for (const [i, item] of kit.items.entries()) {
        const product = await requireRecord(store.collection(products), item.product, 'Produto', `items.${i}.product`);
        const takes = planOutflow(await lotsOf(store, input.clinic, product.id), {
          clinic: input.clinic,
          product,
          kind: 'consumption',
          quantity: item.quantity,
          today,
          path: `items.${i}.quantity`,
        });
        for (const take of takes) {
          drafts.push({
            clinic: input.clinic,
            product: product.id,
            lot: take.lot,
            ...(take.expiry ? { expiry: take.expiry } : {}),
            kind: 'consumption',
            quantity: take.quantity,
            occurredAt,
            kit: kit.id,
            ...(event ? { event } : {}),
          });
        }
      }
      const movements = await insertMovements(ctx, store, drafts);
      return { message: `Baixa do kit ${kit.name} registrada`, movements };
    }),
});

/** The operations of this file. */
export const kitOperations = [createKit, getKit, listKits, consumeKit];
