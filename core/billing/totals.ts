/**
 * Money of attendances and batches. Lines are summed in integer centavos and turned into reais once,
 * so a batch's total equals the sum of its guides' lines to the centavo (and the TISS valorTotalGeral
 * of each guide, which tiss/guide-totals.ts computes the same way).
 */
import { fromCentavos, toCentavos } from '#core/price/money.js';
import type { BillingAttendance } from './attendance-record.js';

/** The total of one attendance, in centavos. */
export function attendanceCentavos(attendance: Pick<BillingAttendance, 'items'>): number {
  let total = 0;
  for (const item of attendance.items) total += item.quantity * toCentavos(item.unitValue);
  return total;
}

/** The total of a batch's attendances, in reais. */
export function batchTotal(attendances: readonly Pick<BillingAttendance, 'items'>[]): number {
  let total = 0;
  for (const attendance of attendances) total += attendanceCentavos(attendance);
  return fromCentavos(total);
}
