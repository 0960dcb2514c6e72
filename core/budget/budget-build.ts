/**
 * Turns the fields of a create or an edit into the stored budget: settles the money, checks that
 * every referenced id exists in the caller's tenant, fills the defaults. Shared by create and edit so
 * both enforce the same rules.
 */
import type { z } from 'zod';
import { users } from '#core/access/user.js';
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { compact } from '#core/common/records.js';
import { events } from '#core/clinic/event-record.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { patients } from '#core/patient/patient-record.js';
import {
  PRICED_MODEL_LABELS,
  PRICED_MODELS,
  pricedItemsById,
  type PricedItem,
  type PricedModel,
} from '#core/price/priced-items.js';
import { specialties } from '#core/specialty/specialty-record.js';
import type { Store } from '#core/store/port.js';
import type { budgetFieldsInput, Budget, BudgetItem } from './budget-record.js';
import { budgetMoney } from './budget-money.js';

/** The parsed fields of a create or an edit. */
export type BudgetFields = z.output<z.ZodObject<typeof budgetFieldsInput>>;

/** Days a quote holds when the request names no `validUntil`. */
export const DEFAULT_VALIDITY_DAYS = 30;

const MISSING = 'não existe nesta conta';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The last answer per time zone, by whole second: every create of a busy second asks the same. */
const lastDays = new Map<string, { second: number; days: number; day: string }>();

/**
 * `YYYY-MM-DD` of `at` in `timeZone`, plus `days`. Formatting a date in a zone costs more than a
 * query, so formatters are cached, and so is the last answer of each zone for the same whole second
 * (time-zone offsets are whole seconds, so every instant of one second falls on the same local day).
 */
export function localDatePlus(at: Date, timeZone: string, days: number): string {
  const second = Math.floor(at.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last && last.second === second && last.days === days) return last.day;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const [y, m, d] = format.format(at).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  lastDays.set(timeZone, { second, days, day });
  return day;
}

/**
 * Checks every id the budget names against the tenant's store: a missing id and another tenant's
 * id look the same (the store is tenant-scoped). Reads run together; the clinic is returned for its
 * time zone.
 *
 * @returns the problems (one per bad field) and the clinic when it exists.
 */
async function checkReferences(
  store: Store,
  fields: BudgetFields,
): Promise<{ problems: ErrorDetail[]; clinic?: Clinic; eventTypes: Map<string, BudgetItem['type']> }> {
  const problems: ErrorDetail[] = [];
  const missing = (path: string) => problems.push({ path, message: MISSING });
  const userIds = [fields.professional, fields.createdBy, fields.approvedBy].filter((id): id is string => !!id);
  const eventIds = [
    ...new Set(
      fields.items.flatMap((line) =>
        [line.event, line.typeModel === 'Event' ? line.item : undefined].filter((id): id is string => !!id),
      ),
    ),
  ];
  const quoted = (model: PricedModel) =>
    fields.items.flatMap((line) => (line.typeModel === model && line.item ? [line.item] : []));
  const [patient, clinic, insurance, specialty, foundUsers, foundEvents, ...foundItems] = await Promise.all([
    store.collection(patients).get(fields.patient),
    store.collection(clinics).get(fields.clinic),
    fields.insurance ? store.collection(insurances).get(fields.insurance) : undefined,
    fields.specialty ? store.collection(specialties).get(fields.specialty) : undefined,
    userIds.length ? store.collection(users).find({ selector: { id: { $in: [...new Set(userIds)] } } }) : [],
    eventIds.length ? store.collection(events).find({ selector: { id: { $in: eventIds } } }) : [],
    ...PRICED_MODELS.map((model) =>
      quoted(model).length ? pricedItemsById(store, model, quoted(model)) : new Map<string, PricedItem>(),
    ),
  ]);
  const items = new Map(foundItems.flatMap((found) => [...found]));
  if (!patient) missing('patient');
  if (!clinic) missing('clinic');
  if (fields.insurance && !insurance) missing('insurance');
  if (fields.specialty && !specialty) missing('specialty');
  const userSet = new Set(foundUsers.map((u) => u.id));
  for (const key of ['professional', 'createdBy', 'approvedBy'] as const) {
    const id = fields[key];
    if (id && !userSet.has(id)) missing(key);
  }
  const plan = fields.patientData?.insurancePlan;
  if (plan) {
    if (!fields.insurance)
      problems.push({ path: 'patientData.insurancePlan', message: 'informe o convênio (insurance)' });
    else if (insurance && !insurance.plans.some((p) => p.id === plan)) missing('patientData.insurancePlan');
  }
  const eventTypes = new Map<string, BudgetItem['type']>(foundEvents.map((e) => [e.id, e.type]));
  fields.items.forEach((line, i) => {
    if (line.event && !eventTypes.has(line.event)) missing(`items.${i}.event`);
    if (!line.item) return;
    if (line.typeModel === 'Event') {
      if (!eventTypes.has(line.item)) missing(`items.${i}.item`);
      return;
    }
    const found = items.get(line.item);
    if (found?.typeModel !== line.typeModel)
      problems.push({ path: `items.${i}.item`, message: `${PRICED_MODEL_LABELS[line.typeModel]} ${MISSING}` });
    else eventTypes.set(line.item, found.lineType);
  });
  return { problems, ...(clinic ? { clinic } : {}), eventTypes };
}

/**
 * The stored fields of a budget built from `fields`: lines with their settled totals (and the type
 * of their event when not given), `value`, the full payment plan, the type (dental when a line names
 * a tooth or region) and the validity date.
 *
 * @throws DomainError `validation` naming every bad amount and every id missing from the tenant,
 *   all at once.
 */
export async function budgetFromFields(
  store: Store,
  fields: BudgetFields,
  now: Date,
): Promise<Omit<Budget, 'id' | 'tenantId' | 'createdAt' | 'updatedAt' | 'budgetNumber' | 'status'>> {
  const problems: ErrorDetail[] = [];
  let money: ReturnType<typeof budgetMoney> | undefined;
  try {
    money = budgetMoney({ items: fields.items, value: fields.value, plan: fields.paymentInformation ?? {} });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problems.push(...error.details);
  }
  const refs = await checkReferences(store, fields);
  problems.push(...refs.problems);
  if (problems.length > 0 || !money) throw new DomainError('validation', 'Requisição inválida', problems);
  const settled = money;
  const items: BudgetItem[] = fields.items.map((line, i) => {
    // A product, kit or material line takes its kind from what it quotes, an event line from its event.
    const typeOfEvent = refs.eventTypes.get((line.typeModel === 'Event' ? (line.event ?? line.item) : line.item) ?? '');
    return compact({
      ...line,
      ...settled.lines[i],
      type: line.type ?? typeOfEvent,
    }) as BudgetItem;
  });
  const dental = items.some((line) => line.tooth || line.toothRegion);
  const { paymentInformation, validUntil, type, ...rest } = fields;
  return compact({
    ...rest,
    type: type ?? (dental ? 'dental' : 'medical'),
    items,
    value: settled.value,
    paymentInformation: compact({
      period: paymentInformation?.period,
      method: paymentInformation?.method,
      ...settled.plan,
    }),
    validUntil: validUntil ?? localDatePlus(now, refs.clinic?.timeZone ?? 'America/Sao_Paulo', DEFAULT_VALIDITY_DAYS),
  });
}
