/** The Estoque screen's read on the real RxDB memory store: position, alerts and discrepancies of one clinic. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMovement } from '#core/inventory/movement-ops.js';
import { openInventory, type InventoryHarness } from '#core/inventory/testing.js';
import { loadStock } from './load-stock.js';

let h: InventoryHarness;
beforeEach(async () => {
  h = await openInventory();
});
afterEach(() => h.close());

describe('loadStock', () => {
  it('reads the chosen clinic’s position, its alerts and the form’s choices', async () => {
    await h.run(createMovement, {
      clinic: h.otherClinic,
      product: h.product,
      kind: 'entry',
      quantity: 30,
      lot: 'L9',
      expiry: '2026-12-05',
    });
    const first = await loadStock(h.ctx, null);
    expect(first.clinics.map((c) => c.name)).toEqual(['Clínica Centro', 'Clínica Norte']);
    expect(first.clinic).toBe(h.clinic);
    expect(first.lines).toEqual([]);
    expect(first.lowStock.map((p) => p.quantity)).toEqual([0]);
    const other = await loadStock(h.ctx, h.otherClinic);
    expect(other.lines.map((l) => [l.productName, l.lot, l.quantity])).toEqual([['Luva de procedimento M', 'L9', 30]]);
    expect(other.nearExpiry.map((l) => l.lot)).toEqual(['L9']);
    expect(other.discrepancies).toEqual([]);
    expect(other.products).toEqual([{ id: h.product, name: 'Luva de procedimento M', unit: 'par' }]);
  });
});
