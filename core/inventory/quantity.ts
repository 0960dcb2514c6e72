/**
 * Stock quantities, in the product's consumption unit (`unidade`, `ml`, `comprimido`). A quantity may
 * have up to 3 decimal places (2,5 ml); sums are done in integer thousandths so that any number of
 * movements adds up exactly, whatever the order they arrive in (docs/decisions/inventory.md INV-002).
 */
import { z } from 'zod';

/** Thousandths of a consumption unit: `2.5` → `2500`. */
export function toMilli(quantity: number): number {
  return Math.round(quantity * 1000);
}

/** Back to units: `2500` → `2.5`. */
export function fromMilli(milli: number): number {
  return milli / 1000;
}

/** A positive quantity with at most 3 decimal places, at most 1 000 000 units. */
export const positiveQuantityInput = z
  .number({ message: 'quantidade inválida' })
  .positive('a quantidade deve ser maior que zero')
  .max(1_000_000, 'quantidade grande demais')
  .refine((q) => Math.abs(toMilli(q) - q * 1000) < 1e-6, 'no máximo 3 casas decimais');

/** A quantity that may be zero (minimum stock, a counted quantity). */
export const nonNegativeQuantityInput = z
  .number({ message: 'quantidade inválida' })
  .min(0, 'a quantidade não pode ser negativa')
  .max(1_000_000, 'quantidade grande demais')
  .refine((q) => Math.abs(toMilli(q) - q * 1000) < 1e-6, 'no máximo 3 casas decimais');

/** `1234.5` → `1.234,5` (pt-BR), for messages and exports. */
export function formatQuantity(quantity: number): string {
  return quantity.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
}
