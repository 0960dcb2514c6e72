import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, formatCnpj, isValidCnpj, normaliseCnpj } from './cnpj.js';
import { normaliseCns } from './cns.js';

describe('CNPJ check digits', () => {
  it('accepts a valid numeric CNPJ formatted or bare', () => {
    expect(normaliseCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normaliseCnpj('11222333000181')).toBe('11222333000181');
  });

  it("accepts the Receita Federal's alphanumeric example (from July 2026), in any case", () => {
    expect(normaliseCnpj('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    expect(normaliseCnpj('12abc34501de35')).toBe('12ABC34501DE35');
  });

  it.each([
    ['wrong check digits', '11.222.333/0001-82'],
    ['a letter in the check digits', '12.ABC.345/01DE-3A'],
    ['13 characters', '1122233300018'],
    ['repeated digits', '00.000.000/0000-00'],
    ['punctuation other than . / -', '11*222*333/0001-81'],
  ])('refuses %s', (_label, cnpj) => expect(isValidCnpj(cnpj)).toBe(false));

  it('formats 14 characters', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('completes any 12-character base into a valid CNPJ', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), (base) => {
        const cnpj = cnpjWithCheckDigits(base);
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
      }),
    );
  });
});

describe('CNS (Cartão Nacional de Saúde)', () => {
  /** A CNS starting with `prefix`: the last digit (weight 1) makes the weighted sum a multiple of 11. */
  function cnsFrom(prefix14: string): string | undefined {
    let sum = 0;
    for (let i = 0; i < 14; i++) sum += Number(prefix14[i]) * (15 - i);
    const last = (11 - (sum % 11)) % 11;
    return last <= 9 ? `${prefix14}${last}` : undefined;
  }

  it('accepts numbers whose weighted sum is a multiple of 11, with or without spaces', () => {
    const cns = cnsFrom('70000000000000') ?? cnsFrom('70000000000001')!;
    expect(normaliseCns(cns)).toBe(cns);
    expect(normaliseCns(`${cns.slice(0, 3)} ${cns.slice(3, 7)} ${cns.slice(7, 11)} ${cns.slice(11)}`)).toBe(cns);
  });

  it('refuses a wrong last digit, a wrong first digit and a wrong length', () => {
    const cns = cnsFrom('70000000000000') ?? cnsFrom('70000000000001')!;
    expect(normaliseCns(`${cns.slice(0, 14)}${(Number(cns[14]) + 1) % 10}`)).toBeUndefined();
    expect(normaliseCns(`3${cns.slice(1)}`)).toBeUndefined();
    expect(normaliseCns(cns.slice(1))).toBeUndefined();
  });
});
