/**
 * The editor's reference data and prices read through the desk's local core on real RxDB (memory
 * storage): the plan's price beats the insurance's, which beats the general one.
 */
import { describe, expect, it } from 'vitest';
import { createEvent } from '#core/clinic/event-ops.js';
import { createInsurance } from '#core/insurance/insurance-ops.js';
import { alterPriceTable, createPriceTable } from '#core/price/price-table-ops.js';
import { demoActor } from '../local/demo-seed.js';
import { loadBudgetRefs, priceOf } from './budget-refs.js';
import { memoryDesks } from '../local/memory-desk.js';

const openDesk = memoryDesks('budget-refs');

describe('prices for a budget line on the desk', () => {
  it('takes the plan’s price, else the insurance’s, else the general one', async () => {
    const core = await openDesk();
    const actor = demoActor();
    const { event } = await core.run(createEvent, { name: 'Restauração em resina', type: 'procedure' }, actor);
    const { insurance } = await core.run(
      createInsurance,
      { name: 'Saúde Exemplo', ansRegistry: '123456', plans: [{ name: 'Enfermaria' }, { name: 'Apartamento' }] },
      actor,
    );
    const plan = insurance.plans.find((p) => p.name === 'Apartamento')!;
    const { priceTable } = await core.run(createPriceTable, { name: 'Geral 2026' }, actor);
    await core.run(
      alterPriceTable,
      {
        id: priceTable.id,
        name: 'Geral 2026',
        prices: [
          { event: event.id, value: 200 },
          { event: event.id, insurance: insurance.id, value: 150 },
          { event: event.id, insurance: insurance.id, insurancePlan: plan.id, value: 180.5 },
        ],
      },
      actor,
    );
    const ctx = core.context(actor);
    const refs = await loadBudgetRefs(ctx);
    expect(refs.insurances).toEqual([
      {
        id: insurance.id,
        name: 'Saúde Exemplo',
        plans: [
          { id: plan.id, name: 'Apartamento' },
          { id: insurance.plans.find((p) => p.name === 'Enfermaria')!.id, name: 'Enfermaria' },
        ],
      },
    ]);
    expect(await priceOf(ctx, refs.tables, '', '', event.id)).toEqual({ value: 200, scope: 'general' });
    expect(await priceOf(ctx, refs.tables, insurance.id, '', event.id)).toEqual({ value: 150, scope: 'insurance' });
    expect(await priceOf(ctx, refs.tables, insurance.id, plan.id, event.id)).toEqual({ value: 180.5, scope: 'plan' });
  });
});
