/**
 * A bank statement in OFX (Open Financial Exchange), read for reconciliation: OFX 1.x (SGML: leaf
 * elements unclosed, aggregates closed, a `KEY:VALUE` header) and OFX 2.x (XML with its processing
 * instructions). Only what matching needs: the account (`BANKACCTFROM`), the currency and each
 * statement line (`STMTTRN`: `TRNTYPE`, `DTPOSTED`, `TRNAMT`, `FITID`, `NAME`, `MEMO`, `CHECKNUM`).
 * No npm parser is in the project's dependencies, and the format's statement part is small (FIN-012).
 */
import { DomainError } from '#core/errors.js';

/** One line of the statement; `amountCentavos` is signed (credit > 0, debit < 0). */
export interface StatementLine {
  /** The bank's unique id of the line (`FITID`): importing the same line twice is caught by it. */
  fitId: string;
  type: string;
  /** `YYYY-MM-DD` (the bank's local date as written). */
  date: string;
  amountCentavos: number;
  memo: string;
  checkNumber?: string;
}

/** A parsed statement. */
export interface Statement {
  bankId?: string;
  accountId?: string;
  currency: string;
  lines: StatementLine[];
}

const TAG = /<(\/?)([A-Za-z0-9.]+)(?:\s[^>]*)?>([^<]*)/g;

function invalid(message: string): DomainError {
  return new DomainError('validation', 'Extrato OFX inválido', [{ path: 'content', message }]);
}

/** `20261123120000.000[-3:BRT]` → `2026-11-23`. */
function ofxDate(text: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text.trim());
  if (!m) throw invalid(`data fora do formato OFX: "${text.trim()}"`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** `-1.234,56`, `-1234.56` or `1234,5` → signed centavos. */
function ofxAmount(text: string): number {
  let t = text.trim().replace(/\s/g, '');
  if (t.includes(',') && t.includes('.')) t = t.replace(/\./g, '').replace(',', '.');
  else t = t.replace(',', '.');
  if (!/^[-+]?\d+(\.\d{1,2})?$/.test(t)) throw invalid(`valor fora do formato OFX: "${text.trim()}"`);
  const negative = t.startsWith('-');
  const [whole, cents = ''] = t.replace(/^[-+]/, '').split('.');
  const value = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return negative ? -value : value;
}

/**
 * Reads an OFX statement (1.x SGML or 2.x XML).
 * @throws DomainError `validation` (path `content`) when it has no `<OFX>` or a line lacks its date,
 *   amount or FITID.
 */
export function parseOfx(content: string): Statement {
  const start = content.search(/<OFX>/i);
  if (start < 0) throw invalid('não há o elemento <OFX>');
  const body = content.slice(start);
  const statement: Statement = { currency: 'BRL', lines: [] };
  let line: Record<string, string> | undefined;
  let inAccount = false;
  for (const m of body.matchAll(TAG)) {
    const closing = m[1] === '/';
    const tag = m[2]!.toUpperCase();
    const value = m[3]!.trim();
    if (tag === 'STMTTRN') {
      if (!closing) line = {};
      else if (line) {
        statement.lines.push(toLine(line, statement.lines.length));
        line = undefined;
      }
      continue;
    }
    if (tag === 'BANKACCTFROM' || tag === 'CCACCTFROM') {
      inAccount = !closing;
      continue;
    }
    if (closing || value === '') continue;
    if (line) line[tag] = decode(value);
    else if (inAccount && tag === 'BANKID') statement.bankId = value;
    else if (inAccount && tag === 'ACCTID') statement.accountId = value;
    else if (tag === 'CURDEF') statement.currency = value;
  }
  return statement;
}

function decode(value: string): string {
  return value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function toLine(fields: Record<string, string>, index: number): StatementLine {
  const need = (tag: string) => {
    const v = fields[tag];
    if (v === undefined) throw invalid(`o lançamento ${index + 1} não tem ${tag}`);
    return v;
  };
  return {
    fitId: need('FITID'),
    type: fields.TRNTYPE ?? 'OTHER',
    date: ofxDate(need('DTPOSTED')),
    amountCentavos: ofxAmount(need('TRNAMT')),
    memo: [fields.NAME, fields.MEMO].filter(Boolean).join(' — '),
    ...(fields.CHECKNUM ? { checkNumber: fields.CHECKNUM } : {}),
  };
}
