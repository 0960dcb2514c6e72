import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundAmounts, settlePayment, settleRefund } from '#core/finance/finance-money.js';
import { standings } from '#core/finance/payment-standing.js';
import type { Payment } from '#core/finance/payment-record.js';
import { billHistory, creditToApply, refundables, type HistoryPayment } from './bill-history.js';

let seq = 0;
const record = (kind: Payment['kind'], amounts: Partial<HistoryPayment>, reverses?: string): HistoryPayment => {
  seq += 1;
  return {
    id: `p${seq}`,
    tenantId: 't',
    createdAt: '',
    updatedAt: '',
    bill: 'b',
    kind,
    ...(reverses ? { reverses } : {}),
    principalCentavos: 0,
    discountCentavos: 0,
    interestCentavos: 0,
    fineCentavos: 0,
    receivedCentavos: 0,
    openBeforeCentavos: 0,
    method: 'pix',
    paidAt: `2026-11-27T10:${String(seq % 60).padStart(2, '0')}:${String(Math.floor(seq / 60) % 60).padStart(2, '0')}-03:00`,
    by: 'u',
    ...amounts,
  };
};

const step = fc.oneof(
  fc.record({
    op: fc.constant('pay' as const),
    share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    interest: fc.nat(5_000),
    discountShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
  }),
  fc.record({ op: fc.constant('refund' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant('reverse' as const) }),
);

describe('a bill history', () => {
  it('ends at the value less what stands paid, to the centavo, for any payments, refunds and reversals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.array(step, { maxLength: 12 }), (value, steps) => {
        seq = 0;
        const records: HistoryPayment[] = [];
        for (const s of steps) {
          const live = standings(records);
          const open = value - live.reduce((sum, l) => sum + l.principal, 0);
          if (s.op === 'pay' && open > 0) {
            const principal = Math.max(1, Math.floor(open * s.share));
            const settled = settlePayment(open, {
              principal,
              discount: Math.floor(principal * s.discountShare),
              interest: s.interest,
            });
            records.push(
              record('payment', {
                principalCentavos: settled.principal,
                discountCentavos: settled.discount,
                interestCentavos: settled.interest,
                receivedCentavos: settled.received,
                openBeforeCentavos: open,
              }),
            );
          }
          const target = refundables(records).at(-1);
          if (s.op === 'refund' && target) {
            const standing = live.find((l) => l.payment.id === target.payment.id)!;
            const amount = Math.max(1, Math.floor(target.leftCentavos * s.share));
            const r = settleRefund(
              { principal: target.payment.principalCentavos, received: target.payment.receivedCentavos },
              { principal: standing.refundedPrincipal, received: standing.refundedReceived },
              amount,
            );
            records.push(
              record(
                'refund',
                {
                  principalCentavos: r.principal,
                  receivedCentavos: r.received,
                  discountCentavos: r.discount,
                  interestCentavos: r.interest,
                },
                target.payment.id,
              ),
            );
          }
          const last = live.at(-1);
          if (s.op === 'reverse' && last) {
            const r = refundAmounts(last.principal, last.received);
            records.push(
              record('reversal', { principalCentavos: r.principal, receivedCentavos: r.received }, last.payment.id),
            );
          }
        }
        const rows = billHistory(value, [...records].reverse());
        const stands = standings(records);
        const paid = stands.reduce((sum, l) => sum + l.principal, 0);
        expect(rows.at(-1)?.openAfterCentavos ?? value).toBe(value - paid);
        for (const row of rows) expect(row.openAfterCentavos).toBeGreaterThanOrEqual(0);
        for (const row of rows) expect(row.openAfterCentavos).toBeLessThanOrEqual(value);
        // The money still held equals what the refund dialog offers to hand back.
        const held = rows.reduce((sum, r) => sum + r.moneyCentavos, 0);
        expect(refundables(records).reduce((sum, r) => sum + r.leftCentavos, 0)).toBe(held);
      }),
      { numRuns: 300 },
    );
  });

  it('applies the lesser of what is open and the credit', () => {
    expect(creditToApply(10_000, 30_000)).toBe(10_000);
    expect(creditToApply(10_000, 2_550)).toBe(2_550);
    expect(creditToApply(10_000, 0)).toBe(0);
    expect(creditToApply(0, 500)).toBe(0);
  });
});
