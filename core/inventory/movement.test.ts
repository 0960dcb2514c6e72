/**
 * The stock rules on the real RxDB memory store: FEFO, expired lots, no stock below zero, purchase
 * units, transfers, reservations, kits, counts, alerts and the CSV export read back with csv-parse.
 */
import { parse } from 'csv-parse/browser/esm/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '#core/common/testing.js';
import { createEvent } from '#core/clinic/event-ops.js';
import { createCategory, createReserveReason, deleteCategory } from './category-ops.js';
import { closeCount, getOpenCount, openCount, recordCount } from './count-ops.js';
import { exportStock } from './export-ops.js';
import { consumeKit, createKit } from './kit-ops.js';
import { createMovement, listMovements } from './movement-ops.js';
import { createProduct, updateProduct } from './product-ops.js';
import { clinicAlerts, clinicStock, listDiscrepancies, recalculateStock } from './stock-ops.js';
import { createSupplier } from './supplier-ops.js';
import { openInventory, type InventoryHarness } from './testing.js';

let h: InventoryHarness;
let now: Date;
beforeEach(async () => {
  now = new Date(TEST_NOW);
  h = await openInventory({ now: () => new Date(now) });
});
afterEach(() => h.close());

/** Today in the tests is 2026-11-23 (São Paulo). */
const enter = (lot: string, expiry: string, quantity: number, clinic = h.clinic) =>
  h.run(createMovement, { clinic, product: h.product, kind: 'entry', quantity, lot, expiry });

const lotsAt = async (clinic = h.clinic) =>
  (await h.run(clinicStock, { clinicId: clinic })).lines.map((l) => [l.lot, l.quantity]);

describe('movements', () => {
  it('converts purchase units: two boxes of 50 enter as 100 pairs', async () => {
    const { movements } = await h.run(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'entry',
      quantity: 2,
      inPurchaseUnits: true,
      lot: 'A1',
      expiry: '2027-01-31',
    });
    expect(movements[0]).toMatchObject({ quantity: 100, balanceAfter: 100, kind: 'entry', lot: 'A1' });
  });

  it('takes the lot expiring first when no lot is named, splitting across lots', async () => {
    await enter('LATE', '2027-06-30', 10);
    await enter('EARLY', '2026-12-31', 4);
    const { movements } = await h.run(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'consumption',
      quantity: 6,
    });
    expect(movements.map((m) => [m.lot, m.quantity, m.balanceAfter])).toEqual([
      ['EARLY', -4, 0],
      ['LATE', -2, 8],
    ]);
    expect(await lotsAt()).toEqual([['LATE', 8]]);
  });

  it('refuses to take stock below zero, naming the quantity available, and writes nothing', async () => {
    await enter('A1', '2027-01-31', 3);
    const error = await h.failure(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'consumption',
      quantity: 5,
      lot: 'A1',
    });
    expect(error.code).toBe('invalid_transition');
    expect(error.message).toBe('Estoque insuficiente: disponível 3 par');
    expect(error.details).toEqual([{ path: 'quantity', message: 'disponível: 3' }]);
    const fefo = await h.failure(createMovement, { clinic: h.clinic, product: h.product, kind: 'loss', quantity: 4 });
    expect(fefo.message).toBe('Estoque insuficiente: disponível 3 par');
    expect(await lotsAt()).toEqual([['A1', 3]]);
  });

  it('lets an expired lot leave only as a loss, and FEFO skips it', async () => {
    await enter('OLD', '2026-12-01', 5);
    await enter('NEW', '2027-12-01', 5);
    // A lot already expired does not enter.
    const late = await h.failure(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'entry',
      quantity: 1,
      lot: 'GONE',
      expiry: '2026-11-22',
    });
    expect(late.details[0]).toMatchObject({ path: 'expiry' });
    // Two weeks later OLD has expired (its last usable day was 01/12/2026 in São Paulo).
    now = new Date('2026-12-02T12:00:00.000Z');
    const named = await h.failure(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'consumption',
      quantity: 1,
      lot: 'OLD',
    });
    expect(named.code).toBe('invalid_transition');
    expect(named.message).toBe('Lote vencido: só pode sair como perda');
    expect(named.details).toEqual([{ path: 'lot', message: 'vencido em 01/12/2026' }]);
    const fefo = await h.run(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'consumption',
      quantity: 2,
    });
    expect(fefo.movements.map((m) => m.lot)).toEqual(['NEW']);
    const tooMuch = await h.failure(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'consumption',
      quantity: 4,
    });
    expect(tooMuch.message).toBe('Estoque insuficiente: disponível 3 par');
    await h.run(createMovement, { clinic: h.clinic, product: h.product, kind: 'loss', quantity: 5, lot: 'OLD' });
    expect(await lotsAt()).toEqual([['NEW', 3]]);
  });

  it('moves a transfer out of one clinic and into the other with the same lot', async () => {
    await enter('A1', '2027-01-31', 10);
    const { movements } = await h.run(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'transfer',
      quantity: 4,
      toClinic: h.otherClinic,
    });
    expect(movements).toHaveLength(2);
    expect(movements[0]!.transfer).toBe(movements[1]!.transfer);
    expect(await lotsAt()).toEqual([['A1', 6]]);
    expect(await lotsAt(h.otherClinic)).toEqual([['A1', 4]]);
    const line = (await h.run(clinicStock, { clinicId: h.otherClinic })).lines[0];
    expect(line?.expiry).toBe('2027-01-31');
  });

  it('needs a reason to reserve and a destination to transfer', async () => {
    await enter('A1', '2027-01-31', 10);
    const noReason = await h.failure(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'reservation',
      quantity: 1,
    });
    expect(noReason.details[0]?.path).toBe('reason');
    const reason = await h.run(createReserveReason, { name: 'Cirurgia agendada' });
    const { movements } = await h.run(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'reservation',
      quantity: 2,
      reason: reason.id,
    });
    expect(movements[0]).toMatchObject({ quantity: -2, reason: reason.id });
    const sameClinic = await h.failure(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'transfer',
      quantity: 1,
      toClinic: h.clinic,
    });
    expect(sameClinic.details[0]?.path).toBe('toClinic');
  });

  it('adjusts in either sign, never below zero', async () => {
    await enter('A1', '2027-01-31', 2);
    await h.run(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'adjustment',
      quantity: -1.5,
      lot: 'A1',
    });
    expect(await lotsAt()).toEqual([['A1', 0.5]]);
    const error = await h.failure(createMovement, {
      clinic: h.clinic,
      product: h.product,
      kind: 'adjustment',
      quantity: -1,
      lot: 'A1',
    });
    expect(error.message).toBe('Estoque insuficiente: disponível 0,5 par');
  });

  it('lists a clinic’s movements newest first', async () => {
    await enter('A1', '2027-01-31', 2);
    await h.run(createMovement, { clinic: h.clinic, product: h.product, kind: 'consumption', quantity: 1 });
    const { items } = await h.run(listMovements, { clinic: h.clinic });
    expect(items.map((m) => m.kind)).toEqual(['consumption', 'entry']);
  });
});

describe('kits', () => {
  it('consumes every item of a kit, or nothing when one lacks stock', async () => {
    const gauze = await h.run(createProduct, {
      name: 'Gaze estéril',
      kind: 'consumable',
      purchaseUnit: 'pacote',
      consumptionUnit: 'unidade',
      unitsPerPurchase: 10,
    });
    const { event } = await h.run(createEvent, { name: 'Restauração', type: 'procedure' });
    const kit = await h.run(createKit, {
      name: 'Kit restauração',
      event: event.id,
      items: [
        { product: h.product, quantity: 2 },
        { product: gauze.id, quantity: 3 },
      ],
    });
    await enter('A1', '2027-01-31', 10);
    const refused = await h.failure(consumeKit, { id: kit.id, clinic: h.clinic });
    expect(refused.details[0]).toEqual({ path: 'items.1.quantity', message: 'disponível: 0' });
    expect(await lotsAt()).toEqual([['A1', 10]]);
    await h.run(createMovement, { clinic: h.clinic, product: gauze.id, kind: 'entry', quantity: 5 });
    const { movements } = await h.run(consumeKit, { id: kit.id, clinic: h.clinic });
    expect(movements.map((m) => [m.quantity, m.kit, m.event])).toEqual([
      [-2, kit.id, event.id],
      [-3, kit.id, event.id],
    ]);
  });
});

describe('counts', () => {
  it('closing a count registers the adjustments that make stock equal the counted quantities', async () => {
    await enter('A1', '2027-01-31', 10);
    await enter('B2', '2027-05-31', 4);
    const count = await h.run(openCount, { clinicId: h.clinic });
    expect(count.lines.map((l) => [l.lot, l.expected])).toEqual([
      ['A1', 10],
      ['B2', 4],
    ]);
    const again = await h.failure(openCount, { clinicId: h.clinic });
    expect(again.code).toBe('conflict');
    expect((await h.run(getOpenCount, { clinicId: h.clinic })).id).toBe(count.id);
    await h.run(recordCount, {
      id: count.id,
      lines: [
        { product: h.product, lot: 'A1', counted: 7 },
        { product: h.product, lot: 'B2', counted: 4 },
        { product: h.product, lot: 'C3', expiry: '2028-01-31', counted: 2 },
      ],
    });
    const closed = await h.run(closeCount, { id: count.id });
    expect(closed.status).toBe('closed');
    expect(closed.adjustments).toHaveLength(2);
    expect(await lotsAt()).toEqual([
      ['A1', 7],
      ['B2', 4],
      ['C3', 2],
    ]);
    expect((await h.failure(getOpenCount, { clinicId: h.clinic })).code).toBe('not_found');
  });
});

describe('alerts, recalculation and export', () => {
  it('lists products below their minimum and lots near expiry', async () => {
    await enter('SOON', '2026-12-10', 20);
    await enter('LATER', '2027-12-10', 30);
    const { lowStock, nearExpiry } = await h.run(clinicAlerts, { clinicId: h.clinic, days: 30 });
    expect(lowStock.map((p) => [p.productName, p.quantity, p.minimumStock])).toEqual([
      ['Luva de procedimento M', 50, 100],
    ]);
    expect(nearExpiry.map((l) => l.lot)).toEqual(['SOON']);
  });

  it('recalculation finds nothing to report on one desk’s history', async () => {
    await enter('A1', '2027-01-31', 10);
    await h.run(createMovement, { clinic: h.clinic, product: h.product, kind: 'consumption', quantity: 3 });
    const result = await h.run(recalculateStock, { clinicId: h.clinic });
    expect(result).toMatchObject({ movements: 2, differences: [], negatives: [] });
    expect(result.balances.map((b) => [b.lot, b.quantity])).toEqual([['A1', 7]]);
    expect((await h.run(listDiscrepancies, { clinicId: h.clinic })).items).toEqual([]);
  });

  it('exports CSV that Excel pt-BR opens: BOM, `;`, decimal comma, dd/mm/aaaa', async () => {
    const category = await h.run(createCategory, { name: 'Descartáveis' });
    const supplier = await h.run(createSupplier, { name: 'Dental Sul', cnpj: '11.222.333/0001-81' });
    await h.run(updateProduct, {
      id: h.product,
      name: 'Luva de procedimento M; látex',
      kind: 'material',
      purchaseUnit: 'caixa',
      consumptionUnit: 'par',
      unitsPerPurchase: 50,
      minimumStock: 100,
      category: category.id,
      suppliers: [supplier.id],
    });
    await enter('A1', '2027-01-31', 12.5);
    const file = await h.run(exportStock, { clinicId: h.clinic });
    expect(file.mediaType).toBe('text/csv; charset=utf-8');
    expect(file.content.startsWith('\uFEFF')).toBe(true);
    const rows = parse<Record<string, string>>(file.content, { delimiter: ';', bom: true, columns: true });
    expect(rows).toEqual([
      {
        produto: 'Luva de procedimento M; látex',
        categoria: 'Descartáveis',
        lote: 'A1',
        validade: '31/01/2027',
        quantidade: '12,5',
        unidade: 'par',
        estoque_minimo: '100',
        situacao: 'abaixo do mínimo',
      },
    ]);
    expect(Number(rows[0]!.quantidade!.replace(',', '.'))).toBe(12.5);
    const inUse = await h.failure(deleteCategory, { id: category.id });
    expect(inUse.code).toBe('conflict');
  });

  it('refuses a supplier with an invalid CNPJ', async () => {
    const error = await h.failure(createSupplier, { name: 'X', cnpj: '11.222.333/0001-82' });
    expect(error.details[0]?.path).toBe('cnpj');
  });
});
