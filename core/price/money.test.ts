import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoneyText, fromCentavos, hasAtMostTwoDecimals, parseMoneyText, sumReais, toCentavos } from './money.js';

const centavos = fc.integer({ min: 0, max: 100_000_000_000 });

describe('money in integer centavos', () => {
  it('round-trips every amount between reais and centavos', () => {
    fc.assert(
      fc.property(centavos, (c) => {
        expect(toCentavos(fromCentavos(c))).toBe(c);
      }),
    );
  });

  it('sums in centavos, so the sum of reais is the sum of centavos', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 50 }), (list) => {
        const total = list.reduce((a, b) => a + b, 0);
        expect(sumReais(list.map(fromCentavos))).toBe(fromCentavos(total));
      }),
    );
    expect(sumReais([0.1, 0.2])).toBe(0.3);
  });

  it('refuses a third decimal but tolerates binary noise of two', () => {
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(() => toCentavos(1.005)).toThrow(RangeError);
  });

  it('reads amounts as Brazilian files write them, and writes them back', () => {
    expect(parseMoneyText('1.234,56')).toBe(123456);
    expect(parseMoneyText('R$ 150,5')).toBe(15050);
    expect(parseMoneyText('150')).toBe(15000);
    expect(parseMoneyText('1.234')).toBe(123400);
    expect(parseMoneyText('1234.56')).toBe(123456);
    for (const bad of ['', 'abc', '1,234', '12,345', '1.23.4', '-5']) expect(parseMoneyText(bad), bad).toBeUndefined();
    fc.assert(
      fc.property(centavos, (c) => {
        expect(parseMoneyText(formatMoneyText(c))).toBe(c);
      }),
    );
  });
});
