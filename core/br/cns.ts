/**
 * CNS (Cartão Nacional de Saúde), the SUS health card number that TISS guides carry for the
 * beneficiary: 15 digits. Definitive cards start with 1 or 2, provisional ones with 7, 8 or 9; in
 * both, the sum of each digit times its weight (15 down to 1) is a multiple of 11 (Ministério da
 * Saúde's validation routine).
 */

/** The 15 digits of a valid CNS, spaces and dots removed, otherwise undefined. */
export function normaliseCns(input: string): string | undefined {
  const digits = input.replace(/[.\s-]/g, '');
  if (!/^[12789]\d{14}$/.test(digits)) return undefined;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(digits[i]) * (15 - i);
  return sum % 11 === 0 ? digits : undefined;
}
