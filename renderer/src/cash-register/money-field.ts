/**
 * Money as the reception types it (`35,50`, `1.234,56`, `R$ 35,5`): parsed to centavos with the
 * core's rule (core/price/money.ts), shown back as `35,50`.
 */
import { formatMoneyText, parseMoneyText } from '#core/price/money.js';

/** Centavos of `text`, or undefined when it is not an amount (at most 2 decimals). */
export function centavosOfText(text: string): number | undefined {
  return parseMoneyText(text);
}

/** Centavos as the field shows them: `3550` → `35,50`. */
export function textOfCentavos(centavos: number): string {
  return formatMoneyText(centavos);
}
