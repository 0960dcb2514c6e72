/**
 * What the editor's parts share: how amounts are shown, and which form fields the core's messages
 * may name (so a `details[].path` lands under its field).
 */
import { formatMoney } from '#core/br/format.js';
import type { BudgetForm } from './budget-form.js';

/** Reais as the clinic reads them (`R$ 1.234,56`). */
export const money = { format: formatMoney };

/** Digits that line up in columns. */
export const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** The message shown under a field path, if any (the save's or the live preview's). */
export type FieldError = (path: string) => string | undefined;

/** The form's field paths the core's messages may name (line fields per line). */
export function fieldPaths(form: BudgetForm): string[] {
  const lines = form.lines.flatMap((_, i) =>
    ['event', 'quantity', 'valueUnity', 'totalValue', 'copart', 'tooth', 'toothFace', 'toothRegion'].map(
      (f) => `items.${i}.${f}`,
    ),
  );
  const plan = ['entry', 'quantity', 'parcelValue', 'lastParcelValue', 'method', 'period'].map(
    (f) => `paymentInformation.${f}`,
  );
  return ['patient', 'professional', 'clinic', 'insurance', 'patientData', 'type', ...lines, ...plan, 'items'];
}
