/**
 * What each payment of a bill still stands for once reversals (all of it, FIN-002) and refunds (part of
 * it, FIN-019) are taken off. A payment fully reversed stands for nothing and is left out; a payment
 * partly refunded stands for what was not refunded. The bill's `paidCentavos` is the sum of `principal`.
 */
import type { Payment } from './payment-record.js';

/** A live payment and what of it still stands, in centavos. */
export interface Standing {
  payment: Payment;
  /** Principal still settled by it: its principal less the refunds' principal. */
  principal: number;
  /** Money still kept of it: its received less the refunds' received. */
  received: number;
  /** What its refunds took, in centavos. */
  refundedPrincipal: number;
  refundedReceived: number;
}

/** The live payments among `all` (any order; several bills allowed), oldest first, with what stands of each. */
export function standings(all: readonly Payment[]): Standing[] {
  const reversed = new Set<string>();
  const refunds = new Map<string, { principal: number; received: number }>();
  for (const p of all) {
    if (p.kind === 'reversal' && p.reverses) reversed.add(p.reverses);
    if (p.kind === 'refund' && p.reverses) {
      const r = refunds.get(p.reverses) ?? { principal: 0, received: 0 };
      refunds.set(p.reverses, {
        principal: r.principal + p.principalCentavos,
        received: r.received + p.receivedCentavos,
      });
    }
  }
  return all
    .filter((p) => p.kind === 'payment' && !reversed.has(p.id))
    .sort((a, b) => (a.paidAt < b.paidAt ? -1 : a.paidAt > b.paidAt ? 1 : 0))
    .map((payment) => {
      const r = refunds.get(payment.id) ?? { principal: 0, received: 0 };
      return {
        payment,
        principal: payment.principalCentavos - r.principal,
        received: payment.receivedCentavos - r.received,
        refundedPrincipal: r.principal,
        refundedReceived: r.received,
      };
    });
}
