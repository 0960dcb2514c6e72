/**
 * Inventory count operations (spec §4.4 Inventory: "get open inventory for a clinic"): open a count of
 * a clinic (one at a time), record counted quantities, close it. Closing registers one adjustment per
 * counted line whose quantity differs from the lot's stock at that moment (movements made while the
 * count was open included), all together or none.
 */
import { z } from 'zod';
import { dateInput } from '#core/br/schemas.js';
import { clinics } from '#core/clinic/clinic-record.js';
import {
  conflictOn,
  EXAMPLE_ID,
  idInput,
  invalidTransition,
  newRecordBase,
  notFound,
  nowIso,
  requireRecord,
} from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { countOutput, inventoryCounts, type CountLine } from './count-record.js';
import { lotInput } from './movement-ops.js';
import { clinicToday, insertMovements, lotsOf, type MovementDraft } from './movement-write.js';
import { products } from './product-record.js';
import { fromMilli, nonNegativeQuantityInput, toMilli } from './quantity.js';
import { clinicBalances } from './position.js';

const GROUP = 'Inventory';

const clinicIdInput = refInput(() => clinics);

/** `inventory.count.open`: `POST /inventory/clinic/{clinicId}/count` (201). */
export const openCount = defineOperation({
  name: 'inventory.count.open',
  group: GROUP,
  summary: 'Abre a contagem de estoque de uma clínica, com o saldo atual de cada lote',
  permission: 'inventory:write',
  input: z.strictObject({ clinicId: clinicIdInput }),
  output: countOutput,
  http: { method: 'POST', path: '/inventory/clinic/{clinicId}/count', status: 201 },
  example: { clinicId: EXAMPLE_ID },
  run: (ctx, { clinicId }) =>
    ctx.store.transaction(async (store) => {
      await clinicToday(ctx, store, clinicId, 'clinicId');
      const open = await store.collection(inventoryCounts).find({ selector: { clinic: clinicId, status: 'open' } });
      if (open[0]) throw conflictOn('clinicId', 'Já há uma contagem aberta nesta clínica', `contagem ${open[0].id}`);
      const lines: CountLine[] = (await clinicBalances(store, clinicId))
        .filter((b) => b.quantity !== 0)
        .map((b) => ({
          product: b.product,
          lot: b.lot,
          ...(b.expiry ? { expiry: b.expiry } : {}),
          expected: b.quantity,
        }));
      const now = nowIso(ctx);
      return store.collection(inventoryCounts).insert({
        ...newRecordBase({ ...ctx, store }),
        clinic: clinicId,
        status: 'open',
        openedAt: now,
        openedBy: ctx.actor.id,
        lines,
        adjustments: [],
      });
    }),
});

/** `inventory.count.getOpen`: `GET /inventory/clinic/{clinicId}/open`. */
export const getOpenCount = defineOperation({
  name: 'inventory.count.getOpen',
  group: GROUP,
  summary: 'Mostra a contagem de estoque aberta de uma clínica',
  permission: 'inventory:read',
  input: z.strictObject({ clinicId: clinicIdInput }),
  output: countOutput,
  http: { method: 'GET', path: '/inventory/clinic/{clinicId}/open' },
  example: { clinicId: EXAMPLE_ID },
  async run(ctx, { clinicId }) {
    const [open] = await ctx.store
      .collection(inventoryCounts)
      .find({ selector: { clinic: clinicId, status: 'open' }, limit: 1 });
    if (!open) throw notFound('Contagem aberta', 'clinicId', clinicId);
    return open;
  },
});

/** `inventory.count.record`: `PUT /inventory/count/{id}/lines`. */
export const recordCount = defineOperation({
  name: 'inventory.count.record',
  group: GROUP,
  summary: 'Registra quantidades contadas (por produto e lote) numa contagem aberta',
  description: 'Um lote que não estava na lista (achado na prateleira) entra como linha nova, com saldo esperado 0.',
  permission: 'inventory:write',
  input: z.strictObject({
    id: idInput,
    lines: z
      .array(
        z.strictObject({
          product: refInput(() => products),
          lot: lotInput.optional(),
          expiry: dateInput.optional(),
          counted: nonNegativeQuantityInput,
        }),
      )
      .min(1, 'informe ao menos uma linha')
      .max(2000),
  }),
  output: countOutput,
  http: { method: 'PUT', path: '/inventory/count/{id}/lines' },
  example: { id: EXAMPLE_ID, lines: [{ product: EXAMPLE_ID, lot: 'L2026-11', counted: 48 }] },
  run: (ctx, { id, lines }) =>
    ctx.store.transaction(async (store) => {
      const collection = store.collection(inventoryCounts);
      const count = await requireRecord(collection, id, 'Contagem');
      if (count.status !== 'open') throw invalidTransition('Contagem já fechada', 'id', 'fechada');
      const next = count.lines.map((l) => ({ ...l }));
      for (const [i, line] of lines.entries()) {
        await requireRecord(store.collection(products), line.product, 'Produto', `lines.${i}.product`);
        const lot = line.lot ?? '';
        const found = next.find((l) => l.product === line.product && l.lot === lot);
        if (found) found.counted = line.counted;
        else
          next.push({
            product: line.product,
            lot,
            ...(line.expiry ? { expiry: line.expiry } : {}),
            expected: 0,
            counted: line.counted,
          });
      }
      return collection.update(id, count._rev, { ...count, lines: next, updatedAt: nowIso(ctx) });
    }),
});

/** `inventory.count.close`: `POST /inventory/count/{id}/closing`. */
export const closeCount = defineOperation({
  name: 'inventory.count.close',
  group: GROUP,
  summary: 'Fecha a contagem: lança um ajuste para cada lote contado que difere do estoque',
  permission: 'inventory:write',
  input: z.strictObject({ id: idInput }),
  output: countOutput,
  http: { method: 'POST', path: '/inventory/count/{id}/closing' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) =>
    ctx.store.transaction(async (store) => {
      const collection = store.collection(inventoryCounts);
      const count = await requireRecord(collection, id, 'Contagem');
      if (count.status !== 'open') throw invalidTransition('Contagem já fechada', 'id', 'fechada');
      const now = nowIso(ctx);
      const drafts: MovementDraft[] = [];
      for (const line of count.lines) {
        if (line.counted === undefined) continue;
        const current = (await lotsOf(store, count.clinic, line.product)).find((l) => l.lot === line.lot);
        const delta = toMilli(line.counted) - toMilli(current?.quantity ?? 0);
        if (delta === 0) continue;
        const expiry = current?.expiry ?? line.expiry;
        drafts.push({
          clinic: count.clinic,
          product: line.product,
          lot: line.lot,
          ...(expiry ? { expiry } : {}),
          kind: 'adjustment',
          quantity: fromMilli(delta),
          occurredAt: now,
          count: count.id,
        });
      }
      const written = await insertMovements(ctx, store, drafts);
      return collection.update(id, count._rev, {
        ...count,
        status: 'closed',
        closedAt: now,
        adjustments: written.map((m) => m.id),
        updatedAt: now,
      });
    }),
});

/** The operations of this file. */
export const countOperations = [openCount, getOpenCount, recordCount, closeCount];
