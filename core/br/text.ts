/**
 * Text normalisation for names typed at a reception desk: searches ignore accents and case
 * ("joao" finds "João"), and keys compare the same on every store adapter.
 */

/** Characters beyond the Basic Multilingual Plane. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/gu;

/**
 * A name as stored: trimmed, inner runs of whitespace collapsed to one space. Case and accents are
 * kept as typed (the record shows what the reception wrote).
 */
export function cleanName(input: string): string {
  return input.replace(/\s+/g, ' ').trim();
}

/**
 * The search key of a name: decomposed (NFD), combining marks removed, lower case; apostrophes
 * dropped (`D'Ávila` → `davila`), any other punctuation turned into a space (`Maria-Clara` →
 * `maria clara`), spaces collapsed. Characters outside the BMP are dropped: SQLite compares UTF-8
 * bytes and RxDB UTF-16 code units, which agree on every BMP string but not beyond it, and the
 * prefix range of {@link prefixRange} must select the same records on both.
 *
 * @example searchKey('  José  d’Ávila-Conceição ') // 'jose davila conceicao'
 */
export function searchKey(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(ASTRAL, '')
    .toLowerCase()
    .replace(/['’´`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The store condition selecting every key that starts with `key`: `[key, key + U+FFFF)`. U+FFFF is
 * above every character {@link searchKey} keeps, so the range is exact. An empty key selects all
 * (records without the field excluded).
 */
export function prefixRange(key: string): { $gte: string; $lt?: string } {
  return key === '' ? { $gte: '' } : { $gte: key, $lt: `${key}\uffff` };
}
