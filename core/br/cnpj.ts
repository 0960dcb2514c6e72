/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica), the Brazilian company number: 12 base characters and
 * 2 check digits (mod 11). From July 2026 the Receita Federal also issues alphanumeric CNPJs
 * (IN RFB 2.229/2024): the 12 base characters may be letters A–Z, valued by ASCII code minus 48, so
 * digits keep their value and the same weights apply. Stored as 14 characters, letters upper case.
 */

const PUNCTUATION = /[.\-/\s]/g;

function checkDigit(base: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = base.length - 1; i >= 0; i--) {
    sum += (base.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * The 14 characters of a CNPJ when it is valid, otherwise undefined. Accepts it formatted
 * (`11.222.333/0001-81`) or bare, numeric or alphanumeric (`12.ABC.345/01DE-35`); refuses a number
 * made of one repeated digit.
 */
export function normaliseCnpj(input: string): string | undefined {
  const value = input.replace(PUNCTUATION, '').toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) return undefined;
  const first = checkDigit(value.slice(0, 12));
  const second = checkDigit(value.slice(0, 13));
  return first === Number(value[12]) && second === Number(value[13]) ? value : undefined;
}

/** True when `input` is a valid CNPJ, formatted or not. */
export function isValidCnpj(input: string): boolean {
  return normaliseCnpj(input) !== undefined;
}

/** `11222333000181` → `11.222.333/0001-81`. Leaves anything that is not 14 characters as it is. */
export function formatCnpj(value: string): string {
  return /^[0-9A-Z]{12}\d{2}$/.test(value)
    ? value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5')
    : value;
}

/**
 * Completes 12 base characters with their 2 check digits (demo data and tests).
 * @throws Error when `base` is not 12 characters of 0–9/A–Z.
 */
export function cnpjWithCheckDigits(base: string): string {
  const upper = base.toUpperCase();
  if (!/^[0-9A-Z]{12}$/.test(upper)) throw new Error('a base do CNPJ tem 12 caracteres');
  const first = checkDigit(upper);
  return `${upper}${first}${checkDigit(`${upper}${first}`)}`;
}
