/**
 * The registers' flux computed (FIN-003, FIN-017, FIN-031): from the registers' daily summaries, as the
 * operation reads it, and from the movements themselves, the reference the summaries must match to the
 * byte (register-flux.property.test.ts) and what the flux was before the summaries.
 */
import { fromCentavos } from '#core/price/money.js';
import { balanceByMethod, type CashMovement, type CashRegister } from './register-record.js';
import type { RegisterDaySummary, SummaryTotal } from './register-summary-record.js';
import { addTotal, firstBefore } from './register-summary.js';

/** One register's part of the flux. */
export interface RegisterFluxLine {
  register: string;
  station: string;
  status: string;
  net: number;
  byKind: Record<string, number>;
}

/** The flux of a period, in reais. */
export interface RegisterFlux {
  from: string;
  to: string;
  in: number;
  out: number;
  net: number;
  bills: number;
  prepayments: number;
  byMethod: Record<string, number>;
  byKind: Record<string, number>;
  registers: RegisterFluxLine[];
}

const reais = (entries: [string, number][]) => Object.fromEntries(entries.map(([k, c]) => [k, fromCentavos(c)]));

/**
 * The flux from the period's movements (every movement whose instant falls in the period), sorted by
 * `at` text then id, as the store returns them: kinds, methods and registers appear in the order
 * their first movement does.
 */
export function fluxOfMovements(
  from: string,
  to: string,
  inPeriod: readonly CashMovement[],
  registers: ReadonlyMap<string, CashRegister>,
  station: string | undefined,
): RegisterFlux {
  const movements = station ? inPeriod.filter((m) => registers.get(m.register)?.station === station) : inPeriod;
  const byKind = (list: readonly CashMovement[]) => {
    const out: Record<string, number> = {};
    for (const m of list) out[m.kind] = (out[m.kind] ?? 0) + m.amountCentavos;
    return reais(Object.entries(out));
  };
  const sum = (list: readonly CashMovement[]) => list.reduce((s, m) => s + m.amountCentavos, 0);
  const ins = movements.filter((m) => m.amountCentavos > 0);
  const outs = movements.filter((m) => m.amountCentavos < 0);
  return {
    from,
    to,
    in: fromCentavos(sum(ins)),
    out: fromCentavos(-sum(outs)),
    net: fromCentavos(sum(movements)),
    bills: fromCentavos(sum(movements.filter((m) => m.kind === 'receipt' || m.kind === 'reversal'))),
    prepayments: fromCentavos(sum(movements.filter((m) => m.kind === 'prepayment' || m.kind === 'prepaymentRefund'))),
    byMethod: reais(Object.entries(balanceByMethod(movements))),
    byKind: byKind(movements),
    registers: [...new Set(movements.map((m) => m.register))].map((id) => {
      const list = movements.filter((m) => m.register === id);
      const r = registers.get(id);
      return {
        register: id,
        station: r?.station ?? '',
        status: r?.status ?? 'closed',
        net: fromCentavos(sum(list)),
        byKind: byKind(list),
      };
    }),
  };
}

type Totals = Partial<Record<string, SummaryTotal>>;

/** Totals merged (sums added, the earliest first movement kept). */
function mergeTotals(list: readonly Totals[]): Totals {
  const out: Totals = {};
  for (const totals of list) for (const [k, t] of Object.entries(totals)) if (t) addTotal(out, k, t.centavos, t);
  return out;
}

/** Totals as the flux answers them: reais, in the order of each key's first movement. */
function ordered(totals: Totals): [string, number][] {
  return Object.entries(totals)
    .filter((e): e is [string, SummaryTotal] => e[1] !== undefined)
    .sort(([, a], [, b]) => (firstBefore(a, b) ? -1 : firstBefore(b, a) ? 1 : 0))
    .map(([k, t]) => [k, t.centavos]);
}

/** The earliest first movement of a set of totals. */
function firstOf(totals: Totals): SummaryTotal | undefined {
  let first: SummaryTotal | undefined;
  for (const t of Object.values(totals)) if (t && (!first || firstBefore(t, first))) first = t;
  return first;
}

/**
 * The flux from the daily summaries of the period's days (São Paulo days `from` to `to`): the same
 * answer {@link fluxOfMovements} gives from those days' movements.
 */
export function fluxOfSummaries(
  from: string,
  to: string,
  days: readonly RegisterDaySummary[],
  registers: ReadonlyMap<string, CashRegister>,
  station: string | undefined,
): RegisterFlux {
  // A day emptied by recalculation (no movement any more) sums nothing and names no register.
  const list = days.filter(
    (d) => Object.keys(d.byKind).length > 0 && (!station || registers.get(d.register)?.station === station),
  );
  const byKind = mergeTotals(list.map((d) => d.byKind));
  const cents = (kind: string) => byKind[kind]?.centavos ?? 0;
  const inCentavos = list.reduce((s, d) => s + d.inCentavos, 0);
  const outCentavos = list.reduce((s, d) => s + d.outCentavos, 0);
  const perRegister = new Map<string, Totals[]>();
  for (const d of list) perRegister.set(d.register, [...(perRegister.get(d.register) ?? []), d.byKind]);
  const lines = [...perRegister].map(([id, parts]) => ({ id, totals: mergeTotals(parts) }));
  lines.sort((a, b) => {
    const fa = firstOf(a.totals)!;
    const fb = firstOf(b.totals)!;
    return firstBefore(fa, fb) ? -1 : firstBefore(fb, fa) ? 1 : 0;
  });
  return {
    from,
    to,
    in: fromCentavos(inCentavos),
    out: fromCentavos(-outCentavos),
    net: fromCentavos(inCentavos + outCentavos),
    bills: fromCentavos(cents('receipt') + cents('reversal')),
    prepayments: fromCentavos(cents('prepayment') + cents('prepaymentRefund')),
    byMethod: reais(ordered(mergeTotals(list.map((d) => d.byMethod)))),
    byKind: reais(ordered(byKind)),
    registers: lines.map(({ id, totals }) => {
      const r = registers.get(id);
      const entries = ordered(totals);
      return {
        register: id,
        station: r?.station ?? '',
        status: r?.status ?? 'closed',
        net: fromCentavos(entries.reduce((s, [, c]) => s + c, 0)),
        byKind: reais(entries),
      };
    }),
  };
}
