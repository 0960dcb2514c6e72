/**
 * Ids derived from content (docs/decisions/inventory.md INV-009, INV-011): the same parts give the same
 * id on every desk and on the server, so two desks writing "the same" record offline write one record.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A UUID (version 8 layout, RFC 9562) from SHA-256 of `parts` joined by U+0000.
 * @param parts the content the id stands for; order matters.
 */
export function derivedUuid(parts: readonly (string | number)[]): string {
  const hex = bytesToHex(sha256(utf8ToBytes(parts.join('\u0000')))).slice(0, 32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
