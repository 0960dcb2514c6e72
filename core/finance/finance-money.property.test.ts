import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeCounts, lateCharges, settlePayment, splitCentavos } from './finance-money.js';
import { dueDateAfter } from './due-dates.js';
import { shareCentavos } from './transfer-ops.js';

const cents = (max = 100_000_000_00) => fc.integer({ min: 0, max });

describe('finance arithmetic adds up to the centavo for any amounts', () => {
  it('parcels (with or without an entry) sum to the total and differ by at most one centavo', () => {
    fc.assert(
      fc.property(
        cents(),
        fc.integer({ min: 1, max: 120 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (total, count, share) => {
          const entry = Math.floor(total * share);
          const parts = splitCentavos(total, count, entry);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const parcels = entry > 0 ? parts.slice(1) : parts;
          expect(parcels).toHaveLength(count);
          expect(Math.max(...parcels) - Math.min(...parcels)).toBeLessThanOrEqual(1);
          expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        },
      ),
    );
  });

  it('a sequence of partial payments with discount, interest and fine never settles more than the bill, and what changed hands adds up', () => {
    fc.assert(
      fc.property(
        cents(10_000_000),
        fc.array(
          fc.record({
            share: fc.double({ min: 0.01, max: 1, noNaN: true }),
            discount: fc.double({ min: 0, max: 1, noNaN: true }),
            interest: cents(100_000),
            fine: cents(100_000),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (total, steps) => {
          let open = total;
          let settled = 0;
          let handed = 0;
          let extra = 0;
          for (const step of steps) {
            if (open === 0) break;
            const principal = Math.max(1, Math.floor(open * step.share));
            const discount = Math.floor(principal * step.discount);
            const p = settlePayment(open, { principal, discount, interest: step.interest, fine: step.fine });
            expect(p.received).toBe(principal - discount + step.interest + step.fine);
            expect(p.remaining).toBe(open - principal);
            open = p.remaining;
            settled += p.principal;
            handed += p.received;
            extra += p.interest + p.fine - p.discount;
          }
          expect(settled + open).toBe(total);
          expect(handed).toBe(settled + extra);
          expect(open).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('refuses a principal above what is open and a discount above the principal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1000 }), (open, over) => {
        expect(() => settlePayment(open, { principal: open + over })).toThrow(/não fecha/);
        expect(() => settlePayment(open, { principal: open, discount: open + over })).toThrow(/não fecha/);
      }),
    );
  });

  it('late charges are whole centavos, zero on time, and grow with the days late', () => {
    fc.assert(
      fc.property(cents(10_000_000), fc.integer({ min: 1, max: 720 }), (open, days) => {
        const a = lateCharges(open, days, 2, 1);
        const b = lateCharges(open, days + 30, 2, 1);
        expect(Number.isInteger(a.fine) && Number.isInteger(a.interest)).toBe(true);
        expect(a.fine).toBe(b.fine);
        expect(b.interest).toBeGreaterThanOrEqual(a.interest);
        expect(lateCharges(open, 0, 2, 1)).toEqual({ fine: 0, interest: 0 });
      }),
    );
    // 2% de multa e 1% a.m. sobre R$ 1.000,00 pagos 15 dias depois: R$ 20,00 e R$ 5,00.
    expect(lateCharges(100_000, 15, 2, 1)).toEqual({ fine: 2000, interest: 500 });
  });

  it('a closing: expected plus the differences is what was counted, per method and in total', () => {
    const methods = fc.constantFrom('cash', 'pix', 'debitCard', 'creditCard');
    fc.assert(
      fc.property(
        fc.dictionary(methods, fc.integer({ min: -1_000_000, max: 10_000_000 })),
        fc.dictionary(methods, cents(10_000_000)),
        (expected, counted) => {
          const rows = closeCounts(expected, counted);
          for (const r of rows) expect(r.expected + r.difference).toBe(r.counted);
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(sum(rows.map((r) => r.expected)) + sum(rows.map((r) => r.difference))).toBe(
            sum(Object.values(counted)),
          );
          expect(sum(rows.map((r) => r.expected))).toBe(sum(Object.values(expected)));
        },
      ),
    );
  });

  it('monthly due dates keep the day, clamped to the end of short months', () => {
    expect([0, 1, 2, 3].map((n) => dueDateAfter('2026-01-31', n))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(dueDateAfter('2026-11-25', 2, 'weekly')).toBe('2026-12-09');
    expect(dueDateAfter('2026-11-25', 1, 'quarterly')).toBe('2027-02-25');
  });
});

describe('medical transfer shares', () => {
  it('each share is the rounded percentage of its bill, never more than the bill, and 100% is the whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (paid, bp) => {
        const share = shareCentavos(paid, bp);
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeLessThanOrEqual(paid);
        expect(Math.abs(share * 10_000 - paid * bp)).toBeLessThanOrEqual(5_000);
        expect(shareCentavos(paid, 10_000)).toBe(paid);
      }),
    );
  });
});
