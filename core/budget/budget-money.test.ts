import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCentavos } from '#core/price/money.js';
import { budgetMoney, lineTotalCentavos, settlePlan } from './budget-money.js';

const cents = (reais: number) => toCentavos(reais);
const reais = (c: number) => c / 100;

const lineArb = fc.record({
  quantity: fc.oneof(
    fc.integer({ min: 1, max: 20 }),
    fc.integer({ min: 1, max: 20_000 }).map((t) => t / 1000),
  ),
  unit: fc.integer({ min: 0, max: 5_000_000 }),
});

describe('budget money', () => {
  it('line totals and the budget value always add up to the centavo', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const settled = budgetMoney({
          items: lines.map((l) => ({ quantity: l.quantity, valueUnity: reais(l.unit) })),
          plan: {},
        });
        const totals = settled.lines.map((l) => cents(l.totalValue));
        totals.forEach((t, i) => {
          const exact = lines[i]!.quantity * lines[i]!.unit;
          expect(Math.abs(t - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        });
        expect(cents(settled.value)).toBe(totals.reduce((a, b) => a + b, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('entry and instalments always add up to the value, the last one absorbing the rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 120 }),
        (value, entryShare, quantity) => {
          const entry = Math.floor((value * entryShare) / 100);
          const { plan, problems } = settlePlan(value, { entry: reais(entry), quantity });
          expect(problems).toEqual([]);
          expect(plan!.entry + (plan!.quantity - 1) * plan!.parcelValue + plan!.lastParcelValue).toBe(value);
          expect(Math.abs(plan!.parcelValue * plan!.quantity - (value - entry))).toBeLessThan(quantity);
          expect(Math.abs(plan!.lastParcelValue - plan!.parcelValue)).toBeLessThan(quantity);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('accepts a parcel value within one centavo of the even split and derives the entry or the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.integer({ min: 1, max: 60 }), (remaining, quantity) => {
        const floor = Math.floor(remaining / quantity);
        for (const parcel of [floor, Math.ceil(remaining / quantity)]) {
          if (parcel === 0) continue;
          const { plan, problems } = settlePlan(remaining, { entry: 0, quantity, parcelValue: reais(parcel) });
          expect(problems).toEqual([]);
          expect(plan!.entry + (plan!.quantity - 1) * plan!.parcelValue + plan!.lastParcelValue).toBe(remaining);
        }
        const derived = settlePlan(remaining + 1000, { quantity, parcelValue: reais(floor) });
        expect(derived.plan?.entry).toBe(remaining + 1000 - quantity * floor);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a plan that does not close, naming the field', () => {
    expect(settlePlan(100_00, { entry: 10, quantity: 3, parcelValue: 20 }).problems).toEqual([
      expect.objectContaining({ path: 'paymentInformation.parcelValue' }),
    ]);
    expect(settlePlan(100_00, { entry: 200 }).problems[0]?.path).toBe('paymentInformation.entry');
    expect(settlePlan(100_00, { quantity: 0 }).problems[0]?.path).toBe('paymentInformation.quantity');
  });

  it('computes R$ 100,00 in 3 instalments as 33,33 + 33,33 + 33,34', () => {
    const { plan } = settlePlan(100_00, { quantity: 3 });
    expect(plan).toEqual({ entry: 0, quantity: 3, parcelValue: 33_33, lastParcelValue: 33_34 });
  });

  it('refuses a line total that is not quantity × unit, and a co-payment above the line', () => {
    expect(() =>
      budgetMoney({ items: [{ quantity: 2, valueUnity: 0.1, totalValue: 0.3, copart: 1 }], plan: {} }),
    ).toThrow(
      expect.objectContaining({
        details: [
          expect.objectContaining({ path: 'items.0.totalValue' }),
          expect.objectContaining({ path: 'items.0.copart' }),
        ],
      }) as Error,
    );
    expect(lineTotalCentavos(0.333, 100)).toBe(33);
    expect(lineTotalCentavos(1.5, 1)).toBe(2);
  });

  it('writes the amounts of its messages as R$ 650,50 (issue 20), never 650.50', () => {
    const messages = (input: Parameters<typeof budgetMoney>[0]): string[] => {
      try {
        budgetMoney(input);
        return [];
      } catch (error) {
        return (error as { details: { message: string }[] }).details.map((d) => d.message);
      }
    };
    expect(messages({ items: [{ quantity: 1, valueUnity: 650.5 }], value: 1300, plan: {} })).toEqual([
      'a soma das linhas é R$ 650,50',
    ]);
    expect(messages({ items: [{ quantity: 2, valueUnity: 650.25, totalValue: 1 }], plan: {} })).toEqual([
      'quantidade × valor unitário dá R$ 1.300,50',
    ]);
    expect(
      messages({ items: [{ quantity: 1, valueUnity: 1301 }], plan: { entry: 0, quantity: 2, parcelValue: 1 } }),
    ).toEqual(['entrada + parcelas não fecham o valor; com 2 parcela(s) a parcela seria R$ 650,50']);
  });
});
