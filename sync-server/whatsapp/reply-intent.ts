/**
 * What a patient's free-text answer to a confirmation request means (MSG-043): `confirm` only for a
 * short, plain yes ("sim", "confirmo", "ok 👍", "Sim, confirmo, obrigada"); `decline` for a no
 * ("não", "cancelar", "não posso ir") with no yes word in it; `other` for everything else (a question,
 * a yes with a condition, a yes and a no together, a long text), which the reception reads in the bell.
 * A wrong "confirm" hides a no-show from the reception, so the yes rule is the strict one.
 */

/** The three readings of a reply. */
export type ReplyIntent = 'confirm' | 'decline' | 'other';

const YES = new Set([
  'sim',
  's',
  'ss',
  'confirmo',
  'confirmado',
  'confirmada',
  'confirmar',
  'confirma',
  'confirmadissimo',
  'ok',
  'okay',
  'okk',
  'blz',
  'beleza',
  'certo',
  'combinado',
  'positivo',
  'claro',
  'vou',
  'irei',
  'estarei',
  'presente',
  'perfeito',
  'isso',
  'yes',
]);
const NO = new Set([
  'nao',
  'n',
  'cancelar',
  'cancela',
  'cancelo',
  'cancele',
  'cancelada',
  'cancelado',
  'desmarcar',
  'desmarca',
  'desmarque',
  'remarcar',
  'remarca',
  'negativo',
  'impossivel',
  'no',
]);
/** Courtesy words a plain yes may carry without becoming something else. */
const FILLER = new Set([
  'obrigado',
  'obrigada',
  'obg',
  'brigado',
  'brigada',
  'grato',
  'grata',
  'bom',
  'boa',
  'dia',
  'tarde',
  'noite',
  'oi',
  'ola',
  'eu',
  'a',
  'o',
  'e',
  'de',
  'da',
  'do',
  'com',
  'certeza',
  'pode',
  'minha',
  'meu',
  'presenca',
  'consulta',
  'horario',
  'agendamento',
  'estou',
  'la',
  'ai',
  'sera',
  'tudo',
  'bem',
  'entao',
  'por',
  'favor',
  'pf',
  'pfv',
  'td',
]);

const EMOJI_YES = /[👍👌✅✔☑🙏🆗]/gu;
const EMOJI_NO = /[👎❌🚫✖]/gu;
/** Longest plain yes, in words: anything longer is something to read. */
const MAX_YES_WORDS = 8;

/** The words of `text`: lower case, no accents, emoji of yes and no as `sim`/`nao`. */
export function replyWords(text: string): string[] {
  return text
    .replace(EMOJI_YES, ' sim ')
    .replace(EMOJI_NO, ' nao ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => w.replace(/(.)\1{2,}/g, '$1')); // "simmm" → "sim", "okkkk" → "ok"
}

/** Reads a patient's free-text reply to a confirmation request. */
export function replyIntent(text: string): ReplyIntent {
  if (text.includes('?')) return 'other';
  const words = replyWords(text);
  // "não vou", "não confirmo": a yes word right after a no is part of the no.
  const yes = words.some((w, i) => YES.has(w) && !NO.has(words[i - 1] ?? ''));
  const no = words.some((w) => NO.has(w));
  if (no) return yes ? 'other' : 'decline';
  if (!yes || words.length > MAX_YES_WORDS) return 'other';
  return words.every((w) => YES.has(w) || FILLER.has(w)) ? 'confirm' : 'other';
}
