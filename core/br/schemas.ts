/**
 * Zod schemas for Brazilian identifiers and contact data, shared by every master-data input. Each
 * accepts what people type (formatted or not) and outputs the stored form, with a pt-BR message
 * naming the problem; the HTTP layer reports the field's path.
 */
import { z } from 'zod';
import { normaliseCnpj } from './cnpj.js';
import { normaliseCns } from './cns.js';
import { normaliseCpf } from './cpf.js';
import { normalisePhone } from './phone.js';
import { cleanName } from './text.js';

/** A human name or label: trimmed, spaces collapsed, 1 to `max` characters. */
export function nameInput(max = 200) {
  return z
    .string()
    .transform(cleanName)
    .pipe(z.string().min(1, 'não pode ficar vazio').max(max, `no máximo ${max} caracteres`));
}

/** Free text (notes, descriptions): trimmed, up to `max` characters. */
export function textInput(max = 2000) {
  return z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(max, `no máximo ${max} caracteres`));
}

/** CPF formatted or bare; outputs 11 digits. Check digits and repeated digits are verified. */
export const cpfInput = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const cpf = normaliseCpf(value);
    if (!cpf) ctx.addIssue({ code: 'custom', message: 'CPF inválido (confira os dígitos verificadores)' });
    return cpf ?? z.NEVER;
  })
  .describe('CPF, com ou sem pontuação (529.982.247-25)');

/** CNPJ formatted or bare, numeric or alphanumeric; outputs 14 characters. */
export const cnpjInput = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const cnpj = normaliseCnpj(value);
    if (!cnpj) ctx.addIssue({ code: 'custom', message: 'CNPJ inválido (confira os dígitos verificadores)' });
    return cnpj ?? z.NEVER;
  })
  .describe('CNPJ, com ou sem pontuação (11.222.333/0001-81)');

/** CNS (Cartão Nacional de Saúde); outputs 15 digits. */
export const cnsInput = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const cns = normaliseCns(value);
    if (!cns) ctx.addIssue({ code: 'custom', message: 'Cartão Nacional de Saúde inválido' });
    return cns ?? z.NEVER;
  })
  .describe('Cartão Nacional de Saúde (15 dígitos)');

/** A phone number as typed (Brazil assumed without `+`); outputs E.164. */
export const phoneInput = z
  .string()
  .max(30)
  .transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'telefone inválido (inclua o DDD)' });
    return phone ?? z.NEVER;
  })
  .describe('telefone com DDD, por exemplo (11) 98765-4321; guardado em E.164');

/** An e-mail address, trimmed and lower-cased. */
export const emailInput = z
  .string()
  .max(254)
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.email({ message: 'e-mail inválido' }))
  .describe('e-mail');

/** Days in `month` (1–12) of `year`, leap years counted (Gregorian). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * True when `text` is `YYYY-MM-DD` naming a day that exists: `2026-02-30` and `2026-04-31` are
 * refused, not moved to March or May as `Date` would (issue 20 point 4).
 */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * True when `text` is an ISO-8601 date-time with `Z` or an offset, naming an instant that exists:
 * the day exists ({@link isCalendarDay}), the time is 00:00 to 23:59:59 and the offset at most ±14:00.
 */
export function isCalendarInstant(text: string): boolean {
  const m = INSTANT.exec(text);
  if (!m || !isCalendarDay(m[1]!)) return false;
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  return m[5] === undefined || (Number(m[6]) <= 14 && Number(m[7]) <= 59);
}

/**
 * A calendar date `YYYY-MM-DD` (no time, no zone: birth dates, application dates, validity). The one
 * builder for every date field, so every one refuses a day that does not exist with the same message.
 */
export const dateInput = z
  .string({ error: (issue) => (issue.input === undefined ? 'obrigatório' : 'data inválida, use AAAA-MM-DD') })
  .refine(isCalendarDay, 'data inválida ou inexistente, use AAAA-MM-DD')
  .meta({ format: 'date' });

/**
 * An ISO-8601 date-time with an explicit offset or `Z` (`2026-11-24T09:00:00-03:00`), seconds and
 * fraction optional; an instant that does not exist (`2026-02-30T10:00:00-03:00`) is refused.
 */
export const dateTimeInput = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'obrigatório' : 'data e hora ISO-8601 com fuso (ex.: 2026-11-24T09:00:00-03:00)',
  })
  .refine(
    isCalendarInstant,
    'data e hora inválida ou inexistente, use ISO-8601 com fuso (ex.: 2026-11-24T09:00:00-03:00)',
  )
  .meta({ format: 'date-time' });

/** The 27 federative units. */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

/** A federative unit (UF), upper case. */
export const ufInput = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(UFS, { message: 'UF inválida' }));

/** CEP formatted or bare; outputs 8 digits. */
export const cepInput = z
  .string()
  .transform((s) => s.replace(/[.\-\s]/g, ''))
  .pipe(z.string().regex(/^\d{8}$/, 'CEP inválido (8 dígitos)'));

/** A postal address; every part optional, as the reception often has only the city. */
export const addressInput = z.strictObject({
  zipCode: cepInput.optional(),
  street: nameInput(200).optional(),
  number: z.string().trim().max(20).optional(),
  complement: z.string().trim().max(100).optional(),
  district: nameInput(100).optional(),
  city: nameInput(100).optional(),
  state: ufInput.optional(),
});

/** A stored address (the output of {@link addressInput}). */
export type Address = z.output<typeof addressInput>;

/** A stored address as answered: the same parts, plain strings. */
export const addressOutput = z
  .object({
    zipCode: z.string().optional(),
    street: z.string().optional(),
    number: z.string().optional(),
    complement: z.string().optional(),
    district: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
  })
  .meta({ id: 'Address' });

/** True when `zone` is an IANA time zone this runtime knows (`America/Sao_Paulo`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name. */
export const timeZoneInput = z
  .string()
  .max(64)
  .refine(isTimeZone, 'fuso horário IANA desconhecido (ex.: America/Sao_Paulo)');
