/**
 * Legal priority of a patient arriving (issue 19): what the patient record proves and what the patient
 * declares. Lei 10.048/2000 art. 1 (as amended by Lei 10.741/2003, 13.146/2015 and 14.626/2023) lists
 * people with disabilities, with autism spectrum disorder (also Lei 12.764/2012), aged 60 or more,
 * pregnant, lactating, with a lap child, obese, with reduced mobility and blood donors; Lei 13.466/2017
 * puts people aged 80 or more ahead of the other elderly. Of these, only age is in the patient record
 * (the birth date): it is read from there whenever the record has it, and the rest is declared.
 */
import type { PriorityReason } from './ticket-record.js';

/** Reasons that are a matter of age, which the record decides when it has a birth date. */
const AGE_REASONS: readonly PriorityReason[] = ['elderly', 'elderly80'];

/**
 * Whole years from `birthDate` to `day`, both `yyyy-mm-dd` (the clinic's calendar day, so a patient
 * turns 80 at the clinic's midnight). A 29 February birthday counts from 1 March in common years.
 * @returns undefined when either date is not `yyyy-mm-dd`.
 */
export function ageOn(birthDate: string, day: string): number | undefined {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const today = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!born || !today) return undefined;
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = today.slice(1).map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/**
 * The age-based reason the record gives on `day`: `elderly80` from 80 years, `elderly` from 60
 * (Lei 10.741/2003, Estatuto da Pessoa Idosa), none younger or without a birth date.
 */
export function recordedPriority(patient: { birthDate?: string | undefined } | undefined, day: string) {
  if (!patient?.birthDate) return undefined;
  const age = ageOn(patient.birthDate, day);
  if (age === undefined) return undefined;
  return age >= 80 ? ('elderly80' as const) : age >= 60 ? ('elderly' as const) : undefined;
}

/**
 * The reason a ticket carries: 80+ from the record first (it outranks every declaration); an age
 * declared for a patient whose record has a birth date yields to the record (a 45-year-old cannot
 * declare 60+, an 82-year-old who touched "60+" is still 80+); any other declared reason stands; else
 * what the record gives.
 *
 * @param patient the identified patient (by CPF and a second factor, or the appointment's), if any.
 * @param day the clinic's calendar day of the arrival.
 * @param declared what the patient touched at the totem or the reception chose, if anything.
 */
export function arrivalPriority(
  patient: { birthDate?: string | undefined } | undefined,
  day: string,
  declared: PriorityReason | undefined,
): PriorityReason | undefined {
  const recorded = recordedPriority(patient, day);
  if (recorded === 'elderly80') return recorded;
  if (declared !== undefined && AGE_REASONS.includes(declared) && patient?.birthDate) return recorded;
  return declared ?? recorded;
}
