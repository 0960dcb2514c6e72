/**
 * The clinic record (spec §2.5 "Clinic", §4.4 Clinic group): a unit of the account where patients
 * are seen. Attendance places and custom subspecialties live inside the clinic document: a clinic
 * has tens of them at most, they are always read with the clinic, and keeping them here spares two
 * of the 13 collections open-source RxDB allows (docs/decisions/).
 */
import { z } from 'zod';
import {
  addressInput,
  addressOutput,
  cnpjInput,
  emailInput,
  nameInput,
  phoneInput,
  timeZoneInput,
  type Address,
} from '#core/br/schemas.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { recordOutputFields } from '#core/common/records.js';

/** Where clinics are unless told otherwise: most Brazilian clinics keep Brasília time. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Kinds of attendance place: a consulting or exam room, a reception desk (guichê), a totem queue. */
export const PLACE_KINDS = ['room', 'desk', 'totem'] as const;
/** One of {@link PLACE_KINDS}. */
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A place where patients are called (spec Totem group: tickets and places). */
export interface AttendancePlace {
  id: string;
  name: string;
  kind: PlaceKind;
  /** Letters printed before ticket numbers for this place (`C` → C015), 1–3 upper-case letters. */
  ticketPrefix?: string;
  active: boolean;
}

/** A clinic's own subspecialty (e.g. "Ortodontia" under Odontologia), optionally under a specialty. */
export interface Subspecialty {
  id: string;
  name: string;
  /** The specialty it refines (`specialties` id). */
  specialty?: string;
  active: boolean;
}

/** One opening period: weekday 0 (domingo) to 6 (sábado), `HH:mm` local times, opens < closes. */
export interface OpeningHours {
  weekday: number;
  opens: string;
  closes: string;
}

/** A clinic as stored. */
export interface Clinic extends RecordBase {
  name: string;
  /** `searchKey(name)`: accent- and case-insensitive prefix search. */
  nameKey: string;
  /** Razão social. */
  legalName?: string;
  cnpj?: string;
  /** CNES: the establishment's national health register number (7 digits), required on TISS guides. */
  cnes?: string;
  email?: string;
  phone?: string;
  address?: Address;
  /** IANA zone where "today" and appointment times are read (docs/architecture.md "Records"). */
  timeZone: string;
  openingHours: OpeningHours[];
  places: AttendancePlace[];
  subspecialties: Subspecialty[];
  /** Logical delete: a removed clinic keeps its history. */
  active: boolean;
}

/** The `clinics` collection: searched by name, CNPJ checked for uniqueness. */
export const clinics = defineCollection<Clinic>({
  name: 'clinics',
  fields: { nameKey: 'string', cnpj: 'string', active: 'boolean' },
  indexes: [['active', 'nameKey'], ['cnpj']],
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'hora inválida, use HH:mm');

/** One opening period as input: weekday 0–6, `HH:mm` opens before closes. */
export const openingHoursInput = z
  .strictObject({ weekday: z.number().int().min(0).max(6), opens: time, closes: time })
  .refine((h) => h.opens < h.closes, { message: 'abre antes de fechar', path: ['closes'] });

/** A place kind as input. */
export const placeKindInput = z.enum(PLACE_KINDS, { message: `use ${PLACE_KINDS.join(', ')}` });

/** A new attendance place: name, kind (room by default), optional ticket prefix. */
export const placeInput = z.strictObject({
  name: nameInput(100),
  kind: placeKindInput.default('room'),
  ticketPrefix: z
    .string()
    .regex(/^[A-Z]{1,3}$/, '1 a 3 letras maiúsculas')
    .optional(),
});

/**
 * The clinic's own fields as create and full edit take them, without defaults (a patch must not
 * invent values). Places and subspecialties have their own operations.
 */
export const clinicFieldsInput = {
  name: nameInput(200),
  legalName: nameInput(200).optional(),
  cnpj: cnpjInput.optional(),
  cnes: z
    .string()
    .regex(/^\d{7}$/, 'CNES tem 7 dígitos')
    .optional(),
  email: emailInput.optional(),
  phone: phoneInput.optional(),
  address: addressInput.optional(),
  timeZone: timeZoneInput,
  openingHours: z.array(openingHoursInput).max(50),
};

/** An attendance place as answered. */
export const placeOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PLACE_KINDS),
    ticketPrefix: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'Place' });

/** A subspecialty as answered. */
export const subspecialtyOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    specialty: z.string().optional(),
    active: z.boolean(),
  })
  .meta({ id: 'Subspecialty' });

/** A clinic as answered (without `tenantId` and `nameKey`). */
export const clinicOutput = z
  .object({
    ...recordOutputFields,
    name: z.string(),
    legalName: z.string().optional(),
    cnpj: z.string().optional(),
    cnes: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    address: addressOutput.optional(),
    timeZone: z.string(),
    openingHours: z.array(z.object({ weekday: z.number(), opens: z.string(), closes: z.string() })),
    places: z.array(placeOutput),
    subspecialties: z.array(subspecialtyOutput),
    active: z.boolean(),
  })
  .meta({ id: 'Clinic' });
