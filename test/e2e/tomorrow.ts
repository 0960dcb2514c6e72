/** The desks' time zone in the e2e tests. */
export const ZONE = 'America/Sao_Paulo';

/** Tomorrow in São Paulo (`YYYY-MM-DD`): every slot of it is still in the future whenever the test runs. */
export function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
