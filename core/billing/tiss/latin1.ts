/**
 * ISO-8859-1, the encoding of TISS messages (ANS, Componente Organizacional item 115 and the schemas'
 * own declaration). Every character of a pt-BR name fits; one that does not is refused, never replaced,
 * as the operator would read a different value than the one hashed.
 */
import { DomainError } from '#core/errors.js';

/**
 * The ISO-8859-1 bytes of `text`.
 * @throws DomainError `validation` naming the first character outside ISO-8859-1.
 */
export function toLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) {
      throw new DomainError('validation', 'Caractere não aceito no padrão TISS (ISO-8859-1)', [
        { path: 'xml', message: `caractere "${text[i]}" fora do ISO-8859-1` },
      ]);
    }
    bytes[i] = code;
  }
  return bytes;
}

/** Text of ISO-8859-1 bytes. */
export function fromLatin1(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  }
  return text;
}

const TYPOGRAPHIC: Readonly<Record<string, string>> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
  '\u00a0': ' ',
};

/**
 * Typographic punctuation as its ISO-8859-1 plain form (TUSS descriptions and pasted text carry
 * en dashes and curly quotes); any other character outside ISO-8859-1 is left for {@link toLatin1} to refuse.
 */
export function plainPunctuation(text: string): string {
  return text.replace(/[\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u00a0]/g, (c) => TYPOGRAPHIC[c]!);
}
