/**
 * The epilogue hash of a TISS message (ANS, Padrão TISS — Componente Organizacional, July 2024,
 * item 115): the MD5, in hexadecimal, of the concatenated contents of the tags only (text values, no
 * names, no attributes, no whitespace between tags), encoded in ISO-8859-1, of the document written
 * without indentation. The `hash` element itself is not part of what is hashed.
 */
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { toLatin1 } from './latin1.js';
import { textValues, type TissNode } from './xml-tree.js';

/**
 * The MD5 hex digest of the concatenated text values of `message` (the `mensagemTISS` children
 * before the `epilogo`).
 *
 * @throws DomainError `validation` when a value holds a character outside ISO-8859-1.
 */
export function epilogueHash(parts: readonly TissNode[]): string {
  // @noble/hashes (audited, runs in the desk too): Web Crypto has no MD5.
  return bytesToHex(md5(toLatin1(parts.flatMap(textValues).join(''))));
}
