import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, formatCpf, isValidCpf, normaliseCpf } from './cpf.js';

describe('CPF check digits', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '  123.456.789-09 ', '000.000.001-91'])(
    'accepts the valid %s',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );

  it('answers the bare digits whether typed formatted or not', () => {
    expect(normaliseCpf('529.982.247-25')).toBe('52998224725');
    expect(normaliseCpf('52998224725')).toBe('52998224725');
    expect(normaliseCpf('529 982 247 25')).toBe('52998224725');
  });

  it.each([
    ['a wrong first check digit', '529.982.247-35'],
    ['a wrong second check digit', '529.982.247-26'],
    ['too few digits', '5299822472'],
    ['too many digits', '529982247250'],
    ['letters', '529.982.247-2A'],
    ['an empty string', ''],
  ])('refuses %s', (_label, cpf) => expect(normaliseCpf(cpf)).toBeUndefined());

  it.each(['000.000.000-00', '111.111.111-11', '99999999999'])(
    'refuses the repeated-digit number %s, which passes the check digits but was never issued',
    (cpf) => expect(isValidCpf(cpf)).toBe(false),
  );

  it('formats 11 digits and leaves anything else alone', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('123')).toBe('123');
  });

  it('completes any 9-digit base into a valid CPF, and a changed check digit breaks it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/).filter((base) => !/^(\d)\1{8}$/.test(base)),
        // Only the check digits: mod 11 with 10 → 0 lets some changed base digits through, by design.
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, shift) => {
          const cpf = cpfWithCheckDigits(base);
          expect(isValidCpf(cpf)).toBe(true);
          expect(isValidCpf(formatCpf(cpf))).toBe(true);
          const changed = `${cpf.slice(0, position)}${(Number(cpf[position]) + shift) % 10}${cpf.slice(position + 1)}`;
          expect(isValidCpf(changed)).toBe(false);
        },
      ),
    );
  });
});
