/**
 * The bill as the Contas dialogs hold it, and the PUT that keeps what the desk does not show. A bill is
 * edited with a full PUT (`finance.bill.update`): a field left out is cleared, so the fields the dialog
 * does not edit (patient, payee, clinic, account, method) are sent back as they are.
 */
import { formatCentavos, formatDate, parseDate } from '#core/br/format.js';
import type { updateBill } from '#core/finance/bill-ops.js';
import type { z } from 'zod';
import { centavosOfText } from '../cash-register/money-field.js';

/** A bill as `finance.bill.list` answers it (the fields the dialogs read). */
export interface BillRow {
  id: string;
  type: 'receivable' | 'payable';
  description: string;
  value: number;
  paid: number;
  open: number;
  dueDate: string;
  status: string;
  patient?: string | undefined;
  payee?: string | undefined;
  clinic?: string | undefined;
  category?: string | undefined;
  account?: string | undefined;
  method?: string | undefined;
  source: string;
}

/** What the edit dialog's fields hold, as typed. */
export interface BillFormValues {
  description: string;
  /** `dd/mm/aaaa`. */
  due: string;
  /** `1.234,56`. */
  value: string;
  category: string | null;
}

/** The dialog's first values. */
export function formValuesOf(bill: BillRow): BillFormValues {
  return {
    description: bill.description,
    due: formatDate(bill.dueDate),
    value: moneyText(Math.round(bill.value * 100)),
    category: bill.category ?? null,
  };
}

/** The PUT input, or the fields (by input name) that do not read. */
export function updateInput(
  bill: BillRow,
  values: BillFormValues,
): { input: z.input<typeof updateBill.input> } | { problems: Record<string, 'badDate' | 'badAmount'> } {
  const dueDate = parseDate(values.due);
  const cents = centavosOfText(values.value);
  const problems: Record<string, 'badDate' | 'badAmount'> = {};
  if (!dueDate) problems.dueDate = 'badDate';
  if (cents === undefined) problems.value = 'badAmount';
  if (!dueDate || cents === undefined) return { problems };
  const keep = (key: 'patient' | 'payee' | 'clinic' | 'account' | 'method') =>
    bill[key] === undefined ? {} : { [key]: bill[key] };
  return {
    input: {
      id: bill.id,
      value: cents / 100,
      description: values.description,
      dueDate,
      ...(values.category ? { category: values.category } : {}),
      ...keep('patient'),
      ...keep('payee'),
      ...keep('clinic'),
      ...keep('account'),
      ...keep('method'),
    },
  };
}

/** Reais of an optional money field (`''` is absent), or `null` when it does not read. */
export function optionalReais(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const cents = centavosOfText(text);
  return cents === undefined ? null : cents / 100;
}

/** Centavos as a money field shows them, with the thousands dot: `123456` → `1.234,56` (the field has `R$` beside it). */
export function moneyText(centavos: number): string {
  return formatCentavos(centavos).replace(/^R\$\s*/, '');
}
