/**
 * Stock reads of one clinic (spec §4.4 Inventory: "recalculate stock for a clinic"): the position by
 * product and lot, the low-stock and near-expiry lists, the recalculation from the movements, and the
 * discrepancies a person must resolve (stock below zero after desks merged, INV-004).
 */
import { z } from 'zod';
import { localDatePlus } from '#core/budget/budget-build.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, requireRecord } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { inventoryMovements, movementOutput } from './movement-record.js';
import { clinicToday } from './movement-write.js';
import { sharedByLot, verifyBalances } from './balance-verify.js';
import { clinicBalances, clinicHistory, positionOf } from './position.js';
import { historyOrder, replay } from './stock.js';

const GROUP = 'Inventory';

const clinicIdInput = refInput(() => clinics);

const lotOutput = z.object({
  product: z.string(),
  lot: z.string(),
  expiry: z.string().optional(),
  quantity: z.number(),
});

const positionLineOutput = lotOutput
  .extend({ productName: z.string(), unit: z.string(), category: z.string().optional(), expired: z.boolean() })
  .meta({ id: 'InventoryPositionLine' });

const totalOutput = z
  .object({
    product: z.string(),
    productName: z.string(),
    unit: z.string(),
    quantity: z.number(),
    minimumStock: z.number(),
  })
  .meta({ id: 'InventoryProductTotal' });

/** `inventory.stock`: `GET /inventory/clinic/{clinicId}/stock`. */
export const clinicStock = defineOperation({
  name: 'inventory.stock',
  group: GROUP,
  summary: 'Posição do estoque de uma clínica, por produto e lote (calculada das movimentações)',
  permission: 'inventory:read',
  input: z.strictObject({ clinicId: clinicIdInput }),
  output: z.object({ lines: z.array(positionLineOutput), totals: z.array(totalOutput) }),
  http: { method: 'GET', path: '/inventory/clinic/{clinicId}/stock' },
  example: { clinicId: EXAMPLE_ID },
  async run(ctx, { clinicId }) {
    const today = await clinicToday(ctx, ctx.store, clinicId, 'clinicId');
    return positionOf(ctx.store, clinicId, today);
  },
});

/** `inventory.alerts`: `GET /inventory/clinic/{clinicId}/alerts`. */
export const clinicAlerts = defineOperation({
  name: 'inventory.alerts',
  group: GROUP,
  summary: 'Produtos abaixo do estoque mínimo e lotes vencidos ou perto de vencer numa clínica',
  permission: 'inventory:read',
  input: z.strictObject({
    clinicId: clinicIdInput,
    days: z.coerce.number().int().min(0).max(365).default(30).describe('vence em até quantos dias (padrão 30)'),
  }),
  output: z.object({ lowStock: z.array(totalOutput), nearExpiry: z.array(positionLineOutput) }),
  http: { method: 'GET', path: '/inventory/clinic/{clinicId}/alerts' },
  example: { clinicId: EXAMPLE_ID, days: 30 },
  async run(ctx, { clinicId, days }) {
    const clinic = await requireRecord(ctx.store.collection(clinics), clinicId, 'Clínica', 'clinicId');
    const today = localDatePlus(ctx.clock.now(), clinic.timeZone, 0);
    const limit = localDatePlus(ctx.clock.now(), clinic.timeZone, days);
    const { lines, totals } = await positionOf(ctx.store, clinicId, today);
    return {
      lowStock: totals.filter((t) => t.minimumStock > 0 && t.quantity < t.minimumStock),
      nearExpiry: lines
        .filter((l) => l.quantity > 0 && l.expiry !== undefined && l.expiry <= limit)
        .sort((a, b) => (a.expiry! < b.expiry! ? -1 : a.expiry! > b.expiry! ? 1 : 0)),
    };
  },
});

const differenceOutput = z.object({
  movement: z.string(),
  product: z.string(),
  lot: z.string(),
  recorded: z.number(),
  rebuilt: z.number(),
});

/** `inventory.recalculate`: `POST /inventory/clinic/{clinicId}/recalculation`. */
export const recalculateStock = defineOperation({
  name: 'inventory.recalculate',
  group: GROUP,
  summary: 'Recalcula o estoque de uma clínica a partir das movimentações e aponta diferenças',
  description:
    'O estoque é sempre a soma das movimentações; recalcular refaz a soma do histórico inteiro, em ordem, e ' +
    'lista as movimentações cujo saldo registrado difere do histórico unido (outro caixa movimentou o mesmo ' +
    'lote sem conexão) e os lotes abaixo de zero. O estoque não muda: só um ajuste o corrige. Os saldos por lote ' +
    'guardados para leitura rápida são conferidos com a soma e reescritos quando diferem (`corrected`).',
  permission: 'inventory:write',
  input: z.strictObject({ clinicId: clinicIdInput }),
  output: z.object({
    movements: z.number(),
    balances: z.array(lotOutput),
    differences: z.array(differenceOutput),
    negatives: z.array(lotOutput),
    corrected: z
      .array(z.object({ product: z.string(), lot: z.string(), recorded: z.number(), rebuilt: z.number() }))
      .describe('saldos por lote guardados que diferiam da soma das movimentações, já reescritos'),
  }),
  http: { method: 'POST', path: '/inventory/clinic/{clinicId}/recalculation' },
  example: { clinicId: EXAMPLE_ID },
  async run(ctx, { clinicId }) {
    await clinicToday(ctx, ctx.store, clinicId, 'clinicId');
    const count = await ctx.store.collection(inventoryMovements).count({ selector: { clinic: clinicId } });
    const history = await clinicHistory(ctx.store, clinicId);
    const { balances, differences, negatives } = replay(history);
    const corrected = await verifyBalances(ctx, ctx.store, clinicId, balances, sharedByLot(history));
    return { movements: count, balances, differences, negatives, corrected };
  },
});

/** `inventory.discrepancies`: `GET /inventory/clinic/{clinicId}/discrepancies`. */
export const listDiscrepancies = defineOperation({
  name: 'inventory.discrepancies',
  group: GROUP,
  summary: 'Lotes com estoque abaixo de zero depois de unir os caixas, com as movimentações que o levaram lá',
  description:
    'Dois caixas sem conexão podem consumir o mesmo lote; ao unir, as duas saídas ficam (nenhuma é perdida) e ' +
    'o lote pode ficar negativo. Esta lista é para uma pessoa conferir e lançar o ajuste; nada é corrigido sozinho.',
  permission: 'inventory:read',
  input: z.strictObject({ clinicId: clinicIdInput }),
  output: z.object({
    items: z.array(lotOutput.extend({ movements: z.array(movementOutput) })),
  }),
  http: { method: 'GET', path: '/inventory/clinic/{clinicId}/discrepancies' },
  example: { clinicId: EXAMPLE_ID },
  async run(ctx, { clinicId }) {
    await clinicToday(ctx, ctx.store, clinicId, 'clinicId');
    // The balance records point at the lots below zero; only their histories are read (INV-009).
    const negatives = (await clinicBalances(ctx.store, clinicId)).filter((b) => b.quantity < 0);
    const items = [];
    for (const lot of negatives) {
      const history = await ctx.store
        .collection(inventoryMovements)
        .find({ selector: { clinic: clinicId, product: lot.product } });
      items.push({
        ...lot,
        movements: history
          .filter((m) => m.lot === lot.lot)
          .sort(historyOrder)
          .slice(-20),
      });
    }
    return { items };
  },
});

/** The operations of this file. */
export const stockOperations = [clinicStock, clinicAlerts, recalculateStock, listDiscrepancies];
