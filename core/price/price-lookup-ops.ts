/**
 * Prices as budgets and the schedule ask for them (spec §4.4 Price: "return prices of events in the
 * price table"; Clinic: "check that a price exists for each passed event"). For an insurance and plan,
 * the most specific price applies: the plan's, else the insurance's, else the general one.
 */
import { z } from 'zod';
import { idListInput } from '#core/common/query-input.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { requireInsuranceScope } from '#core/insurance/scope.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { eventsById } from './checks.js';
import { applicablePrice, pricesOfEvents, type PriceScope } from './price-store.js';
import { priceScopeInput } from './price-table-record.js';
import { requirePriceTable } from './price-table-ops.js';

const lookupInput = z.strictObject({
  id: idInput,
  event: idListInput(500).describe('ids de eventos, separados por vírgula ou repetidos'),
  ...priceScopeInput,
});

/** For each requested event, the applicable price or undefined; unknown events count as unpriced. */
async function lookUp(ctx: OperationContext, input: z.output<typeof lookupInput>) {
  await requirePriceTable(ctx, input.id);
  const scope: PriceScope = { insurance: input.insurance, insurancePlan: input.insurancePlan };
  await requireInsuranceScope(ctx, scope);
  const all = await pricesOfEvents(ctx.store, input.id, input.event);
  return input.event.map((event) => ({
    event,
    price: applicablePrice(
      all.filter((p) => p.event === event),
      scope,
    ),
  }));
}

/** `price.ofEvents`: `GET /priceTable/{id}/eventPrices`. */
export const pricesOfEventsOperation = defineOperation({
  name: 'price.ofEvents',
  group: 'Price',
  summary: 'Retorna os preços dos eventos na tabela de preços (para um convênio e plano, se informados)',
  permission: 'price:read',
  input: lookupInput,
  output: z.object({
    items: z.array(
      z.object({
        event: z.string(),
        code: z.string().optional(),
        name: z.string(),
        value: z.number().describe('reais'),
        scope: z.enum(['plan', 'insurance', 'general']).describe('de onde veio o preço'),
      }),
    ),
    missing: z.array(z.string()).describe('eventos sem preço aplicável'),
  }),
  http: { method: 'GET', path: '/priceTable/{id}/eventPrices' },
  example: { id: EXAMPLE_ID, event: [EXAMPLE_ID] },
  async run(ctx, input) {
    const found = await lookUp(ctx, input);
    const details = await eventsById(ctx, input.event);
    const items = [];
    const missing: string[] = [];
    for (const { event, price } of found) {
      const info = details.get(event);
      if (!price || !info) {
        missing.push(event);
        continue;
      }
      const scope = price.insurancePlan ? 'plan' : price.insurance ? 'insurance' : 'general';
      items.push({ event, code: info.code, name: info.name, value: price.value, scope } as const);
    }
    return { items, missing };
  },
});

/** `priceTable.checkPrices`: `GET /priceTable/{id}/priceCheck`. */
export const checkPricesOperation = defineOperation({
  name: 'priceTable.checkPrices',
  group: 'Clinic',
  summary: 'Verifica se existe preço na tabela para cada evento informado',
  permission: 'priceTable:read',
  input: lookupInput,
  output: z.object({ complete: z.boolean(), missing: z.array(z.string()).describe('eventos sem preço') }),
  http: { method: 'GET', path: '/priceTable/{id}/priceCheck' },
  example: { id: EXAMPLE_ID, event: [EXAMPLE_ID] },
  async run(ctx, input) {
    const missing = (await lookUp(ctx, input)).filter((p) => !p.price).map((p) => p.event);
    return { complete: missing.length === 0, missing };
  },
});
