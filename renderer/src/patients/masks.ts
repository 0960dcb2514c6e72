/**
 * Input masks of the patient form: they format as the reception types (digits only, extra digits
 * dropped). They never validate; the core's schemas do (`cpfInput`, `phoneInput`).
 */

/** Formats up to 11 digits of `text` as a CPF: `529.982.247-25`, partial while typing. */
export function maskCpf(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * Formats a Brazilian phone with area code: `(11) 98765-4321` (mobile, 11 digits) or
 * `(11) 3333-4444` (landline, 10 digits), partial while typing.
 */
export function maskPhone(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  if (rest.length <= 4) return area + rest;
  const split = d.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** Formats up to 8 digits of `text` as a Brazilian date, `17/05/1980`, partial while typing (the shared mask). */
export { maskDate } from '#core/br/format.js';

/** Formats up to 8 digits of `text` as a CEP, `01310-100`, partial while typing. */
export function maskCep(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

/** A stored E.164 phone as the desk shows it: `(11) 98765-4321` for Brazil, as stored otherwise. */
export function showPhone(e164: string | undefined): string {
  if (!e164) return '';
  return e164.startsWith('+55') ? maskPhone(e164.slice(3)) : e164;
}
