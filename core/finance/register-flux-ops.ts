/**
 * The registers' flux (spec §4.4 Finance "return the registers flux"): every cash movement of a period,
 * in and out, by payment method, by kind and by register, derived from the append-only movements (FIN-003)
 * through their registers' daily summaries (FIN-031).
 * Bills' receipts and patients' prepayments are apart: a prepayment is cash held, a liability, not revenue (FIN-017).
 */
import { z } from 'zod';
import { dateInput } from '#core/br/schemas.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { addDays, startOfDayIn } from '#core/schedule/time.js';
import { FINANCE_TIME_ZONE, GROUP } from './finance-common.js';
import { registerIdInput, stationInput } from './register-core.js';
import { fromCentavos } from '#core/price/money.js';
import type { Store } from '#core/store/port.js';
import { fluxOfMovements, fluxOfSummaries, type RegisterFlux } from './register-flux.js';
import { cashMovements, cashRegisters, type CashRegister } from './register-record.js';
import { registerDays } from './register-summary-record.js';
import type { DayTotals } from './register-summary.js';
import { verifyRegisterDays } from './register-summary-verify.js';

const kindTotals = z.record(z.string(), z.number()).describe('reais por tipo de movimento');

/** `finance.register.flux`: `GET /finance/registerFlux`: movements of a period. */
export const registerFlux = defineOperation({
  name: 'finance.register.flux',
  group: GROUP,
  summary: 'Fluxo dos caixas num período (entradas e saídas por forma e por tipo)',
  description: 'Dias de calendário em São Paulo, `from` a `to` inclusive (até 92 dias).',
  permission: 'cashier:read',
  input: z.strictObject({ from: dateInput, to: dateInput, station: stationInput.optional() }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    in: z.number(),
    out: z.number(),
    net: z.number(),
    bills: z
      .number()
      .describe('reais: recebimentos e pagamentos de contas, menos estornos (o que é receita ou despesa)'),
    prepayments: z
      .number()
      .describe('reais: adiantamentos de pacientes menos devoluções — passivo da clínica, não é receita (FIN-017)'),
    byMethod: z.record(z.string(), z.number()),
    byKind: kindTotals,
    registers: z.array(
      z.object({ register: z.string(), station: z.string(), status: z.string(), net: z.number(), byKind: kindTotals }),
    ),
  }),
  http: { method: 'GET', path: '/finance/registerFlux' },
  example: { from: '2026-11-01', to: '2026-11-30' },
  async run(ctx, { from, to, station }) {
    if (to < from || addDays(from, 92) <= to)
      throw new DomainError('validation', 'Período inválido', [
        { path: 'to', message: 'depois de `from`, até 92 dias' },
      ]);
    // The registers' days (FIN-031), about one per register a day, instead of every movement of the period.
    const days = await ctx.store
      .collection(registerDays)
      .find({ selector: { day: { $gte: from, $lte: to } }, sort: [{ day: 'asc' }] });
    const registers = await registersNamed(ctx.store, [...new Set(days.map((d) => d.register))]);
    return fluxOfSummaries(from, to, days, registers, station);
  },
});

/**
 * The flux summed from the period's movements themselves, as it was before the daily summaries
 * (FIN-031): the reference the summaries are checked against. Same answer as the operation.
 */
export async function movementFlux(store: Store, from: string, to: string, station?: string): Promise<RegisterFlux> {
  const start = startOfDayIn(from, FINANCE_TIME_ZONE).getTime();
  const end = startOfDayIn(addDays(to, 1), FINANCE_TIME_ZONE).getTime();
  // Stored instants carry the writer's offset, so the text range is widened by a day each side and the exact cut done on the instant.
  const found = await store
    .collection(cashMovements)
    .find({ selector: { at: { $gte: addDays(from, -1), $lt: addDays(to, 2) } }, sort: [{ at: 'asc' }] });
  const inPeriod = found.filter((m) => {
    const t = Date.parse(m.at);
    return t >= start && t < end;
  });
  const registers = await registersNamed(store, [...new Set(inPeriod.map((m) => m.register))]);
  return fluxOfMovements(from, to, inPeriod, registers, station);
}

/** One query for the period's registers, not one read each: a month names about thirty (bench: finance). */
async function registersNamed(store: Store, ids: readonly string[]): Promise<Map<string, CashRegister>> {
  if (ids.length === 0) return new Map();
  const found = await store.collection(cashRegisters).find({ selector: { id: { $in: [...ids] } } });
  return new Map(found.map((r) => [r.id, r]));
}

const dayTotals = z.object({
  movements: z.number().int(),
  in: z.number().describe('reais'),
  out: z.number().describe('reais'),
});

/**
 * `finance.register.recalculate`: `POST /finance/registerFlux/recalculation` (not an operation of the spec):
 * rebuilds the registers' daily summaries from the movements (FIN-033) and answers the days it corrected.
 */
export const recalculateRegisterDays = defineOperation({
  name: 'finance.register.recalculate',
  group: GROUP,
  summary: 'Recalcula os resumos diários dos caixas a partir dos movimentos',
  description:
    'Os movimentos são a verdade: cada resumo diferente (ou ausente) é reescrito e listado. De todos os caixas, ou de `register`.',
  permission: 'finance:write',
  input: z.strictObject({ register: registerIdInput.optional() }),
  output: z.object({
    corrected: z.array(
      z.object({
        register: z.string(),
        day: z.string(),
        recorded: dayTotals.optional().describe('o que o resumo guardava (ausente: não havia resumo)'),
        rebuilt: dayTotals.describe('o que os movimentos do dia dão, agora no resumo'),
      }),
    ),
  }),
  http: { method: 'POST', path: '/finance/registerFlux/recalculation' },
  example: {},
  async run(ctx, { register }) {
    const shown = (t: DayTotals) => ({
      movements: t.movements,
      in: fromCentavos(t.inCentavos),
      out: fromCentavos(-t.outCentavos),
    });
    const corrected = await verifyRegisterDays(ctx, ctx.store, register);
    return {
      corrected: corrected.map((c) => ({
        register: c.register,
        day: c.day,
        ...(c.recorded ? { recorded: shown(c.recorded) } : {}),
        rebuilt: shown(c.rebuilt),
      })),
    };
  },
});
