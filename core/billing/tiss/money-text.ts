/** TISS decimal values (st_decimalN-2): a dot, two decimals, no thousands separator (`1234.50`). */

/** `12345` centavos → `123.45`. */
export function tissDecimal(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A line's total in centavos: exact, as quantity and unit value are integers. */
export function lineCentavos(item: { quantity: number; unitCentavos: number }): number {
  return item.quantity * item.unitCentavos;
}
