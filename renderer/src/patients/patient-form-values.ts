/**
 * The patient form's values and the core's input, both ways: what the reception types (masks,
 * `dd/mm/aaaa` dates, blanks) becomes the `patient.create`/`patient.update` input, and a stored patient
 * fills the form. The core's schemas validate; this only converts (and catches a date it cannot read).
 */
import { formatDate, parseDate } from '#core/br/format.js';
import { formatCpf } from '#core/br/cpf.js';
import type { z } from 'zod';
import type { Sex } from '#core/patient/patient-record.js';
import type { patientOutput } from '#core/patient/patient-schemas.js';
import { maskCep, showPhone } from './masks.js';

/** One insurance card as the form holds it. */
export interface CardValues {
  insurance: string;
  insurancePlan: string;
  identificationOnInsurance: string;
  /** `dd/mm/aaaa` or blank. */
  validUntil: string;
}

/** A patient as the core's operations answer it (`patient.get`, `patient.update`). */
export type PatientView = z.output<typeof patientOutput>;

/** Every field of the form, as strings (blank = not given). Names follow the core's input paths. */
export interface PatientFormValues {
  name: string;
  socialName: string;
  cpf: string;
  cns: string;
  rg: string;
  /** `dd/mm/aaaa` or blank. */
  birthDate: string;
  sex: '' | Sex;
  motherName: string;
  cellPhone: string;
  phone: string;
  email: string;
  address: {
    zipCode: string;
    street: string;
    number: string;
    complement: string;
    district: string;
    city: string;
    state: string;
  };
  insurances: CardValues[];
  notes: string;
}

/** An empty form (a new patient). */
export function blankPatientForm(): PatientFormValues {
  return {
    name: '',
    socialName: '',
    cpf: '',
    cns: '',
    rg: '',
    birthDate: '',
    sex: '',
    motherName: '',
    cellPhone: '',
    phone: '',
    email: '',
    address: { zipCode: '', street: '', number: '', complement: '', district: '', city: '', state: '' },
    insurances: [],
    notes: '',
  };
}

/** `YYYY-MM-DD` → `dd/mm/aaaa`; blank for none. */
export function isoToBr(date: string | undefined): string {
  return date ? formatDate(date) : '';
}

/**
 * `dd/mm/aaaa` → `YYYY-MM-DD`; undefined for a blank; null for text that is not a calendar date
 * (`31/02/2000`, `12/05`), which the form reports under the field.
 */
export function brToIso(text: string): string | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  // Two-digit day and month, as the mask types them; the calendar check is the shared one.
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return null;
  return parseDate(trimmed) ?? null;
}

/** A stored patient in the form. */
export function patientToForm(patient: PatientView): PatientFormValues {
  const blank = blankPatientForm();
  const address = patient.address ?? {};
  return {
    name: patient.name,
    socialName: patient.socialName ?? '',
    cpf: patient.cpf ? formatCpf(patient.cpf) : '',
    cns: patient.cns ?? '',
    rg: patient.rg ?? '',
    birthDate: isoToBr(patient.birthDate),
    sex: patient.sex ?? '',
    motherName: patient.motherName ?? '',
    cellPhone: showPhone(patient.cellPhone),
    phone: showPhone(patient.phone),
    email: patient.email ?? '',
    address: {
      ...blank.address,
      ...Object.fromEntries(Object.entries(address).map(([k, v]) => [k, String(v ?? '')])),
      zipCode: address.zipCode ? maskCep(address.zipCode) : '',
    },
    insurances: patient.insurances.map((card) => ({
      insurance: card.insurance,
      insurancePlan: card.insurancePlan ?? '',
      identificationOnInsurance: card.identificationOnInsurance ?? '',
      validUntil: isoToBr(card.validUntil),
    })),
    notes: patient.notes ?? '',
  };
}

/** The input `patient.create` / `patient.update` take (without `id`). */
export interface PatientInput {
  name: string;
  socialName?: string;
  cpf?: string;
  cns?: string;
  rg?: string;
  birthDate?: string;
  sex?: Sex;
  motherName?: string;
  cellPhone?: string;
  phone?: string;
  email?: string;
  address?: Partial<Record<keyof PatientFormValues['address'], string>>;
  insurances: {
    insurance: string;
    insurancePlan?: string;
    identificationOnInsurance?: string;
    validUntil?: string;
  }[];
  notes?: string;
}

/** What {@link formToInput} answers: the input, or the fields it could not read (path → message). */
export type FormConversion = { input: PatientInput } | { errors: Record<string, string> };

/** The message under a date the form cannot read. */
export const BAD_DATE = 'Data inválida: use dd/mm/aaaa';

/** The message under a card whose insurance was not chosen. */
export const NO_INSURANCE = 'Escolha o convênio (ou remova o cartão)';

/**
 * The core's input from the form: blanks left out (so an edit clears them), dates in ISO. Dates that are not `dd/mm/aaaa` calendar dates come back as errors
 * named by their core path (`birthDate`, `insurances.0.validUntil`), as does a card without its insurance.
 */
export function formToInput(values: PatientFormValues): FormConversion {
  const errors: Record<string, string> = {};
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const date = (value: string, path: string) => {
    const iso = brToIso(value);
    if (iso === null) errors[path] = BAD_DATE;
    return iso ?? undefined;
  };
  const address: NonNullable<PatientInput['address']> = {};
  for (const [key, value] of Object.entries(values.address) as [keyof PatientFormValues['address'], string][]) {
    const given = text(value);
    if (given !== undefined) address[key] = given;
  }
  const input: PatientInput = {
    name: values.name,
    insurances: values.insurances.map((card, i) => {
      if (!card.insurance) errors[`insurances.${i}.insurance`] = NO_INSURANCE;
      return dropUndefined({
        insurance: card.insurance,
        insurancePlan: text(card.insurancePlan),
        identificationOnInsurance: text(card.identificationOnInsurance),
        validUntil: date(card.validUntil, `insurances.${i}.validUntil`),
      });
    }),
  };
  const optional = dropUndefined({
    socialName: text(values.socialName),
    cpf: text(values.cpf),
    cns: text(values.cns),
    rg: text(values.rg),
    birthDate: date(values.birthDate, 'birthDate'),
    sex: values.sex === '' ? undefined : values.sex,
    motherName: text(values.motherName),
    cellPhone: text(values.cellPhone),
    phone: text(values.phone),
    email: text(values.email),
    address: Object.keys(address).length > 0 ? address : undefined,
    notes: text(values.notes),
  });
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { ...input, ...optional } };
}

function dropUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}
