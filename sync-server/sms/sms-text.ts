/**
 * An SMS body that goes as one segment: GSM-7 characters only (GSM 03.38's basic set), at most
 * {@link SMS_MAX_CHARS} characters. pt-BR accents (ã, ç, ê, í, ó…) are outside GSM-7, and one of
 * them switches the whole message to UCS-2, where a segment holds 70 characters (67 when split):
 * a 160-character notice would cost three SMS. So the text is transliterated (accents dropped,
 * "nº" becomes "n.") and, if still longer, cut at the last word that fits with "..." (MSG-041).
 */

/** One GSM-7 segment. */
export const SMS_MAX_CHARS = 160;

// GSM 03.38 basic set (without the escape extension, whose characters count twice).
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

const REPLACE: Record<string, string> = {
  º: '.',
  ª: 'a',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '—': '-',
  '–': '-',
  '…': '...',
  '\u00a0': ' ',
};

/** `text` in GSM-7's basic set: accents dropped, typographic marks made plain, anything else removed. */
export function toGsm7(text: string): string {
  let out = '';
  for (const raw of text) {
    const c = REPLACE[raw] ?? raw;
    if ([...c].every((ch) => GSM7.has(ch))) {
      out += c;
      continue;
    }
    const plain = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += [...plain].filter((ch) => GSM7.has(ch)).join('');
  }
  return out.replace(/[ \t]{2,}/g, ' ');
}

/**
 * `text` as one SMS segment: GSM-7 ({@link toGsm7}), blank lines folded to spaces, at most
 * {@link SMS_MAX_CHARS} characters; a longer text is cut at the last whole word with "...".
 */
export function fitSms(text: string): string {
  const flat = toGsm7(text).replace(/\s+/g, ' ').trim();
  if (flat.length <= SMS_MAX_CHARS) return flat;
  const room = flat.slice(0, SMS_MAX_CHARS - 3);
  const cut = room.lastIndexOf(' ');
  return `${(cut > SMS_MAX_CHARS / 2 ? room.slice(0, cut) : room).replace(/[\s,;:.-]+$/, '')}...`;
}

/** `text` cut to the whole words that fit in `max` characters. */
export function wordsUpTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1).lastIndexOf(' ');
  return (cut > 0 ? text.slice(0, cut) : text.slice(0, max)).replace(/[\s,;:.—-]+$/, '');
}
