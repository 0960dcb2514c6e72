/**
 * Budget lines quoting products, kits and materials/exams (BUD-040): priced from the price table by
 * item, references checked by kind, names on the budget's document. Real RxDB memory store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { createKit } from '#core/inventory/kit-ops.js';
import { importMaterialsJson } from '#core/inventory/material-ops.js';
import { materialsOrExams } from '#core/inventory/material-record.js';
import { createProduct } from '#core/inventory/product-ops.js';
import { inventoryCollections } from '#core/inventory/testing.js';
import { pricesOfItemsOperation } from '#core/price/item-price-ops.js';
import { pricesOfEventsOperation } from '#core/price/price-lookup-ops.js';
import { alterPriceTable, createPriceTable, listPrices } from '#core/price/price-table-ops.js';
import { budgetDocument } from './budget-document-ops.js';
import { lineRows } from './budget-document-text.js';
import { budgets } from './budget-record.js';
import { createBudget } from './budget-ops.js';
import { seedBudgetReferences, type BudgetRefs } from './testing.js';
import { treatments } from './treatment-ops.js';

let h: MasterDataHarness;
let refs: BudgetRefs;
let table: string;
let gloves: string;
let kit: string;
let suture: string;
beforeAll(async () => {
  h = await openMasterData([users, budgets, treatments, ...inventoryCollections]);
  refs = await seedBudgetReferences(
    (op, input) => h.run(op, input),
    async (user) => void (await h.database.forTenant('t1').collection(users).insert(user)),
    't1',
  );
  gloves = (
    await h.run(createProduct, {
      name: 'Anestésico lidocaína 2%',
      kind: 'medication',
      purchaseUnit: 'caixa',
      consumptionUnit: 'tubete',
      unitsPerPurchase: 50,
    })
  ).id;
  kit = (
    await h.run(createKit, {
      name: 'Kit restauração',
      event: refs.events[0],
      items: [{ product: gloves, quantity: 1 }],
    })
  ).id;
  await h.run(importMaterialsJson, {
    items: [{ tussTable: '19', code: '70000018', name: 'Fio de sutura nylon 4-0', unit: 'UN', price: 12.5 }],
  });
  suture = (await h.ctx.store.collection(materialsOrExams).find())[0]!.id;
  table = (await h.run(createPriceTable, { name: 'Particular 2026' })).priceTable.id;
});
afterAll(() => h.close());

describe('prices of products, kits and materials', () => {
  it('are set beside event prices and looked up by item, the most specific scope first', async () => {
    const altered = await h.run(alterPriceTable, {
      id: table,
      name: 'Particular 2026',
      prices: [
        { event: refs.events[0], value: 250 },
        { typeModel: 'Product', item: gloves, value: 3.35 },
        { typeModel: 'Product', item: gloves, insurance: refs.insurance, value: 2.9 },
        { typeModel: 'Kit', item: kit, value: 48.1 },
        { typeModel: 'MaterialOrExam', item: suture, value: 12.5 },
      ],
    });
    expect(altered.pricesSet).toBe(5);
    const general = await h.run(pricesOfItemsOperation, { id: table, typeModel: 'Product', item: [gloves, kit] });
    expect(general.items).toEqual([
      { item: gloves, typeModel: 'Product', name: 'Anestésico lidocaína 2%', value: 3.35, scope: 'general' },
    ]);
    // A kit's id asked as a product is not a product's price.
    expect(general.missing).toEqual([kit]);
    const insured = await h.run(pricesOfItemsOperation, {
      id: table,
      typeModel: 'Product',
      item: [gloves],
      insurance: refs.insurance,
    });
    expect(insured.items[0]).toMatchObject({ value: 2.9, scope: 'insurance' });
    const material = await h.run(pricesOfItemsOperation, { id: table, typeModel: 'MaterialOrExam', item: [suture] });
    expect(material.items[0]).toMatchObject({ code: '70000018', name: 'Fio de sutura nylon 4-0', value: 12.5 });
    // Event prices work as before and list the item prices apart by typeModel.
    expect((await h.run(pricesOfEventsOperation, { id: table, event: [refs.events[0]] })).items[0]?.value).toBe(250);
    const listed = (await h.run(listPrices, { id: table, limit: 50 })).items;
    expect(listed.filter((p) => p.typeModel === 'Kit').map((p) => p.event)).toEqual([kit]);
    expect(listed.filter((p) => !p.typeModel).map((p) => p.event)).toEqual([refs.events[0]]);
  });

  it('refuse an item that is not of its kind, naming the field in pt-BR, and write nothing', async () => {
    const failure = await h.failure(alterPriceTable, {
      id: table,
      name: 'Particular 2026',
      prices: [
        { typeModel: 'Product', item: gloves, value: 9 },
        { typeModel: 'Product', item: kit, value: 9 },
      ],
    });
    expect(failure.code).toBe('validation');
    expect(failure.details).toEqual([{ path: 'prices.1.item', message: `não existe nesta conta: ${kit}` }]);
    const half = await h.failure(alterPriceTable, {
      id: table,
      name: 'Particular 2026',
      prices: [{ item: gloves, value: 9 }],
    });
    expect(half.details[0]).toMatchObject({ path: 'prices.0.typeModel', message: 'informe o typeModel do item' });
    const still = await h.run(pricesOfItemsOperation, { id: table, typeModel: 'Product', item: [gloves] });
    expect(still.items[0]?.value).toBe(3.35);
  });
});

describe('budget lines quoting products, kits and materials', () => {
  const base = () => ({ patient: refs.patient, clinic: refs.clinic });

  it('are accepted with their kind as line type, add up to the centavo and are named on the document', async () => {
    const { budget } = await h.run(createBudget, {
      ...base(),
      items: [
        { event: refs.events[0], quantity: 1, valueUnity: 250 },
        { typeModel: 'Product', item: gloves, quantity: 2.5, valueUnity: 3.35 },
        { typeModel: 'Kit', item: kit, event: refs.events[0], quantity: 1, valueUnity: 48.1 },
        { typeModel: 'MaterialOrExam', item: suture, quantity: 3, valueUnity: 12.5 },
      ],
    });
    // 2.5 × 3.35 = 8.375 → 8.38 (half up); 250 + 8.38 + 48.10 + 37.50.
    expect(budget.items.map((l) => [l.typeModel, l.type, l.totalValue])).toEqual([
      ['Event', 'procedure', 250],
      ['Product', 'medication', 8.38],
      ['Kit', 'material', 48.1],
      ['MaterialOrExam', 'material', 37.5],
    ]);
    expect(budget.value).toBe(343.98);
    const rows = lineRows(await budgetDocument(h.ctx.store, budget.id));
    expect(rows.map((r) => r[1])).toEqual([
      'Restauração em resina',
      'Anestésico lidocaína 2%',
      'Kit restauração',
      'Fio de sutura nylon 4-0',
    ]);
  });

  it('refuse an unknown or mismatched item with 400 naming the line, and a kind without its item', async () => {
    const before = await h.ctx.store.collection(budgets).count();
    const wrong = await h.failure(createBudget, {
      ...base(),
      items: [
        { typeModel: 'Product', item: kit, quantity: 1, valueUnity: 1 },
        { typeModel: 'Kit', item: '01900000-0000-7000-8000-000000000000', quantity: 1, valueUnity: 1 },
        { typeModel: 'Event', item: gloves, quantity: 1, valueUnity: 1 },
      ],
    });
    expect(wrong.code).toBe('validation');
    expect(wrong.details).toEqual([
      { path: 'items.0.item', message: 'Produto não existe nesta conta' },
      { path: 'items.1.item', message: 'Kit não existe nesta conta' },
      { path: 'items.2.item', message: 'não existe nesta conta' },
    ]);
    const bare = await h.failure(createBudget, {
      ...base(),
      items: [{ typeModel: 'MaterialOrExam', event: refs.events[0], quantity: 1, valueUnity: 1 }],
    });
    expect(bare.details).toEqual([{ path: 'items.0.item', message: 'informe o item (MaterialOrExam)' }]);
    expect(await h.ctx.store.collection(budgets).count()).toBe(before);
  });
});
