/**
 * A patient's credit, derived (FIN-017): what was received as prepayment, what was applied to bills,
 * what was handed back and what stays unapplied. Nothing is stored as a balance: it is always the sum of
 * the appended credit entries and of the live payments made with the method `patientCredit`, so two
 * desks never overwrite each other's balance and a reversed application returns to the balance by itself.
 */
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { fromCentavos } from '#core/price/money.js';
import { patientCredits, type CreditEntry } from './credit-record.js';
import { payments, type Payment } from './payment-record.js';
import { standings } from './payment-standing.js';

/** A patient's credit in centavos: `received = applied + refunded + unapplied` always. */
export interface CreditBalance {
  received: number;
  applied: number;
  refunded: number;
  unapplied: number;
}

/**
 * The balance from the entries and the patient's payments (any bills; only `patientCredit` ones count).
 * An application is counted by what it still takes from the credit: its received amount less what was
 * refunded of it (a refunded application returns to the credit, not to the patient's hand).
 */
export function creditBalance(
  entries: readonly Pick<CreditEntry, 'kind' | 'amountCentavos'>[],
  patientPayments: readonly Payment[],
): CreditBalance {
  let received = 0;
  let refunded = 0;
  for (const e of entries) {
    if (e.kind === 'deposit') received += e.amountCentavos;
    else refunded += e.amountCentavos;
  }
  const applied = standings(patientPayments)
    .filter((s) => s.payment.method === 'patientCredit')
    .reduce((sum, s) => sum + s.received, 0);
  return { received, applied, refunded, unapplied: received - applied - refunded };
}

/** The patient's credit entries (oldest first) and balance, read from the store. */
export async function creditOf(
  store: Store,
  patient: string,
): Promise<{ entries: Stored<CreditEntry>[]; balance: CreditBalance }> {
  // Conditions on `at` and `paidAt` (every entry and payment has one) let the desk walk the (patient, …)
  // indexes instead of reading the account's every payment (core/store/rxdb/query-plan.ts).
  const entries = await store
    .collection(patientCredits)
    .find({ selector: { patient, at: { $gte: '' } }, sort: [{ at: 'asc' }] });
  const paid = await store.collection(payments).find({ selector: { patient, paidAt: { $gte: '' } } });
  return { entries, balance: creditBalance(entries, paid) };
}

/** A balance in reais, as answered. */
export function creditAnswer(b: CreditBalance) {
  return {
    received: fromCentavos(b.received),
    applied: fromCentavos(b.applied),
    refunded: fromCentavos(b.refunded),
    unapplied: fromCentavos(b.unapplied),
  };
}
