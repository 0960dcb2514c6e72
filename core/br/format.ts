/**
 * Values as a person reads them in a message (issue 20 point 9): money `R$ 1.234,56`, dates
 * `dd/mm/aaaa`, whatever the locale of the machine that builds the message. Plain string work, not
 * `Intl`, so the text is the same on Node and in every browser (no narrow no-break spaces).
 */

/** Centavos as Brazilian money: `65050` → `R$ 650,50`, `123456789` → `R$ 1.234.567,89`. */
export function formatBrl(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(Math.round(centavos));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$ ${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** A calendar day `YYYY-MM-DD` as `dd/mm/aaaa`; any other text is returned as is. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}
