/**
 * Property (BUD-040): a budget mixing procedure, product, kit and material/exam lines, any quantities
 * (up to 3 decimals) and unit prices, totals exactly the sum of its lines, each line quantity × unit
 * rounded half up to the centavo, and its payment plan adds up to that total; through `budget.create`
 * on the real RxDB memory store, references checked.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { createKit } from '#core/inventory/kit-ops.js';
import { importMaterialsJson } from '#core/inventory/material-ops.js';
import { materialsOrExams } from '#core/inventory/material-record.js';
import { createProduct } from '#core/inventory/product-ops.js';
import { inventoryCollections } from '#core/inventory/testing.js';
import { createBudget } from './budget-ops.js';
import { budgets } from './budget-record.js';
import { seedBudgetReferences, type BudgetRefs } from './testing.js';
import { treatments } from './treatment-ops.js';

let h: MasterDataHarness;
let refs: BudgetRefs;
const quoted: Record<'Product' | 'Kit' | 'MaterialOrExam', string> = { Product: '', Kit: '', MaterialOrExam: '' };
beforeAll(async () => {
  h = await openMasterData([users, budgets, treatments, ...inventoryCollections]);
  refs = await seedBudgetReferences(
    (op, input) => h.run(op, input),
    async (user) => void (await h.database.forTenant('t1').collection(users).insert(user)),
    't1',
  );
  quoted.Product = (
    await h.run(createProduct, {
      name: 'Resina composta A2',
      kind: 'material',
      purchaseUnit: 'seringa',
      consumptionUnit: 'g',
      unitsPerPurchase: 4,
    })
  ).id;
  quoted.Kit = (
    await h.run(createKit, { name: 'Kit profilaxia', items: [{ product: quoted.Product, quantity: 0.5 }] })
  ).id;
  await h.run(importMaterialsJson, {
    items: [{ tussTable: '22', code: '40301010', name: 'Hemograma completo', unit: 'UN' }],
  });
  quoted.MaterialOrExam = (await h.ctx.store.collection(materialsOrExams).find())[0]!.id;
});
afterAll(() => h.close());

const KINDS = ['Event', 'Product', 'Kit', 'MaterialOrExam'] as const;
const line = fc.record({
  kind: fc.constantFrom(...KINDS),
  thousandths: fc.integer({ min: 1, max: 50_000 }),
  centavos: fc.integer({ min: 0, max: 2_000_000 }),
});

it('totals mixed line kinds to the centavo, each line rounded half up, and the plan adds up', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(line, { minLength: 1, maxLength: 12 }),
      fc.integer({ min: 1, max: 12 }),
      async (lines, parcels) => {
        fc.pre(lines.some((l) => l.centavos > 0));
        const items = lines.map((l) => ({
          typeModel: l.kind,
          ...(l.kind === 'Event' ? { event: refs.events[0] } : { item: quoted[l.kind] }),
          quantity: l.thousandths / 1000,
          valueUnity: l.centavos / 100,
        }));
        const { budget } = await h.run(createBudget, {
          patient: refs.patient,
          clinic: refs.clinic,
          items,
          paymentInformation: { quantity: parcels },
        });
        // Exact integer arithmetic: thousandths × centavos, half up at the centavo.
        const expected = lines.map((l) => Math.floor((l.thousandths * l.centavos + 500) / 1000));
        expect(budget.items.map((i) => Math.round(i.totalValue * 100))).toEqual(expected);
        const total = expected.reduce((a, b) => a + b, 0);
        expect(Math.round(budget.value * 100)).toBe(total);
        const plan = budget.paymentInformation;
        const paid =
          Math.round(plan.entry * 100) +
          (plan.quantity - 1) * Math.round(plan.parcelValue * 100) +
          Math.round(plan.lastParcelValue * 100);
        expect(paid).toBe(total);
        expect(budget.items.map((i) => i.typeModel)).toEqual(lines.map((l) => l.kind));
      },
    ),
    { numRuns: 60 },
  );
});
