/**
 * How the prontuário writes a gestation's dates (UI-097): the gestational age as Brazilian prenatal
 * cards do ("IG 24 semanas e 3 dias"), days `dd/mm/aaaa`.
 */
import { formatDate } from '#core/br/format.js';

/** `2027-02-08` → `08/02/2027`. */
export const brDay = formatDate;

/**
 * `{ weeks: 24, days: 3 }` → `IG 24 semanas e 3 dias`; whole weeks drop the days (`IG 20 semanas`),
 * one week or one day is singular, under a week only days (`IG 5 dias`).
 */
export function gestationalAgeText(age: { weeks: number; days: number }): string {
  const weeks = age.weeks === 1 ? '1 semana' : `${age.weeks} semanas`;
  const days = age.days === 1 ? '1 dia' : `${age.days} dias`;
  if (age.weeks === 0) return `IG ${days}`;
  return age.days === 0 ? `IG ${weeks}` : `IG ${weeks} e ${days}`;
}
