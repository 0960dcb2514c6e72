/**
 * Phone numbers in E.164 (`+5511987654321`), the form stored and searched, so `(11) 98765-4321`,
 * `11987654321` and `+55 11 98765 4321` are one number. Uses libphonenumber-js with its full
 * metadata: it knows which Brazilian area codes (DDD) exist, so a mistyped DDD is caught at the desk.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** Region assumed for numbers written without `+` and country code: the clinics are Brazilian. */
export const DEFAULT_PHONE_REGION: CountryCode = 'BR';

/**
 * The E.164 form of a valid phone number, otherwise undefined.
 *
 * @param region country of numbers written without `+`; Brazil by default. Foreign numbers (tourists,
 *   patients living abroad) are accepted when written with `+` and their country code.
 * @example normalisePhone('(11) 98765-4321') // '+5511987654321'
 */
export function normalisePhone(input: string, region: CountryCode = DEFAULT_PHONE_REGION): string | undefined {
  if (!/^[\d\s()+.-]{8,25}$/.test(input.trim())) return undefined;
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: region });
  return parsed?.isValid() ? parsed.number : undefined;
}
