/**
 * How a person reads values, in Brazilian formats whatever the browser's or the server's locale
 * (issue 20 point 3): money `R$ 650,50`, dates `25/11/2026`, times `14:30` (24 h), phones
 * `(11) 98346-9134`, CPF `529.982.247-25`, CNPJ `12.345.678/0001-90`. The one place the desk, the
 * server's messages and the budget PDF take them from; values are stored in their machine forms
 * (reais as numbers, ISO dates, E.164 phones, bare CPF/CNPJ).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export { formatCnpj } from './cnpj.js';
export { formatCpf } from './cpf.js';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * An amount in reais as `R$ 1.234,56`, with a plain space after `R$` (Intl puts a no-break space,
 * which PDF viewers, mail clients and searches treat differently).
 */
export function formatMoney(reais: number): string {
  return money.format(reais).replace(/\u00a0/g, ' ');
}

/** Centavos (integer) as `R$ 1.234,56`. */
export function formatCentavos(centavos: number): string {
  return formatMoney(Math.round(centavos) / 100);
}

/**
 * An E.164 phone (`+5511983469134`) as it is written in Brazil: `(11) 98346-9134`, `(11) 3333-4444`;
 * a foreign number in its international form (`+351 912 345 678`). Anything that is not a phone
 * number is returned as it is.
 */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, { defaultCountry: 'BR' });
  if (!parsed) return e164;
  return parsed.country === 'BR' || parsed.countryCallingCode === '55'
    ? parsed.formatNational()
    : parsed.formatInternational();
}

/** True when `year-month-day` exists in the calendar (no 30 February, no 31 April). */
function realDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True when `value` is an ISO calendar date (`2026-11-25`) of a day that exists. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** `2026-11-25` (or an ISO timestamp, by its own calendar date) → `25/11/2026`; other text as it is. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/**
 * `25/11/2026` → `2026-11-25`; undefined for an incomplete date or a day that does not exist
 * (`31/04/2026`). Day and month may have one digit (`5/3/2026`).
 */
export function parseDate(text: string): string | undefined {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!realDay(year, month, day)) return undefined;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Formats up to 8 typed digits as `dd/mm/aaaa`, partial while typing (`2511` → `25/11`). */
export function maskDate(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** True when `value` is a 24-hour clock time `HH:mm` (00:00–23:59). */
export function isTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/**
 * Formats a typed time as `HH:mm`, partial while typing: digits only (`0930` → `09:30`), or hours
 * and minutes around a typed colon (`9:3` stays `9:3`, {@link parseTime} completes it).
 */
export function maskTime(text: string): string {
  const colon = text.indexOf(':');
  if (colon >= 0) {
    const hours = text.slice(0, colon).replace(/\D/g, '').slice(0, 2);
    const minutes = text
      .slice(colon + 1)
      .replace(/\D/g, '')
      .slice(0, 2);
    return `${hours}:${minutes}`;
  }
  const d = text.replace(/\D/g, '').slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}:${d.slice(2)}`;
}

/** `9:30`, `09:30` or `0930` → `09:30`; undefined when it is not a time of the day. */
export function parseTime(text: string): string | undefined {
  const m = /^(\d{1,2}):?(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const time = `${m[1]!.padStart(2, '0')}:${m[2]}`;
  return isTime(time) ? time : undefined;
}
