/**
 * The budget editor's form and its translation to the core's `budget.create` / `budget.edit` input.
 * Amounts are typed as people write them (`1.234,56`); they become reais through centavos, and every
 * total the screen shows is the core's own arithmetic (`budgetMoney`), never a float sum.
 */
import type { z } from 'zod';
import type { Budget } from '#core/budget/budget-record.js';
import type { createBudget } from '#core/budget/budget-ops.js';
import { paymentMethodOf, type PAYMENT_METHODS, type PERIODS, type TypeModel } from '#core/budget/budget-codes.js';
import { budgetMoney } from '#core/budget/budget-money.js';
import { isDomainError, type ErrorDetail } from '#core/errors.js';
import { formatMoneyText, fromCentavos, parseMoneyText, toCentavos } from '#core/price/money.js';
import type { ToothSelection } from './tooth-chart.js';

/** What a line quotes (§2.3 `typeModel`). */
export type LineModel = TypeModel;

/** One line as the form holds it: texts as typed, the tooth selection as clicked. */
export interface FormLine extends ToothSelection {
  /** `Event` for a procedure; `Product`, `Kit` or `MaterialOrExam` for an item (BUD-040). */
  typeModel: LineModel;
  /** The procedure (an `events` id), or the product, kit or material/exam id for an item line. */
  event: string;
  quantity: string;
  valueUnity: string;
  copart: string;
}

/** The editor's whole state. Empty strings are "not given". */
export interface BudgetForm {
  type: 'dental' | 'medical' | 'aesthetic';
  patient: string;
  professional: string;
  clinic: string;
  insurance: string;
  /** A plan of `insurance` (stored as `patientData.insurancePlan`). */
  insurancePlan: string;
  lines: FormLine[];
  plan: {
    entry: string;
    quantity: string;
    method: '' | (typeof PAYMENT_METHODS)[number];
    period: '' | (typeof PERIODS)[number];
  };
}

/** The create operation's input (edit adds the id). */
export type BudgetInput = z.input<(typeof createBudget)['input']>;

/** A blank form for a clinic (and the signed-in professional, when a professional opens it). */
export function emptyForm(clinic: string, professional = ''): BudgetForm {
  return {
    type: 'dental',
    patient: '',
    professional,
    clinic,
    insurance: '',
    insurancePlan: '',
    lines: [],
    plan: { entry: '', quantity: '', method: '', period: '' },
  };
}

/**
 * A new line for `event` (or the item of `typeModel`), at its applicable price (reais) when the price
 * table has one.
 */
export function newLine(event: string, price: number | undefined, typeModel: LineModel = 'Event'): FormLine {
  return {
    typeModel,
    event,
    quantity: '1',
    valueUnity: price === undefined ? '' : formatMoneyText(toCentavos(price)),
    copart: '',
    toothFace: [],
  };
}

/** The form of a stored budget, to edit it. */
export function formOf(budget: Budget): BudgetForm {
  const money = (reais: number | undefined) => (reais === undefined ? '' : formatMoneyText(toCentavos(reais)));
  const pay = budget.paymentInformation;
  return {
    type: budget.type,
    patient: budget.patient,
    professional: budget.professional ?? '',
    clinic: budget.clinic,
    insurance: budget.insurance ?? '',
    insurancePlan: budget.patientData?.insurancePlan ?? '',
    lines: budget.items.map((item) => ({
      typeModel: item.typeModel,
      event: (item.typeModel === 'Event' ? (item.event ?? item.item) : item.item) ?? '',
      quantity: String(item.quantity).replace('.', ','),
      valueUnity: money(item.valueUnity ?? (item.quantity === 1 ? item.totalValue : undefined)),
      copart: money(item.copart),
      toothFace: item.toothFace ?? [],
      ...(item.tooth ? { tooth: item.tooth } : {}),
      ...(item.toothRegion ? { toothRegion: item.toothRegion } : {}),
    })),
    plan: {
      entry: pay.entry > 0 ? money(pay.entry) : '',
      quantity: String(pay.quantity),
      method: pay.method ? paymentMethodOf(pay.method) : '',
      period: pay.period ?? '',
    },
  };
}

function quantityOf(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(t)) return undefined;
  return Number(t);
}

function reaisOf(text: string): number | undefined {
  const centavos = parseMoneyText(text);
  return centavos === undefined ? undefined : fromCentavos(centavos);
}

/**
 * The operation's input from the form, or the fields the form itself cannot read (a malformed
 * amount), under the same paths the core uses (`items.0.valueUnity`, `paymentInformation.entry`), so
 * both kinds of message land beside their field.
 */
export function toBudgetInput(form: BudgetForm): { input?: BudgetInput; problems: ErrorDetail[] } {
  const problems: ErrorDetail[] = [];
  const amount = (text: string, path: string): number | undefined => {
    if (text.trim() === '') return undefined;
    const reais = reaisOf(text);
    if (reais === undefined) problems.push({ path, message: 'valor inválido (ex.: 1.234,56)' });
    return reais;
  };
  const items = form.lines.map((line, i) => {
    const quantity = quantityOf(line.quantity);
    if (quantity === undefined) problems.push({ path: `items.${i}.quantity`, message: 'quantidade inválida' });
    const valueUnity = amount(line.valueUnity, `items.${i}.valueUnity`);
    const copart = amount(line.copart, `items.${i}.copart`);
    // A procedure line names its event twice (§2.3 event and item); an item line its item, typed by the core.
    const quotes =
      line.typeModel === 'Event'
        ? { typeModel: 'Event' as const, event: line.event, item: line.event, type: 'procedure' as const }
        : { typeModel: line.typeModel, item: line.event };
    return {
      ...quotes,
      quantity: quantity ?? 0,
      ...(valueUnity !== undefined ? { valueUnity } : {}),
      ...(copart !== undefined ? { copart } : {}),
      ...(line.tooth ? { tooth: line.tooth } : {}),
      ...(line.tooth && line.toothFace.length > 0 ? { toothFace: line.toothFace } : {}),
      ...(line.toothRegion ? { toothRegion: line.toothRegion } : {}),
    };
  });
  const entry = amount(form.plan.entry, 'paymentInformation.entry');
  let quantity: number | undefined;
  if (form.plan.quantity.trim() !== '') {
    quantity = /^\d{1,3}$/.test(form.plan.quantity.trim()) ? Number(form.plan.quantity.trim()) : undefined;
    if (quantity === undefined)
      problems.push({ path: 'paymentInformation.quantity', message: 'número inteiro de parcelas' });
  }
  if (problems.length > 0) return { problems };
  const paymentInformation = {
    ...(entry !== undefined ? { entry } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(form.plan.method ? { method: form.plan.method } : {}),
    ...(form.plan.period ? { period: form.plan.period } : {}),
  };
  return {
    problems,
    input: {
      type: form.type,
      patient: form.patient,
      clinic: form.clinic,
      ...(form.professional ? { professional: form.professional } : {}),
      ...(form.insurance ? { insurance: form.insurance } : {}),
      ...(form.insurance && form.insurancePlan ? { patientData: { insurancePlan: form.insurancePlan } } : {}),
      items,
      paymentInformation,
    },
  };
}

/** What the editor shows under the lines: the core's totals and plan, or why they do not close yet. */
export interface MoneyPreview {
  /** Per line, reais; undefined where the line cannot be totalled yet. */
  lineTotals: (number | undefined)[];
  value?: number;
  plan?: { entry: number; quantity: number; parcelValue: number; lastParcelValue: number };
  problems: ErrorDetail[];
}

/** Totals and the instalment plan exactly as `budget.create` will settle them (core `budgetMoney`). */
export function previewMoney(form: BudgetForm): MoneyPreview {
  const { input, problems } = toBudgetInput(form);
  if (!input) return { lineTotals: form.lines.map(() => undefined), problems };
  const items = input.items ?? [];
  try {
    const settled = budgetMoney({ items, plan: input.paymentInformation ?? {} });
    return { lineTotals: settled.lines.map((l) => l.totalValue), value: settled.value, plan: settled.plan, problems };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { lineTotals: items.map(() => undefined), problems: [...error.details] };
  }
}
