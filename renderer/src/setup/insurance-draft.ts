/**
 * An insurance's form as text fields and the `insurance.create`/`insurance.update` input it gives:
 * blank fields are left out (the core keeps them absent), the return window as a whole number of
 * days. Pure, shared by the dialog and its test.
 */
import type { z } from 'zod';
import type { insuranceOutput } from '#core/insurance/insurance-record.js';

/** An insurance as `insurance.list` answers it. */
export type ListedInsurance = z.output<typeof insuranceOutput>;

/** The text fields of the insurance form, in the order the dialog shows them. */
export const INSURANCE_TEXT_FIELDS = [
  'name',
  'legalName',
  'ansRegistry',
  'cnpj',
  'phone',
  'email',
  'tissVersion',
  'providerCode',
] as const;

/** One of {@link INSURANCE_TEXT_FIELDS}. */
export type InsuranceTextField = (typeof INSURANCE_TEXT_FIELDS)[number];

/** The form's values: every text field, the price table id ('' for none) and the return days text. */
export type InsuranceDraft = Record<InsuranceTextField, string> & { priceTable: string; returnDays: string };

/** The draft of `insurance` (null: an empty form for a new one). */
export function insuranceDraft(insurance: ListedInsurance | null): InsuranceDraft {
  const draft = { priceTable: insurance?.priceTable ?? '', returnDays: '' } as InsuranceDraft;
  for (const field of INSURANCE_TEXT_FIELDS) draft[field] = insurance?.[field] ?? '';
  if (insurance?.returnDays !== undefined) draft.returnDays = String(insurance.returnDays);
  return draft;
}

/**
 * The core's input from `draft`: blank fields out, the name as typed (the core says when it is
 * empty), the return days as a number (a non-number stays as typed so the core refuses it under
 * its field).
 */
export function insuranceInput(draft: InsuranceDraft): Record<string, unknown> {
  const input: Record<string, unknown> = { name: draft.name };
  for (const field of INSURANCE_TEXT_FIELDS)
    if (field !== 'name' && draft[field].trim() !== '') input[field] = draft[field].trim();
  if (draft.priceTable) input['priceTable'] = draft.priceTable;
  const days = draft.returnDays.trim();
  if (days !== '') input['returnDays'] = /^\d+$/.test(days) ? Number(days) : days;
  return input;
}
