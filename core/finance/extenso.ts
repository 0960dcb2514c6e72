/**
 * Money by extenso in pt-BR, as receipts write it ("trinta e cinco reais e cinquenta centavos"): the
 * usual Brazilian rules — "e" between hundreds, tens and units and before a last group under a
 * hundred or a round hundred; "cem" alone, "cento e" before more; "um mil" written "mil"; "de reais"
 * after whole millions ("um milhão de reais").
 */

const UNITS = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
];
const TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
];

/** 1–999 in words. */
function upToThousand(n: number): string {
  if (n === 100) return 'cem';
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h > 0) parts.push(HUNDREDS[h]!);
  if (rest > 0 && rest < 20) parts.push(UNITS[rest]!);
  else if (rest >= 20) {
    const t = Math.floor(rest / 10);
    const u = rest % 10;
    parts.push(u > 0 ? `${TENS[t]} e ${UNITS[u]}` : TENS[t]!);
  }
  return parts.join(' e ');
}

const SCALES: readonly [string, string][] = [
  ['', ''],
  ['mil', 'mil'],
  ['milhão', 'milhões'],
  ['bilhão', 'bilhões'],
];

/**
 * A whole number 0–999.999.999.999 in pt-BR words (`1501` → `mil quinhentos e um`).
 * @throws RangeError outside that range or for a fraction (a programming error).
 */
export function numberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`número fora do intervalo: ${n}`);
  if (n === 0) return 'zero';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) continue;
    const [one, many] = SCALES[i]!;
    const text = i === 1 && g === 1 ? 'mil' : `${upToThousand(g)}${one ? ` ${g === 1 ? one : many}` : ''}`;
    words.push(text);
  }
  // "e" before the last group when it is under a hundred or a round hundred (mil e cem, mil e vinte).
  const last = groups[0]!;
  if (words.length > 1 && last > 0 && (last < 100 || last % 100 === 0)) {
    const tail = words.pop()!;
    return `${words.join(' ')} e ${tail}`;
  }
  return words.join(' ');
}

/**
 * Centavos as a receipt writes them: `3550` → `trinta e cinco reais e cinquenta centavos`,
 * `100` → `um real`, `1` → `um centavo`, `100000000` → `um milhão de reais`.
 * @throws RangeError for a negative or fractional amount.
 */
export function reaisWords(centavos: number): string {
  if (!Number.isInteger(centavos) || centavos < 0) throw new RangeError(`valor inválido: ${centavos}`);
  const reais = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const parts: string[] = [];
  if (reais > 0) {
    const words = numberWords(reais);
    const roundMillions = reais >= 1_000_000 && reais % 1_000_000 === 0;
    parts.push(`${words}${roundMillions ? ' de' : ''} ${reais === 1 ? 'real' : 'reais'}`);
  }
  if (cents > 0) parts.push(`${numberWords(cents)} ${cents === 1 ? 'centavo' : 'centavos'}`);
  return parts.length > 0 ? parts.join(' e ') : 'zero real';
}
