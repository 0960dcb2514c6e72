/**
 * Totals of a guide in centavos, split the way ct_guiaValorTotal reports them. Integer arithmetic, so
 * a batch's total is the sum of its guides' lines to the centavo (the property test holds us to it).
 */
import { lineCentavos } from './money-text.js';
import type { ExpenseCode, TissItem } from './tiss-data.js';

/** Where each kind of line goes in ct_guiaValorTotal. */
export interface GuideTotals {
  procedures: number;
  dailyRates: number;
  feesAndRentals: number;
  materials: number;
  medicines: number;
  opme: number;
  gases: number;
  total: number;
}

const FIELD_OF: Record<ExpenseCode, keyof GuideTotals> = {
  '01': 'gases',
  '02': 'medicines',
  '03': 'materials',
  '05': 'dailyRates',
  '07': 'feesAndRentals',
  '08': 'opme',
};

/** The totals of `items` (procedures and other expenses), in centavos. */
export function guideTotals(items: readonly TissItem[]): GuideTotals {
  const totals: GuideTotals = {
    procedures: 0,
    dailyRates: 0,
    feesAndRentals: 0,
    materials: 0,
    medicines: 0,
    opme: 0,
    gases: 0,
    total: 0,
  };
  for (const item of items) {
    const value = lineCentavos(item);
    totals[item.expenseCode ? FIELD_OF[item.expenseCode] : 'procedures'] += value;
    totals.total += value;
  }
  return totals;
}
