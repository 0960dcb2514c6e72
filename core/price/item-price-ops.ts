/**
 * Prices of products, kits and materials/exams in a price table (BUD-040), as the budget editor asks
 * for them when a person adds such a line: the plan's price, else the insurance's, else the general
 * one, like an event's (`price.ofEvents`).
 */
import { z } from 'zod';
import { idListInput } from '#core/common/query-input.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { requireInsuranceScope } from '#core/insurance/scope.js';
import { defineOperation } from '#core/operation.js';
import { applicablePrice, pricesOfEvents, type PriceScope } from './price-store.js';
import { priceScopeInput } from './price-table-record.js';
import { requirePriceTable } from './price-table-ops.js';
import { PRICED_MODELS, pricedItemsById } from './priced-items.js';

/** `price.ofItems`: `GET /priceTable/{id}/itemPrices`. */
export const pricesOfItemsOperation = defineOperation({
  name: 'price.ofItems',
  group: 'Price',
  summary: 'Retorna os preços de produtos, kits ou materiais/exames na tabela de preços',
  description:
    'Para cada item do tipo `typeModel`, o preço aplicável (o do plano, senão o do convênio, senão o geral). ' +
    'Itens sem preço, ou que não existem nesta conta, vêm em `missing`.',
  permission: 'price:read',
  input: z.strictObject({
    id: idInput,
    typeModel: z.enum(PRICED_MODELS, { message: `use um de: ${PRICED_MODELS.join(', ')}` }),
    item: idListInput(500).describe('ids dos itens, separados por vírgula ou repetidos'),
    ...priceScopeInput,
  }),
  output: z.object({
    items: z.array(
      z.object({
        item: z.string(),
        typeModel: z.enum(PRICED_MODELS),
        code: z.string().optional(),
        name: z.string(),
        value: z.number().describe('reais'),
        scope: z.enum(['plan', 'insurance', 'general']).describe('de onde veio o preço'),
      }),
    ),
    missing: z.array(z.string()).describe('itens sem preço aplicável'),
  }),
  http: { method: 'GET', path: '/priceTable/{id}/itemPrices' },
  example: { id: EXAMPLE_ID, typeModel: 'Product', item: [EXAMPLE_ID] },
  async run(ctx, input) {
    await requirePriceTable(ctx, input.id);
    const scope: PriceScope = { insurance: input.insurance, insurancePlan: input.insurancePlan };
    await requireInsuranceScope(ctx, scope);
    const [all, details] = await Promise.all([
      pricesOfEvents(ctx.store, input.id, input.item),
      pricedItemsById(ctx.store, input.typeModel, input.item),
    ]);
    const items = [];
    const missing: string[] = [];
    for (const item of input.item) {
      const info = details.get(item);
      const price = applicablePrice(
        all.filter((p) => p.event === item && p.typeModel === input.typeModel),
        scope,
      );
      if (!price || !info) {
        missing.push(item);
        continue;
      }
      const from = price.insurancePlan ? 'plan' : price.insurance ? 'insurance' : 'general';
      items.push({
        item,
        typeModel: input.typeModel,
        ...(info.code ? { code: info.code } : {}),
        name: info.name,
        value: price.value,
        scope: from,
      } as const);
    }
    return { items, missing };
  },
});
