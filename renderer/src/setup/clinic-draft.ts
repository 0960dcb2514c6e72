/**
 * The clinic form's draft: what the administrator types, read from a stored clinic and turned into
 * `clinic.create` / `clinic.update` input. Empty fields are left out (the core treats an absent
 * optional field as "none"); the core validates and normalises the rest (CNPJ digits, CEP, UF).
 */
import { formatCnpj } from '#core/br/cnpj.js';
import type { z } from 'zod';
import { DEFAULT_TIME_ZONE, type clinicOutput } from '#core/clinic/clinic-record.js';
import { flatten, periodFields, weekOf, type WeekDraft } from './week-hours.js';

/** A clinic as `clinic.list` and `clinic.get` answer it. */
export type ListedClinic = z.output<typeof clinicOutput>;

/** The parts of the address the form edits, in screen order. */
export const ADDRESS_PARTS = ['zipCode', 'street', 'number', 'complement', 'district', 'city', 'state'] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number];

/** The clinic being edited, every text as typed. */
export interface ClinicDraft {
  name: string;
  legalName: string;
  cnpj: string;
  phone: string;
  email: string;
  timeZone: string;
  address: Record<AddressPart, string>;
  hours: WeekDraft;
}

/** Brazil's IANA zones, the ones a clinic here picks from (Brasília first, the usual one). */
export const BRAZIL_TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Maceio',
  'America/Araguaina',
  'America/Manaus',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
] as const;

/** The draft of `clinic`, or of a new one (Brasília time, closed every day) when absent. */
export function clinicDraft(clinic?: ListedClinic): ClinicDraft {
  const address = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, clinic?.address?.[part] ?? ''])) as Record<
    AddressPart,
    string
  >;
  return {
    name: clinic?.name ?? '',
    legalName: clinic?.legalName ?? '',
    cnpj: clinic?.cnpj ? formatCnpj(clinic.cnpj) : '',
    phone: clinic?.phone ?? '',
    email: clinic?.email ?? '',
    timeZone: clinic?.timeZone ?? DEFAULT_TIME_ZONE,
    address,
    hours: weekOf((clinic?.openingHours ?? []).map((h) => ({ weekday: h.weekday, start: h.opens, end: h.closes }))),
  };
}

const filled = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());

/**
 * The input `clinic.create` and `clinic.update` take (without `id`), and where each opening period
 * of the list came from (see {@link flatten}).
 */
export function clinicInput(draft: ClinicDraft) {
  const { periods, at } = flatten(draft.hours);
  const addressEntries = ADDRESS_PARTS.map((part) => [part, filled(draft.address[part])] as const).filter(
    ([, value]) => value !== undefined,
  );
  const input = {
    name: draft.name,
    timeZone: draft.timeZone,
    openingHours: periods.map((p) => ({ weekday: p.weekday, opens: p.start, closes: p.end })),
    ...optional('legalName', filled(draft.legalName)),
    ...optional('cnpj', filled(draft.cnpj)),
    ...optional('phone', filled(draft.phone)),
    ...optional('email', filled(draft.email)),
    ...(addressEntries.length > 0 ? { address: Object.fromEntries(addressEntries) as Record<string, string> } : {}),
  };
  return { input, at };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

/** The field paths of the clinic form, for formFailure (`count` opening periods). */
export function clinicFields(count: number): string[] {
  return [
    'name',
    'legalName',
    'cnpj',
    'phone',
    'email',
    'timeZone',
    ...ADDRESS_PARTS.map((part) => `address.${part}`),
    ...periodFields('openingHours', count),
  ];
}
