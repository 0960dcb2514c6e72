/**
 * Values as the reception reads them (pt-BR): dd/mm/aaaa, HH:mm in the clinic's time zone, R$ 1.234,56,
 * phones and CPFs with their punctuation. Pure functions: the review cards and their tests share them.
 */

/** The zone records are read in when neither the record nor its clinic names one. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-11-25` → `25/11/2026`; any other text as is. */
export function day(text: string): string {
  const m = DAY.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : text;
}

function parts(iso: string, timeZone: string): Record<string, string> | undefined {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  const formatted = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  return Object.fromEntries(formatted.map((p) => [p.type, p.value]));
}

/** An instant as `25/11/2026 às 15:00` in `timeZone`; a bare day as `25/11/2026`; anything else as is. */
export function instant(iso: string, timeZone: string): string {
  if (DAY.test(iso)) return day(iso);
  const p = parts(iso, timeZone);
  return p ? `${p.day}/${p.month}/${p.year} às ${p.hour}:${p.minute}` : iso;
}

/** An instant as `25/11 às 15:00` (a title's short form) in `timeZone`. */
export function shortInstant(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.day}/${p.month} às ${p.hour}:${p.minute}` : iso;
}

/** The time of an instant, `15:00`, in `timeZone`. */
export function time(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return p ? `${p.hour}:${p.minute}` : iso;
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Reais as `R$ 1.234,56` (the non-breaking space Intl puts after R$ made a plain one). */
export function money(reais: number): string {
  return BRL.format(reais).replace(/\u00a0/g, ' ');
}

/** Centavos as `R$ 1.234,56`. */
export function moneyCentavos(centavos: number): string {
  return money(centavos / 100);
}

/**
 * A Brazilian phone, stored in E.164 (`+5511987654321`) or as digits, as `(11) 98765-4321` or
 * `(11) 3333-4444`; a foreign number as stored.
 */
export function phone(text: string): string {
  let d = text.replace(/\D/g, '');
  if (text.trim().startsWith('+') && !d.startsWith('55')) return text;
  if (d.startsWith('55') && (d.length === 12 || d.length === 13)) d = d.slice(2);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return text;
}

/** 11 digits as `529.982.247-25`; anything else as is. */
export function cpf(text: string): string {
  const d = text.replace(/\D/g, '');
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : text;
}

/** 8 digits as `01310-100`. */
export function cep(text: string): string {
  return /^\d{8}$/.test(text) ? `${text.slice(0, 5)}-${text.slice(5)}` : text;
}

/** `true` → `sim`, `false` → `não`; anything else (a refused value) as it came. */
export function yesNo(value: unknown): string {
  if (value === true) return 'sim';
  if (value === false) return 'não';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '—';
}

/** Words joined as a person lists them: `a`, `a e b`, `a, b e c`. */
export function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '—';
  return `${words.slice(0, -1).join(', ')} e ${words[words.length - 1]!}`;
}

/** `1 item`, `3 itens`: a count with the word in the right number. */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** A weekday number (0 = domingo) as `seg`. */
export function weekday(n: number): string {
  return WEEKDAYS[n] ?? String(n);
}
