/**
 * What a price or a budget line can quote besides an event (spec §2.3 `typeModel` + `item`): an
 * inventory product, a kit, or a material/medication/exam of the TUSS catalogue (docs/decisions/
 * budgets.md BUD-040). One place resolves such ids by kind, for the price table and for budgets.
 */
import { missingReference } from '#core/common/records.js';
import { kits } from '#core/inventory/kit-record.js';
import { materialsOrExams } from '#core/inventory/material-record.js';
import { products } from '#core/inventory/product-record.js';
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';

/** The `typeModel`s a price can be keyed by besides an event (spec §2.5 record names). */
export const PRICED_MODELS = ['Product', 'Kit', 'MaterialOrExam'] as const;
/** One of {@link PRICED_MODELS}. */
export type PricedModel = (typeof PRICED_MODELS)[number];

/** What a budget line or a price lookup needs of a quoted record. */
export interface PricedItem {
  id: string;
  typeModel: PricedModel;
  name: string;
  /** TUSS code when the record has one. */
  code?: string;
  /** The budget line's `type` it implies (§2.3 `type`). */
  lineType: 'material' | 'medication' | 'exam';
  active: boolean;
}

/** pt-BR name of each kind, for messages ("Produto não encontrado"). */
export const PRICED_MODEL_LABELS: Readonly<Record<PricedModel, string>> = {
  Product: 'Produto',
  Kit: 'Kit',
  MaterialOrExam: 'Material ou exame',
};

const IN_CHUNK = 200;

async function findIn<T extends { id: string }>(
  ids: readonly string[],
  find: (chunk: string[]) => Promise<T[]>,
): Promise<T[]> {
  const unique = [...new Set(ids)];
  const found: T[] = [];
  for (let at = 0; at < unique.length; at += IN_CHUNK) found.push(...(await find(unique.slice(at, at + IN_CHUNK))));
  return found;
}

/**
 * The records of kind `typeModel` with these ids, by id (unknown ones, and another account's, absent:
 * the store is tenant-scoped). Inactive records are returned with `active: false`.
 */
export async function pricedItemsById(
  store: Store,
  typeModel: PricedModel,
  ids: readonly string[],
): Promise<Map<string, PricedItem>> {
  const selector = (chunk: string[]) => ({ selector: { id: { $in: chunk } } });
  let items: PricedItem[];
  if (typeModel === 'Product') {
    const found = await findIn(ids, (chunk) => store.collection(products).find(selector(chunk)));
    items = found.map((p) => ({
      id: p.id,
      typeModel,
      name: p.name,
      ...(p.tussCode ? { code: p.tussCode } : {}),
      lineType: p.kind === 'medication' ? 'medication' : 'material',
      active: p.active,
    }));
  } else if (typeModel === 'Kit') {
    const found = await findIn(ids, (chunk) => store.collection(kits).find(selector(chunk)));
    items = found.map((k) => ({ id: k.id, typeModel, name: k.name, lineType: 'material', active: k.active }));
  } else {
    const found = await findIn(ids, (chunk) => store.collection(materialsOrExams).find(selector(chunk)));
    items = found.map((m) => ({
      id: m.id,
      typeModel,
      name: m.name,
      code: m.code,
      lineType: m.tussTable === '20' ? 'medication' : m.tussTable === '22' ? 'exam' : 'material',
      active: m.active,
    }));
  }
  return new Map(items.map((item) => [item.id, item]));
}

/**
 * Checks that each `{ typeModel, item }` names a record of that kind in the account.
 *
 * @param path where each reference sits, e.g. `(i) => \`prices.${i}.item\``.
 * @throws DomainError `validation` (400) naming the first missing item's field.
 */
export async function requirePricedItems(
  ctx: Pick<OperationContext, 'store'>,
  refs: readonly { typeModel: PricedModel; item: string }[],
  path: (index: number) => string,
): Promise<void> {
  const found = new Map<PricedModel, Map<string, PricedItem>>();
  for (const model of PRICED_MODELS) {
    const ids = refs.filter((r) => r.typeModel === model).map((r) => r.item);
    if (ids.length) found.set(model, await pricedItemsById(ctx.store, model, ids));
  }
  const missing = refs.findIndex((r) => !found.get(r.typeModel)?.has(r.item));
  if (missing >= 0) {
    const ref = refs[missing]!;
    throw missingReference(PRICED_MODEL_LABELS[ref.typeModel], path(missing), ref.item);
  }
}
