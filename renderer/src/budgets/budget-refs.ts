/**
 * What the budget editor picks from, read from the desk's own database: clinics, professionals,
 * insurances, the catalogue's events, and the price table whose prices apply.
 */
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { kits } from '#core/inventory/kit-record.js';
import { materialsOrExams } from '#core/inventory/material-record.js';
import { products } from '#core/inventory/product-record.js';
import { pricesOfItemsOperation } from '#core/price/item-price-ops.js';
import { pricesOfEventsOperation } from '#core/price/price-lookup-ops.js';
import { priceTables } from '#core/price/price-table-record.js';
import type { PricedModel } from '#core/price/priced-items.js';

/** A choice of a select: id and the name shown. */
export interface Choice {
  id: string;
  name: string;
}

/** The editor's reference data, each list by name. */
export interface BudgetRefs {
  clinics: Choice[];
  professionals: Choice[];
  /** Active insurances with their active plans. */
  insurances: (Choice & { plans: Choice[] })[];
  /** Active events, shown as `code – name` when coded. */
  events: Choice[];
  /** Active products, kits and materials/exams a line can quote (BUD-040), by name. */
  items: (Choice & { typeModel: PricedModel })[];
  tables: { id: string; insurance?: string }[];
}

/** The collections the reference data come from: a sync pulling one of them refreshes the editor's choices. */
export const BUDGET_REF_COLLECTIONS = [
  clinics,
  users,
  insurances,
  events,
  priceTables,
  products,
  kits,
  materialsOrExams,
];

const byName = (a: Choice, b: Choice) => a.name.localeCompare(b.name, 'pt-BR');

/** Reads the reference data (active records only). */
export async function loadBudgetRefs(ctx: OperationContext): Promise<BudgetRefs> {
  const active = <T extends { active: boolean }>(list: T[]) => list.filter((r) => r.active);
  const [c, u, i, e, p, pr, k, m] = await Promise.all([
    ctx.store.collection(clinics).find(),
    ctx.store.collection(users).find({ selector: { role: 'professional' } }),
    ctx.store.collection(insurances).find(),
    ctx.store.collection(events).find(),
    ctx.store.collection(priceTables).find(),
    ctx.store.collection(products).find({ selector: { active: true } }),
    ctx.store.collection(kits).find({ selector: { active: true } }),
    ctx.store.collection(materialsOrExams).find({ selector: { active: true } }),
  ]);
  const items = [
    ...pr.map((r) => ({ id: r.id, typeModel: 'Product' as const, name: r.name })),
    ...k.map((r) => ({ id: r.id, typeModel: 'Kit' as const, name: r.name })),
    ...m.map((r) => ({ id: r.id, typeModel: 'MaterialOrExam' as const, name: `${r.code} – ${r.name}` })),
  ].sort(byName);
  return {
    clinics: active(c)
      .map((r) => ({ id: r.id, name: r.name }))
      .sort(byName),
    professionals: active(u)
      .map((r) => ({ id: r.id, name: r.name }))
      .sort(byName),
    insurances: active(i)
      .map((r) => ({
        id: r.id,
        name: r.name,
        plans: active(r.plans)
          .map((plan) => ({ id: plan.id, name: plan.name }))
          .sort(byName),
      }))
      .sort(byName),
    events: active(e)
      .map((r) => ({ id: r.id, name: r.code ? `${r.code} – ${r.name}` : r.name }))
      .sort(byName),
    items,
    tables: active(p).map((r) => ({ id: r.id, ...(r.insurance ? { insurance: r.insurance } : {}) })),
  };
}

/**
 * The table to price from: the insurance's own table when it has one, else a general table (one made
 * for no insurance, where the insurance's and plans' prices also live). Undefined when there is none.
 */
export function priceTableFor(tables: BudgetRefs['tables'], insurance: string): string | undefined {
  return ((insurance ? tables.find((t) => t.insurance === insurance) : undefined) ?? tables.find((t) => !t.insurance))
    ?.id;
}

/**
 * The applicable price of `event` (reais) for the insurance and plan (`''` for none) and where it came
 * from, or undefined when unpriced; with a `typeModel` other than `Event`, of that product, kit or
 * material/exam (`price.ofItems`).
 */
export async function priceOf(
  ctx: OperationContext,
  tables: BudgetRefs['tables'],
  insurance: string,
  insurancePlan: string,
  event: string,
  typeModel: 'Event' | PricedModel = 'Event',
): Promise<{ value: number; scope: 'plan' | 'insurance' | 'general' } | undefined> {
  const table = priceTableFor(tables, insurance);
  if (!table) return undefined;
  const scope = {
    ...(insurance ? { insurance } : {}),
    ...(insurance && insurancePlan ? { insurancePlan } : {}),
  };
  const answer =
    typeModel === 'Event'
      ? await invoke(pricesOfEventsOperation, ctx, { id: table, event: [event], ...scope })
      : await invoke(pricesOfItemsOperation, ctx, { id: table, typeModel, item: [event], ...scope });
  const found = answer.items[0];
  return found ? { value: found.value, scope: found.scope } : undefined;
}
