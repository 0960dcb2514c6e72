/**
 * Money (docs/architecture.md "Records"): amounts travel and are stored as JSON numbers in reais with at most
 * 2 decimals, as the spec's budget values; every sum or product is done in integer centavos, so
 * 0.1 + 0.2 never becomes 0.30000000000000004.
 */
import { z } from 'zod';

/** Largest amount accepted: R$ 1 billion, far above any clinic price, well inside exact integers. */
export const MAX_REAIS = 1_000_000_000;

/**
 * True when `reais` is the double of a decimal amount with at most 2 decimals: rounding it to
 * centavos and back gives the same double. Exact below 10^13, where `reais × 100` errs by far less
 * than half a centavo, so binary noise passes (0.29 × 100 = 28.999999999999996) and a third decimal
 * (1.005) does not, at any magnitude (a fixed tolerance would fail large amounts).
 */
export function hasAtMostTwoDecimals(reais: number): boolean {
  return Number.isFinite(reais) && Math.abs(reais) < 1e13 && Math.round(reais * 100) / 100 === reais;
}

/**
 * Reais to integer centavos.
 * @throws RangeError for more than 2 decimals or a non-finite number: callers validate first.
 */
export function toCentavos(reais: number): number {
  if (!hasAtMostTwoDecimals(reais)) throw new RangeError(`valor em reais com mais de 2 casas: ${reais}`);
  return Math.round(reais * 100);
}

/** Integer centavos to reais (the nearest double to the decimal amount). */
export function fromCentavos(centavos: number): number {
  return Math.round(centavos) / 100;
}

/** Sum of amounts in reais, computed in centavos. */
export function sumReais(amounts: readonly number[]): number {
  return fromCentavos(amounts.reduce((sum, reais) => sum + toCentavos(reais), 0));
}

/** A money amount in reais: 0 to {@link MAX_REAIS}, at most 2 decimals. */
export const reaisInput = z
  .number({ message: 'valor em reais (número)' })
  .min(0, 'não pode ser negativo')
  .max(MAX_REAIS, 'valor alto demais')
  .refine(hasAtMostTwoDecimals, 'no máximo 2 casas decimais')
  .describe('valor em reais (BRL), até 2 casas decimais');

/**
 * Parses an amount as people write it in Brazilian files: `150`, `150,5`, `1.234,56`, `R$ 1.234,56`,
 * and also `1234.56` (a dot followed by 1–2 digits at the end, as systems export it). Returns
 * centavos, or undefined when the text is not an amount with at most 2 decimals.
 */
export function parseMoneyText(text: string): number | undefined {
  const value = text.replace(/^\s*R\$\s*/i, '').trim();
  let normalised: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value) || /^\d+(,\d{1,2})?$/.test(value)) {
    normalised = value.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+\.\d{1,2}$/.test(value)) {
    normalised = value;
  } else {
    return undefined;
  }
  const reais = Number(normalised);
  if (!Number.isFinite(reais) || reais > MAX_REAIS) return undefined;
  const [whole = '0', fraction = ''] = normalised.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Centavos as a pt-BR decimal without thousands separators, for CSV files: `123456` → `1234,56`. */
export function formatMoneyText(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(Math.round(centavos));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
