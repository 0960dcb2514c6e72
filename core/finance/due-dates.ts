/**
 * Due dates of parcels: the first on a given day, each next one a period later. Months keep the day
 * of the first due date, clamped to the month's last day (31/01 → 28/02 → 31/03), as banks and card
 * issuers do.
 */

/** How often parcels fall due (the budget's `paymentInformation.period`, spec §2.4). */
export const PARCEL_PERIODS = ['weekly', 'biweekly', 'monthly', 'bimonthly', 'quarterly'] as const;
export type ParcelPeriod = (typeof PARCEL_PERIODS)[number];

const MONTHS: Partial<Record<ParcelPeriod, number>> = { monthly: 1, bimonthly: 2, quarterly: 3 };
/** Quinzenal is 15 days, as clinics agree it with patients. */
const DAYS: Partial<Record<ParcelPeriod, number>> = { weekly: 7, biweekly: 15 };

/** `YYYY-MM-DD` of the `n`-th due date (0 is `first`) every `period`. */
export function dueDateAfter(first: string, n: number, period: ParcelPeriod = 'monthly'): string {
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  const days = DAYS[period];
  if (days !== undefined) return new Date(Date.UTC(y, m - 1, d + n * days)).toISOString().slice(0, 10);
  const months = m - 1 + n * (MONTHS[period] ?? 1);
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}
