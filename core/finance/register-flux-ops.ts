/**
 * The registers' flux (spec §4.4 Finance "return the registers flux"): every cash movement of a period,
 * in and out, by payment method, by kind and by register, derived from the append-only movements (FIN-003).
 * Bills' receipts and patients' prepayments are apart: a prepayment is cash held, a liability, not revenue (FIN-017).
 */
import { z } from 'zod';
import { dateInput } from '#core/br/schemas.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { fromCentavos } from '#core/price/money.js';
import { addDays, startOfDayIn } from '#core/schedule/time.js';
import { FINANCE_TIME_ZONE, GROUP } from './finance-common.js';
import { stationInput } from './register-core.js';
import {
  balanceByMethod,
  cashMovements,
  cashRegisters,
  type CashMovement,
  type CashRegister,
} from './register-record.js';

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
    const start = startOfDayIn(from, FINANCE_TIME_ZONE).getTime();
    const end = startOfDayIn(addDays(to, 1), FINANCE_TIME_ZONE).getTime();
    // Stored instants carry the writer's offset, so the text range is widened by a day each side and the exact cut done on the instant.
    const found = await ctx.store
      .collection(cashMovements)
      .find({ selector: { at: { $gte: addDays(from, -1), $lt: addDays(to, 2) } }, sort: [{ at: 'asc' }] });
    const inPeriod = found.filter((m) => {
      const t = Date.parse(m.at);
      return t >= start && t < end;
    });
    const registerIds = [...new Set(inPeriod.map((m) => m.register))];
    // One query for the period's registers, not one read each: a month names about thirty (bench: finance).
    const registers = new Map<string, CashRegister>(
      registerIds.length === 0
        ? []
        : (await ctx.store.collection(cashRegisters).find({ selector: { id: { $in: registerIds } } })).map((r) => [
            r.id,
            r,
          ]),
    );
    const movements = station ? inPeriod.filter((m) => registers.get(m.register)?.station === station) : inPeriod;
    const byKind = (list: CashMovement[]) => {
      const out: Record<string, number> = {};
      for (const m of list) out[m.kind] = (out[m.kind] ?? 0) + m.amountCentavos;
      return Object.fromEntries(Object.entries(out).map(([k, c]) => [k, fromCentavos(c)]));
    };
    const sum = (list: CashMovement[]) => list.reduce((s, m) => s + m.amountCentavos, 0);
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
      byMethod: Object.fromEntries(Object.entries(balanceByMethod(movements)).map(([k, c]) => [k, fromCentavos(c)])),
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
  },
});
