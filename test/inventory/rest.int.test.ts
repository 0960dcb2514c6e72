/**
 * Inventory over REST on a real SQLite file (spec §4.4 Inventory): products, suppliers (CNPJ
 * checked), movements with the stock rules, the clinic's position and the CSV export; permissions
 * and another account's ids answer as for every group.
 */
import { parse } from 'csv-parse/browser/esm/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryModule } from '#core/inventory/module.js';
import { openRestFixture, type RestFixture } from '../master-data/rest-fixture.js';

let f: RestFixture;
let clinic: string;
let product: string;

beforeAll(async () => {
  f = await openRestFixture('sqlite', {
    collections: inventoryModule.collections.map((c) => c.def),
    operations: inventoryModule.operations,
  });
  const res = await f.call('POST', '/clinic/', { name: 'Clínica Centro' });
  expect(res.status).toBe(201);
  clinic = ((await res.json()) as { clinic: { id: string } }).clinic.id;
});
afterAll(() => f.close());

describe('inventory over REST (SQLite)', () => {
  it('creates a supplier only with a valid CNPJ, and a product pointing at it', async () => {
    const bad = await f.call('POST', '/inventory/supplier/', { name: 'Dental Sul', cnpj: '11.222.333/0001-82' });
    expect(bad.status).toBe(400);
    expect((await f.errorOf(bad)).details[0]?.path).toBe('cnpj');
    const ok = await f.call('POST', '/inventory/supplier/', { name: 'Dental Sul', cnpj: '11.222.333/0001-81' });
    expect(ok.status).toBe(201);
    const supplier = (await ok.json()) as { id: string; cnpj: string };
    expect(supplier.cnpj).toBe('11222333000181');
    const created = await f.call('POST', '/inventory/product/', {
      name: 'Lidocaína 2%',
      kind: 'medication',
      tussCode: '90000001',
      purchaseUnit: 'caixa',
      consumptionUnit: 'tubete',
      unitsPerPurchase: 50,
      minimumStock: 60,
      suppliers: [supplier.id],
    });
    expect(created.status).toBe(201);
    product = ((await created.json()) as { id: string }).id;
    const got = await f.call('GET', `/inventory/product/${product}`);
    expect(await got.json()).toMatchObject({ name: 'Lidocaína 2%', suppliers: [supplier.id], active: true });
  });

  it('moves stock: entry in boxes, consumption FEFO, refusal naming the quantity available', async () => {
    const entry = await f.call('POST', '/inventory/movement/', {
      clinic,
      product,
      kind: 'entry',
      quantity: 1,
      inPurchaseUnits: true,
      lot: 'L1',
      expiry: '2099-12-31',
    });
    expect(entry.status).toBe(201);
    const out = await f.call('POST', '/inventory/movement/', { clinic, product, kind: 'consumption', quantity: 12 });
    expect(out.status).toBe(201);
    const tooMuch = await f.call('POST', '/inventory/movement/', {
      clinic,
      product,
      kind: 'consumption',
      quantity: 39,
    });
    expect(tooMuch.status).toBe(409);
    expect(await f.errorOf(tooMuch)).toEqual({
      code: 'invalid_transition',
      message: 'Estoque insuficiente: disponível 38 tubete',
      details: [{ path: 'quantity', message: 'disponível: 38' }],
    });
    const stock = (await (await f.call('GET', `/inventory/clinic/${clinic}/stock`)).json()) as {
      lines: { lot: string; quantity: number }[];
    };
    expect(stock.lines.map((l) => [l.lot, l.quantity])).toEqual([['L1', 38]]);
    const alerts = (await (await f.call('GET', `/inventory/clinic/${clinic}/alerts`)).json()) as {
      lowStock: { quantity: number }[];
    };
    expect(alerts.lowStock.map((p) => p.quantity)).toEqual([38]);
  });

  it('exports the position as pt-BR CSV', async () => {
    const res = await f.call('GET', `/inventory/clinic/${clinic}/export?format=csv`);
    expect(res.status).toBe(200);
    const file = (await res.json()) as { fileName: string; content: string };
    const rows = parse<Record<string, string>>(file.content, { delimiter: ';', bom: true, columns: true });
    expect(rows.map((r) => [r.produto, r.lote, r.validade, r.quantidade])).toEqual([
      ['Lidocaína 2%', 'L1', '31/12/2099', '38'],
    ]);
  });

  it('needs inventory permissions and hides another account’s records', async () => {
    const forbidden = await f.call('GET', `/inventory/product/${product}`, undefined, f.keys.readOnly);
    expect(forbidden.status).toBe(403);
    const other = await f.call('GET', `/inventory/product/${product}`, undefined, f.keys.otherAccount);
    expect(other.status).toBe(404);
  });
});
