/**
 * Property tests of patient credit (FIN-017) and partial refunds (FIN-019) on the real store: for any
 * amounts and any order of deposits, applications, refunds and reversals, what was received as
 * prepayment is exactly what was applied plus what was handed back plus what stays unapplied, to the
 * centavo; and a payment refunded in steps reopens its bill by what was refunded, never handing back
 * more than it received, ending where its full reversal would.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from '#core/patient/patient-ops.js';
import { createBill, getBill } from './bill-ops.js';
import { applyCredit, depositCredit, getCredit, refundCredit } from './credit-ops.js';
import { settleRefund } from './finance-money.js';
import { markPaid, unmarkReceived } from './payment-ops.js';
import { payments } from './payment-record.js';
import { refundPayment } from './refund-ops.js';
import { openFinance, type FinanceHarness } from './testing.js';

let h: FinanceHarness;
beforeAll(async () => {
  h = await openFinance();
});
afterAll(() => h.close());

const reais = (cents: number) => cents / 100;
const cents = (value: number) => Math.round(value * 100);

const step = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 2_000_000 }) }),
  fc.record({ op: fc.constant('apply' as const), amount: fc.integer({ min: 1, max: 2_000_000 }) }),
  fc.record({ op: fc.constant('refund' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant('reverse' as const) }),
);

describe('patient credit on the real store', () => {
  it('received = applied + refunded + unapplied, to the centavo, for any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { patient } = await h.run(createPatient, { name: 'Paciente Propriedade', cellPhone: '(11) 90000-0000' });
        let received = 0;
        let refunded = 0;
        const appliedBills: string[] = [];
        for (const s of steps) {
          const { credit } = await h.run(getCredit, { patient: patient.id });
          const unapplied = cents(credit.unapplied);
          if (s.op === 'deposit') {
            await h.run(depositCredit, { patient: patient.id, value: reais(s.amount), method: 'pix' });
            received += s.amount;
          } else if (s.op === 'apply' && unapplied > 0) {
            const { finance } = await h.run(createBill, {
              type: 'receivable',
              value: reais(s.amount),
              description: 'Consulta',
              patient: patient.id,
              dueDate: '2026-12-01',
            });
            const done = await h.run(applyCredit, { id: finance.id });
            expect(cents(done.payment.received)).toBe(Math.min(s.amount, unapplied));
            appliedBills.push(finance.id);
          } else if (s.op === 'refund' && unapplied > 0) {
            const value = Math.max(1, Math.floor(unapplied * s.share));
            await h.run(refundCredit, { patient: patient.id, value: reais(value), method: 'cash', note: 'devolução' });
            refunded += value;
          } else if (s.op === 'reverse' && appliedBills.length > 0) {
            await h.run(unmarkReceived, { id: appliedBills.pop()!, reason: 'estorno' });
          }
        }
        const { credit } = await h.run(getCredit, { patient: patient.id });
        let appliedNow = 0;
        for (const id of appliedBills) appliedNow += cents((await h.run(getBill, { id })).paid);
        expect(cents(credit.received)).toBe(received);
        expect(cents(credit.refunded)).toBe(refunded);
        expect(cents(credit.applied)).toBe(appliedNow);
        expect(cents(credit.applied) + cents(credit.refunded) + cents(credit.unapplied)).toBe(received);
        expect(credit.unapplied).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});

describe('partial refunds', () => {
  it('settleRefund: refunds never exceed what was received and, refunded to the end, reopen all the principal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (principal, rawDiscount, extra, shares) => {
          const discount = Math.min(rawDiscount, principal - 1);
          const payment = { principal, received: principal - discount + extra };
          const done = { principal: 0, received: 0 };
          for (const share of [...shares, 1]) {
            const left = payment.received - done.received;
            if (left === 0) break;
            const value = Math.max(1, Math.round(left * share));
            const r = settleRefund(payment, done, value);
            expect(r.received).toBe(r.principal - r.discount + r.interest);
            expect(r.principal).toBeGreaterThanOrEqual(0);
            done.principal += r.principal;
            done.received += r.received;
            expect(done.principal).toBeLessThanOrEqual(payment.principal);
          }
          expect(done).toEqual(payment);
          expect(() => settleRefund(payment, done, 1)).toThrow();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on the real store the bill reopens by what was refunded and paid = what stands, to the centavo', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5_000_000 }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (total, paidShare, interest, shares, reverseAtEnd) => {
          const { finance } = await h.run(createBill, {
            type: 'receivable',
            value: reais(total),
            description: 'Procedimento',
            dueDate: '2026-12-01',
          });
          const principal = Math.max(1, Math.floor(total * paidShare));
          const { payment } = await h.run(markPaid, {
            id: finance.id,
            value: reais(principal),
            interest: reais(interest),
            method: 'pix',
          });
          let refundedReceived = 0;
          let refundedPrincipal = 0;
          for (const share of shares) {
            const left = principal + interest - refundedReceived;
            if (left <= 0) break;
            const value = Math.max(1, Math.floor(left * share));
            const { refund, finance: after } = await h.run(refundPayment, {
              id: payment.id,
              value: reais(value),
              reason: 'estorno parcial',
            });
            refundedReceived += cents(refund.received);
            refundedPrincipal += cents(refund.value);
            expect(cents(refund.received)).toBe(value);
            expect(cents(after.paid)).toBe(principal - refundedPrincipal);
            expect(cents(after.open)).toBe(total - principal + refundedPrincipal);
          }
          const over = await h.failure(refundPayment, {
            id: payment.id,
            value: reais(principal + interest - refundedReceived + 1),
            reason: 'demais',
          });
          expect(over.details[0]!.path).toBe('value');
          if (reverseAtEnd && refundedReceived < principal + interest) {
            const { reversal } = await h.run(unmarkReceived, { id: finance.id, reason: 'resto' });
            expect(cents(reversal.received)).toBe(principal + interest - refundedReceived);
            expect((await h.run(getBill, { id: finance.id })).paid).toBe(0);
          }
          const all = await h.ctx.store.collection(payments).find({ selector: { bill: finance.id } });
          const net = all.reduce((s, p) => s + (p.kind === 'payment' ? p.principalCentavos : -p.principalCentavos), 0);
          expect(cents((await h.run(getBill, { id: finance.id })).paid)).toBe(net);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
