/**
 * Dates of a gestation from the last menstrual period (DUM), as Brazilian prenatal care computes them
 * (Ministério da Saúde, Caderno de Atenção Básica 32, 2012): the due date by Naegele's rule and the
 * gestational age in completed weeks and days (MED-056). Days are calendar days `YYYY-MM-DD`.
 */
import { addDays } from '#core/schedule/time.js';

const DAY_MS = 24 * 3600_000;

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Data provável do parto by Naegele's rule: seven days after the DUM, then nine months later (the
 * same as "minus three months, plus one year"); a day the target month lacks becomes its last day
 * (DUM 24/05 → 31/05 → 28 or 29/02).
 */
export function naegeleDueDate(lastMenstrualPeriod: string): string {
  const [y, m, d] = addDays(lastMenstrualPeriod, 7).split('-').map(Number) as [number, number, number];
  const month0 = m - 1 + 9;
  const year = y + Math.floor(month0 / 12);
  const month = month0 % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Gestational age on `asOf`: completed weeks and the days beyond them, from the DUM. */
export function gestationalAge(lastMenstrualPeriod: string, asOf: string) {
  const totalDays = daysBetween(lastMenstrualPeriod, asOf);
  return { weeks: Math.floor(totalDays / 7), days: totalDays % 7, totalDays, asOf };
}
