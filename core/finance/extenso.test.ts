import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberWords, reaisWords } from './extenso.js';

describe('money by extenso', () => {
  it.each([
    [3550, 'trinta e cinco reais e cinquenta centavos'],
    [100, 'um real'],
    [1, 'um centavo'],
    [10000, 'cem reais'],
    [10100, 'cento e um reais'],
    [123456, 'mil duzentos e trinta e quatro reais e cinquenta e seis centavos'],
    [100_000_000, 'um milhão de reais'],
    [250_000_00, 'duzentos e cinquenta mil reais'],
    [0, 'zero real'],
  ])('writes %i centavos as "%s"', (centavos, words) => {
    expect(reaisWords(centavos)).toBe(words);
  });

  it.each([
    [1001, 'mil e um'],
    [1100, 'mil e cem'],
    [1501, 'mil quinhentos e um'],
    [2_000_020, 'dois milhões e vinte'],
    [21_000, 'vinte e um mil'],
  ])('writes %i as "%s"', (n, words) => {
    expect(numberWords(n)).toBe(words);
  });

  it('writes every amount in words only, never a digit, and never an empty part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (centavos) => {
        const words = reaisWords(centavos);
        expect(words).not.toMatch(/\d| {2}|^ | $| e e /);
        expect(words).toMatch(/(real|reais|centavos?)$/);
      }),
    );
  });
});
