/**
 * A bill's history as the desk shows it (FIN-022): every payment, full reversal (estorno) and partial
 * refund (estorno parcial) of the bill in time order, each with what the bill had open after it; and
 * what of each live payment can still be refunded. All in centavos, from the appended records
 * (FIN-002/019): the last row's open amount is the bill's value less its paid sum, to the centavo.
 */
import type { Payment } from '#core/finance/payment-record.js';
import { standings } from '#core/finance/payment-standing.js';

/** The fields of a payment record the history reads. */
export type HistoryPayment = Pick<
  Payment,
  | 'id'
  | 'kind'
  | 'reverses'
  | 'principalCentavos'
  | 'discountCentavos'
  | 'interestCentavos'
  | 'fineCentavos'
  | 'receivedCentavos'
  | 'openBeforeCentavos'
  | 'method'
  | 'paidAt'
  | 'note'
  | 'by'
  | 'bill'
  | 'createdAt'
  | 'updatedAt'
  | 'tenantId'
>;

/** One line of the history. */
export interface HistoryRow {
  payment: HistoryPayment;
  /** Principal the line settled (negative: a reversal or refund reopened it), centavos. */
  settledCentavos: number;
  /** Money that changed hands: in for a payment, out (negative) for a reversal or refund, centavos. */
  moneyCentavos: number;
  /** What the bill had open after this line, centavos. */
  openAfterCentavos: number;
}

/**
 * The history of a bill of `valueCentavos` from its payment records (any order), oldest first; records
 * made at the same instant keep payments before what reverses them.
 */
export function billHistory(valueCentavos: number, records: readonly HistoryPayment[]): HistoryRow[] {
  const order = (p: HistoryPayment) => (p.kind === 'payment' ? 0 : 1);
  const sorted = [...records].sort((a, b) =>
    a.paidAt < b.paidAt ? -1 : a.paidAt > b.paidAt ? 1 : order(a) - order(b),
  );
  let open = valueCentavos;
  return sorted.map((payment) => {
    const sign = payment.kind === 'payment' ? 1 : -1;
    open -= sign * payment.principalCentavos;
    return {
      payment,
      settledCentavos: sign * payment.principalCentavos,
      moneyCentavos: sign * payment.receivedCentavos,
      openAfterCentavos: open,
    };
  });
}

/** A live payment that can still be refunded, and up to how much (what it received less its refunds). */
export interface Refundable {
  payment: HistoryPayment;
  leftCentavos: number;
}

/** The live payments of the bill with money left to hand back, oldest first. */
export function refundables(records: readonly HistoryPayment[]): Refundable[] {
  return standings(records as Payment[])
    .filter((s) => s.received > 0)
    .map((s) => ({ payment: s.payment, leftCentavos: s.received }));
}

/** How much credit applies to a bill by default: what is open, or all the credit when it is less. */
export function creditToApply(openCentavos: number, unappliedCentavos: number): number {
  return Math.max(0, Math.min(openCentavos, unappliedCentavos));
}
