/**
 * CPF (Cadastro de Pessoas Físicas), the Brazilian individual taxpayer number: 9 base digits and 2
 * check digits (mod 11). Stored as 11 bare digits; shown as `123.456.789-09`.
 */

/** Punctuation people type inside a CPF or CNPJ: dots, dashes, slashes and spaces. */
const PUNCTUATION = /[.\-/\s]/g;

function checkDigit(digits: string, firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (firstWeight - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * The 11 digits of a CPF when it is valid, otherwise undefined. Accepts it formatted
 * (`123.456.789-09`) or bare (`12345678909`). Refuses wrong check digits and the repeated-digit
 * numbers (`111.111.111-11`) that pass the check digits but were never issued.
 *
 * @example normaliseCpf('529.982.247-25') // '52998224725'
 */
export function normaliseCpf(input: string): string | undefined {
  const digits = input.replace(PUNCTUATION, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return undefined;
  const first = checkDigit(digits.slice(0, 9), 10);
  const second = checkDigit(digits.slice(0, 10), 11);
  return first === Number(digits[9]) && second === Number(digits[10]) ? digits : undefined;
}

/** True when `input` is a valid CPF, formatted or not. */
export function isValidCpf(input: string): boolean {
  return normaliseCpf(input) !== undefined;
}

/** `52998224725` → `529.982.247-25`. Leaves anything that is not 11 digits as it is. */
export function formatCpf(digits: string): string {
  return /^\d{11}$/.test(digits) ? digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') : digits;
}

/**
 * Completes 9 base digits with their 2 check digits (demo data and tests generate CPFs this way).
 * @throws Error when `base` is not 9 digits.
 */
export function cpfWithCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error('a base do CPF tem 9 dígitos');
  const first = checkDigit(base, 10);
  return `${base}${first}${checkDigit(`${base}${first}`, 11)}`;
}
