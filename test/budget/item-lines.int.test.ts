/**
 * Budgets quoting products and kits over REST (BUD-040), on a SQLite file and on PostgreSQL where it
 * answers: the price table prices them by item (`PUT /priceTable/{id}` with `typeModel` + `item`,
 * `GET /priceTable/{id}/itemPrices`), `POST /budget/` takes the lines at those prices and totals them
 * to the centavo, and an unknown or mismatched item is a 400 naming the line's field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetModule } from '#core/budget/module.js';
import { inventoryModule } from '#core/inventory/module.js';
import { postgresUnreachable, skipWithoutPostgres } from '../../sync-server/testing/postgres.js';
import { openRestFixture, type Engine, type RestFixture } from '../master-data/rest-fixture.js';

const engines: Engine[] = skipWithoutPostgres(await postgresUnreachable(), 'budget item lines')
  ? ['sqlite']
  : ['sqlite', 'postgresql'];

type Json = Record<string, unknown>;

describe.each(engines)('budget lines quoting products and kits over REST (%s)', (engine) => {
  let f: RestFixture;
  const ids: Record<string, string> = {};
  const post = async (path: string, body: unknown, method = 'POST') => {
    const res = await f.call(method, path, body);
    const json = (await res.json()) as Json;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  beforeAll(async () => {
    f = await openRestFixture(engine, {
      collections: [...inventoryModule.collections, ...budgetModule.collections].map((c) => c.def),
      operations: [...inventoryModule.operations, ...budgetModule.operations],
    });
    ids.clinic = ((await post('/clinic/', { name: 'Clínica Sorriso' })).clinic as Json).id as string;
    ids.patient = ((await post('/patient/', { name: 'Maria Aparecida da Silva' })).patient as Json).id as string;
    ids.event = ((await post('/event/', { name: 'Restauração em resina', type: 'procedure' })).event as Json)
      .id as string;
    ids.product = (
      await post('/inventory/product/', {
        name: 'Anestésico lidocaína 2%',
        kind: 'medication',
        purchaseUnit: 'caixa',
        consumptionUnit: 'tubete',
        unitsPerPurchase: 50,
      })
    ).id as string;
    ids.kit = (
      await post('/inventory/kit/', {
        name: 'Kit restauração',
        event: ids.event,
        items: [{ product: ids.product, quantity: 1 }],
      })
    ).id as string;
    ids.table = ((await post('/priceTable/', { name: 'Particular 2026' })).priceTable as Json).id as string;
  });
  afterAll(() => f.close());

  it('prices a product and a kit in the table and quotes them on a budget, totals to the centavo', async () => {
    const altered = await post(
      `/priceTable/${ids.table}`,
      {
        name: 'Particular 2026',
        prices: [
          { event: ids.event, value: 250 },
          { typeModel: 'Product', item: ids.product, value: 3.35 },
          { typeModel: 'Kit', item: ids.kit, value: 48.1 },
        ],
      },
      'PUT',
    );
    expect(altered.pricesSet).toBe(3);
    const priceOf = async (typeModel: string, item: string) => {
      const res = await f.call('GET', `/priceTable/${ids.table}/itemPrices?typeModel=${typeModel}&item=${item}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: { value: number; name: string }[] }).items[0];
    };
    const product = await priceOf('Product', ids.product!);
    const kit = await priceOf('Kit', ids.kit!);
    expect([product?.name, product?.value, kit?.name, kit?.value]).toEqual([
      'Anestésico lidocaína 2%',
      3.35,
      'Kit restauração',
      48.1,
    ]);

    const created = await f.call('POST', '/budget/', {
      patient: ids.patient,
      clinic: ids.clinic,
      items: [
        { typeModel: 'Event', event: ids.event, item: ids.event, quantity: 1, valueUnity: 250 },
        { typeModel: 'Product', item: ids.product, quantity: 2.5, valueUnity: product!.value },
        { typeModel: 'Kit', item: ids.kit, event: ids.event, quantity: 1, valueUnity: kit!.value },
      ],
      paymentInformation: { quantity: 3 },
    });
    const body = (await created.json()) as { budget: Json };
    expect(created.status, JSON.stringify(body)).toBe(201);
    const budget = body.budget as { id: string; value: number; items: Json[]; paymentInformation: Json };
    expect(budget.items.map((l) => [l.typeModel, l.item, l.type, l.totalValue])).toEqual([
      ['Event', ids.event, 'procedure', 250],
      ['Product', ids.product, 'medication', 8.38],
      ['Kit', ids.kit, 'material', 48.1],
    ]);
    expect(budget.value).toBe(306.48);
    expect(budget.paymentInformation).toMatchObject({ quantity: 3, parcelValue: 102.16, lastParcelValue: 102.16 });
    const read = (await (await f.call('GET', `/budget/${budget.id}`)).json()) as Json;
    expect(read.items).toEqual(budget.items);
  });

  it('answers 400 naming the line whose item is unknown or of another kind, storing nothing', async () => {
    const before = ((await (await f.call('GET', '/budget/?active=all&limit=100')).json()) as { items: unknown[] }).items
      .length;
    const res = await f.call('POST', '/budget/', {
      patient: ids.patient,
      clinic: ids.clinic,
      items: [
        { typeModel: 'Kit', item: ids.product, quantity: 1, valueUnity: 10 },
        { typeModel: 'Product', item: ids.product, quantity: 1, valueUnity: 10 },
      ],
    });
    expect(res.status).toBe(400);
    expect((await f.errorOf(res)).details).toEqual([{ path: 'items.0.item', message: 'Kit não existe nesta conta' }]);
    const after = ((await (await f.call('GET', '/budget/?active=all&limit=100')).json()) as { items: unknown[] }).items
      .length;
    expect(after).toBe(before);
  });
});
