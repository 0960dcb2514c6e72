/**
 * The arithmetic of a budget (issue #5 "Money"): line totals, the budget total and the instalment
 * plan, all in integer centavos, so what is printed always adds up to the centavo. Amounts arrive
 * and leave in reais with at most 2 decimals (validated by the schemas before this runs).
 */
import { formatCentavos } from '#core/br/format.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { MAX_REAIS, fromCentavos, toCentavos } from '#core/price/money.js';

/** The money fields of one line, as sent. */
export interface LineAmounts {
  quantity: number;
  valueUnity?: number | undefined;
  totalValue?: number | undefined;
  copart?: number | undefined;
}

/** The payment plan as sent: any subset of the three amounts. */
export interface PlanAmounts {
  entry?: number | undefined;
  quantity?: number | undefined;
  parcelValue?: number | undefined;
  lastParcelValue?: number | undefined;
}

/** A complete plan: `entry + (quantity − 1) × parcelValue + lastParcelValue = value` exactly. */
export interface Plan {
  entry: number;
  quantity: number;
  parcelValue: number;
  /** The last instalment, which absorbs the rounding of `parcelValue` (equal to it when none). */
  lastParcelValue: number;
}

/** What {@link budgetMoney} settles. */
export interface SettledMoney {
  /** Per line: the total (reais) and the unit value when it was given or is exact. */
  lines: { totalValue: number; valueUnity?: number }[];
  value: number;
  plan: Plan;
}

/** Quantities carry at most 3 decimals (0.5 ml of a material); kept in thousandths for exact products. */
export const QUANTITY_SCALE = 1000;

/** Line total in centavos: quantity × unit, rounded half up to the centavo. */
export function lineTotalCentavos(quantity: number, unitCentavos: number): number {
  const thousandths = Math.round(quantity * QUANTITY_SCALE);
  return Math.floor((thousandths * unitCentavos + QUANTITY_SCALE / 2) / QUANTITY_SCALE);
}

/** `remaining / quantity` rounded half up: the parcel value when only the count is known. */
function evenParcel(remaining: number, quantity: number): number {
  return Math.floor((2 * remaining + quantity) / (2 * quantity));
}

/**
 * True when `parcel` is `remaining / quantity` to within one centavo (its floor or its ceiling), so
 * the last instalment that absorbs the rounding stays within `quantity − 1` centavos of the others.
 */
export function parcelFits(remaining: number, quantity: number, parcel: number): boolean {
  return quantity >= 1 && Math.abs(quantity * parcel - remaining) < quantity;
}

/**
 * Settles the instalment plan of a total `value` (centavos) from what was sent, deriving the rest:
 * entry defaults to what the instalments leave, or 0; parcel value to the even split; the count to
 * `remaining / parcelValue`. With nothing sent, the whole value is one payment.
 *
 * @returns the plan in centavos, or the problems found (paths under `paymentInformation.`).
 */
export function settlePlan(value: number, sent: PlanAmounts): { plan?: Plan; problems: ErrorDetail[] } {
  const problems: ErrorDetail[] = [];
  const bad = (field: string, message: string) => {
    problems.push({ path: `paymentInformation.${field}`, message });
    return { problems };
  };
  const entry = sent.entry === undefined ? undefined : toCentavos(sent.entry);
  const parcel = sent.parcelValue === undefined ? undefined : toCentavos(sent.parcelValue);
  let count = sent.quantity;
  let e: number;
  let p: number;
  if (entry !== undefined && entry > value) return bad('entry', 'entrada maior que o valor do orçamento');
  if (count !== undefined && parcel !== undefined) {
    e = entry ?? value - count * parcel;
    if (e < 0) return bad('parcelValue', 'parcelas somam mais que o valor do orçamento');
    p = parcel;
  } else if (count !== undefined) {
    e = entry ?? 0;
    p = count === 0 ? 0 : evenParcel(value - e, count);
  } else if (parcel !== undefined) {
    e = entry ?? 0;
    if (parcel === 0)
      return value - e === 0 ? { plan: plan(e, 0, 0, 0), problems } : bad('parcelValue', 'parcela zero');
    count = Math.max(1, Math.round((value - e) / parcel));
    p = parcel;
  } else {
    e = entry ?? 0;
    count = value - e > 0 ? 1 : 0;
    p = value - e;
  }
  const remaining = value - e;
  if (count === 0) {
    if (remaining !== 0) return bad('quantity', 'sem parcelas, a entrada deve ser o valor total');
    return finish(plan(e, 0, 0, 0));
  }
  if (!parcelFits(remaining, count, p)) {
    const expected = formatCentavos(evenParcel(remaining, count));
    return bad(
      sent.parcelValue === undefined ? 'quantity' : 'parcelValue',
      `entrada + parcelas não fecham o valor; com ${count} parcela(s) a parcela seria ${expected}`,
    );
  }
  return finish(plan(e, count, p, remaining - (count - 1) * p));

  function finish(result: Plan) {
    if (sent.lastParcelValue !== undefined && toCentavos(sent.lastParcelValue) !== result.lastParcelValue) {
      return bad('lastParcelValue', `a última parcela seria ${formatCentavos(result.lastParcelValue)}`);
    }
    return { plan: result, problems };
  }
}

function plan(entry: number, quantity: number, parcelValue: number, lastParcelValue: number): Plan {
  return { entry, quantity, parcelValue, lastParcelValue };
}

/**
 * Settles every amount of a budget: each line's total (quantity × valueUnity unless given, and then
 * it must match), the budget value (sum of lines unless there are none), the co-payments (never above
 * the line) and the payment plan.
 *
 * @throws DomainError `validation` naming every amount that does not add up.
 */
export function budgetMoney(input: { items: readonly LineAmounts[]; value?: number | undefined; plan: PlanAmounts }): {
  lines: SettledMoney['lines'];
  value: number;
  plan: Plan;
} {
  const problems: ErrorDetail[] = [];
  const lines: SettledMoney['lines'] = [];
  let sum = 0;
  input.items.forEach((line, i) => {
    const unit = line.valueUnity === undefined ? undefined : toCentavos(line.valueUnity);
    const given = line.totalValue === undefined ? undefined : toCentavos(line.totalValue);
    let total: number;
    if (unit !== undefined) {
      total = lineTotalCentavos(line.quantity, unit);
      if (given !== undefined && given !== total) {
        problems.push({
          path: `items.${i}.totalValue`,
          message: `quantidade × valor unitário dá ${formatCentavos(total)}`,
        });
      }
    } else if (given !== undefined) {
      total = given;
    } else {
      problems.push({ path: `items.${i}.valueUnity`, message: 'informe valueUnity ou totalValue' });
      total = 0;
    }
    if (total > MAX_REAIS * 100) {
      problems.push({ path: `items.${i}.totalValue`, message: 'valor alto demais' });
      total = 0;
    }
    if (line.copart !== undefined && toCentavos(line.copart) > total) {
      problems.push({ path: `items.${i}.copart`, message: 'coparticipação maior que o total da linha' });
    }
    sum += total;
    const exactUnit =
      unit ??
      (Math.round(line.quantity * QUANTITY_SCALE) % QUANTITY_SCALE === 0 && total % line.quantity === 0
        ? total / line.quantity
        : undefined);
    lines.push(
      exactUnit === undefined
        ? { totalValue: fromCentavos(total) }
        : { totalValue: fromCentavos(total), valueUnity: fromCentavos(exactUnit) },
    );
  });
  let value = sum;
  if (input.value !== undefined) {
    const given = toCentavos(input.value);
    if (input.items.length > 0 && given !== sum) {
      problems.push({ path: 'value', message: `a soma das linhas é ${formatCentavos(sum)}` });
    }
    if (input.items.length === 0) value = given;
  }
  const settled = problems.length === 0 ? settlePlan(value, input.plan) : { problems: [] };
  problems.push(...settled.problems);
  if (problems.length > 0 || !settled.plan) {
    throw new DomainError('validation', 'Valores do orçamento não fecham', problems);
  }
  const p = settled.plan;
  return {
    lines,
    value: fromCentavos(value),
    plan: {
      entry: fromCentavos(p.entry),
      quantity: p.quantity,
      parcelValue: fromCentavos(p.parcelValue),
      lastParcelValue: fromCentavos(p.lastParcelValue),
    },
  };
}
