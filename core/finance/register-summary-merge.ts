/**
 * Sync rules of the registers' daily summaries (FIN-032). A register has one station (FIN-003), but a
 * reversal of one of its payments may be written by another writer while it is open (the server, a
 * finance desk: `finance.bill.unmark` in payment-ops.ts), so two versions of a day can meet on a push. A
 * summary is a set of counters: each side's change since the version it started from (`assumed`;
 * nothing when both created the day offline) is added to the other's, so no movement is lost; a total's
 * first movement is the earlier of the two.
 */
import type { ErrorDetail } from '#core/errors.js';
import type { ConflictHandler } from '#core/sync/record-rules.js';
import type { SummaryTotal } from './register-summary-record.js';
import { firstBefore } from './register-summary.js';

type Doc = Record<string, unknown> | undefined;
type Totals = Record<string, SummaryTotal | undefined>;

const num = (doc: Doc, field: string): number => (typeof doc?.[field] === 'number' ? doc[field] : 0);
const totalsOf = (doc: Doc, field: string): Totals =>
  doc?.[field] && typeof doc[field] === 'object' ? (doc[field] as Totals) : {};

/** Totals merged as counters: master + pushed − assumed per key, the earlier first movement kept. */
function mergeTotals(master: Totals, assumed: Totals, pushed: Totals): Totals {
  const out: Totals = {};
  for (const key of new Set([...Object.keys(master), ...Object.keys(pushed)])) {
    const m = master[key];
    const p = pushed[key];
    const centavos = (m?.centavos ?? 0) + (p?.centavos ?? 0) - (assumed[key]?.centavos ?? 0);
    const first = !m ? p! : !p ? m : firstBefore(p, m) ? p : m;
    out[key] = { centavos, firstAt: first.firstAt, firstId: first.firstId };
  }
  return out;
}

/** The daily summary's {@link ConflictHandler}. */
export const mergeRegisterDay: ConflictHandler = (master, assumed, pushed) => {
  const counter = (field: string) => num(master, field) + num(pushed, field) - num(assumed, field);
  const updatedAt = String(pushed.updatedAt) > String(master.updatedAt) ? pushed.updatedAt : master.updatedAt;
  return {
    ...master,
    movements: counter('movements'),
    inCentavos: counter('inCentavos'),
    outCentavos: counter('outCentavos'),
    byKind: mergeTotals(totalsOf(master, 'byKind'), totalsOf(assumed, 'byKind'), totalsOf(pushed, 'byKind')),
    byMethod: mergeTotals(totalsOf(master, 'byMethod'), totalsOf(assumed, 'byMethod'), totalsOf(pushed, 'byMethod')),
    updatedAt,
  };
};

const sumOf = (totals: Totals) => Object.values(totals).reduce((s, t) => s + (t?.centavos ?? 0), 0);

/** A pushed day adds up: in + out = the sum by kind = the sum by method; its register and day never change. */
export function registerDayPushProblems(next: Record<string, unknown>, previous: Doc): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (previous && (previous.register !== next.register || previous.day !== next.day))
    problems.push({ path: 'register', message: 'o resumo de um dia não muda de caixa nem de dia' });
  const net = num(next, 'inCentavos') + num(next, 'outCentavos');
  if (sumOf(totalsOf(next, 'byKind')) !== net)
    problems.push({ path: 'byKind', message: 'a soma por tipo não fecha com entradas e saídas' });
  if (sumOf(totalsOf(next, 'byMethod')) !== net)
    problems.push({ path: 'byMethod', message: 'a soma por forma não fecha com entradas e saídas' });
  return problems;
}
