/**
 * Control characters in text (issue 20 point 8). PostgreSQL cannot store U+0000 in text or jsonb
 * and answered 500; SQLite stored it. Both must refuse the same input with the same 400, so the
 * rule sits before any store: every string of every input, at any depth, may hold tab, line feed and
 * carriage return (a CRLF from a Windows textarea or a CSV file) and no other C0 or C1 control.
 */
import { DomainError, issuePath, type ErrorDetail } from './errors.js';

/** C0 controls but tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The first forbidden control character of `text` as `U+0000`, or undefined when there is none. */
export function controlCharacterIn(text: string): string | undefined {
  const found = CONTROL.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** The pt-BR message naming the character. */
export function controlCharacterMessage(code: string): string {
  return `caractere de controle não permitido (${code}); só tabulação e quebra de linha`;
}

function collect(value: unknown, path: PropertyKey[], out: ErrorDetail[]): void {
  if (typeof value === 'string') {
    const code = controlCharacterIn(value);
    if (code) out.push({ path: issuePath(path), message: controlCharacterMessage(code) });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, [...path, i], out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const code = controlCharacterIn(key);
      if (code) out.push({ path: issuePath([...path, key]), message: controlCharacterMessage(code) });
      else collect(item, [...path, key], out);
    }
  }
}

/**
 * One detail per string (or key) of `value` holding a forbidden control character, at any depth:
 * for callers that collect reasons rather than throw (a replication push refusing one row).
 */
export function controlCharacterDetails(value: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  collect(value, [], details);
  return details;
}

/**
 * Refuses an operation's raw input when any string in it (or any key) holds a forbidden control
 * character.
 *
 * @throws DomainError `validation` with one detail per offending field.
 */
export function refuseControlCharacters(input: unknown): void {
  const details = controlCharacterDetails(input);
  if (details.length > 0) throw new DomainError('validation', 'Requisição inválida', details);
}
