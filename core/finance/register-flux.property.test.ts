/**
 * Property tests of the registers' daily summaries (FIN-031..FIN-033): for any movements, written at any
 * instant with any writer's offset, the flux read from the summaries is the flux summed from the
 * movements, to the byte (the same numbers, and kinds, methods and registers in the same order); two
 * writers' versions of a day merged as counters (FIN-032) give the same; and on the real store the
 * operation answers what the movement-based reference answers, the recalculation finding nothing to fix.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfDayIn } from '#core/schedule/time.js';
import { FINANCE_METHODS } from './bill-record.js';
import { FINANCE_TIME_ZONE } from './finance-common.js';
import { fluxOfMovements, fluxOfSummaries } from './register-flux.js';
import { movementFlux, recalculateRegisterDays, registerFlux } from './register-flux-ops.js';
import { appendMovement } from './register-core.js';
import { cashRegisters, MOVEMENT_KINDS, type CashMovement, type CashRegister } from './register-record.js';
import type { RegisterDaySummary } from './register-summary-record.js';
import { mergeRegisterDay } from './register-summary-merge.js';
import { registerDays } from './register-summary-record.js';
import { rebuildRegisterDays, verifyRegisterDays } from './register-summary-verify.js';
import { openFinance, type FinanceHarness } from './testing.js';

const REGISTERS = ['r1', 'r2', 'r3', 'r4'];
const DAY_MS = 86_400_000;
// Two eras: São Paulo with daylight saving (it began 2018-11-04) and without (2026).
const ERAS = [Date.parse('2018-10-30T00:00:00Z'), Date.parse('2026-11-20T00:00:00Z')];

/** `t` written as a writer at `offsetMinutes` from UTC writes it (with or without milliseconds, or as Z). */
function written(t: number, offsetMinutes: number, millis: boolean, zulu: boolean): string {
  if (zulu) return new Date(t).toISOString();
  const local = new Date(t + offsetMinutes * 60_000).toISOString().slice(0, millis ? 23 : 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const movementArb = fc.record({
  register: fc.constantFrom(...REGISTERS),
  kind: fc.constantFrom(...MOVEMENT_KINDS),
  method: fc.constantFrom(...FINANCE_METHODS),
  amountCentavos: fc.oneof(fc.integer({ min: -500_000, max: 500_000 }), fc.constant(0)),
  // Minutes over eight days, often one of a few (two movements then share their `at` text: the id orders them).
  minute: fc.oneof(fc.integer({ min: 0, max: 8 * 24 * 60 }), fc.constantFrom(600, 1_439, 1_440, 3_000)),
  offsetMinutes: fc.oneof(
    fc.constant(-180),
    fc.integer({ min: -48, max: 56 }).map((q) => q * 15),
  ),
  millis: fc.boolean(),
  zulu: fc.boolean(),
  idKey: fc.integer({ min: 0, max: 0xffff }),
});

const scenario = fc.record({
  era: fc.constantFrom(...ERAS),
  movements: fc.array(movementArb, { maxLength: 60 }),
  fromDay: fc.integer({ min: 0, max: 8 }),
  span: fc.integer({ min: 0, max: 5 }),
  station: fc.constantFrom(undefined, 's1', 's2'),
  // Where the two writers' histories part (FIN-032): movements before `split` both knew.
  split: fc.nat(),
  pushedShare: fc.double({ min: 0, max: 1, noNaN: true }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scenario): { movements: CashMovement[]; from: string; to: string } {
  const movements = s.movements.map((m, i): CashMovement => ({
    id: `${m.idKey.toString(16).padStart(4, '0')}-${i}`,
    tenantId: 't1',
    createdAt: '2026-11-23T12:00:00.000Z',
    updatedAt: '2026-11-23T12:00:00.000Z',
    register: m.register,
    kind: m.kind,
    method: m.method,
    amountCentavos: m.amountCentavos,
    at: written(s.era + m.minute * 60_000, m.offsetMinutes, m.millis, m.zulu),
    by: 'u1',
  }));
  const firstDay = new Date(s.era + DAY_MS).toISOString().slice(0, 10);
  const from = addDays(firstDay, s.fromDay - 1);
  return { movements, from, to: addDays(from, s.span) };
}

/** The registers: r4 has no record (a movement pulled before its register), as the flux allows. */
const registerMap = new Map<string, CashRegister>(
  (['r1', 'r2', 'r3'] as const).map((id, i) => [
    id,
    {
      id,
      tenantId: 't1',
      createdAt: '2026-11-23T12:00:00.000Z',
      updatedAt: '2026-11-23T12:00:00.000Z',
      station: i === 2 ? 's2' : 's1',
      user: 'u1',
      status: (['open', 'closing', 'closed'] as const)[i]!,
      openedAt: '2026-11-23T12:00:00.000Z',
      changeFundCentavos: 0,
    },
  ]),
);

/** What the flux read before the summaries: the widened text range, sorted as the store sorts, cut on the instant. */
function reference(movements: readonly CashMovement[], from: string, to: string, station?: string) {
  const start = startOfDayIn(from, FINANCE_TIME_ZONE).getTime();
  const end = startOfDayIn(addDays(to, 1), FINANCE_TIME_ZONE).getTime();
  const found = movements
    .filter((m) => m.at >= addDays(from, -1) && m.at < addDays(to, 2))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const inPeriod = found.filter((m) => Date.parse(m.at) >= start && Date.parse(m.at) < end);
  return fluxOfMovements(from, to, inPeriod, registerMap, station);
}

const daysIn = (days: readonly RegisterDaySummary[], from: string, to: string) =>
  days.filter((d) => d.day >= from && d.day <= to);

describe('registers flux from the daily summaries', () => {
  it('is the flux of the movements, to the byte, for any movements, offsets and period', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { movements, from, to } = build(s);
        const days = rebuildRegisterDays('t1', movements, '2026-11-23T12:00:00.000Z');
        const fromSummaries = fluxOfSummaries(from, to, daysIn(days, from, to), registerMap, s.station);
        expect(JSON.stringify(fromSummaries)).toBe(JSON.stringify(reference(movements, from, to, s.station)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('is the same when two writers kept a day each and their versions merged as counters', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { movements, from, to } = build(s);
        const split = movements.length === 0 ? 0 : s.split % (movements.length + 1);
        const shared = movements.slice(0, split);
        const rest = movements.slice(split);
        const cut = Math.floor(rest.length * s.pushedShare);
        const now = '2026-11-23T12:00:00.000Z';
        const byId = (list: readonly CashMovement[]) =>
          new Map(rebuildRegisterDays('t1', list, now).map((d) => [d.id, d as unknown as Record<string, unknown>]));
        const assumed = byId(shared);
        const master = byId([...shared, ...rest.slice(cut)]);
        const pushed = byId([...shared, ...rest.slice(0, cut)]);
        const merged = new Map(master);
        for (const [id, p] of pushed) {
          const m = master.get(id);
          merged.set(id, m ? mergeRegisterDay(m, assumed.get(id), p)! : p);
        }
        const days = [...merged.values()] as unknown as RegisterDaySummary[];
        const fromSummaries = fluxOfSummaries(from, to, daysIn(days, from, to), registerMap, s.station);
        expect(JSON.stringify(fromSummaries)).toBe(JSON.stringify(reference(movements, from, to, s.station)));
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('registers flux on the real store', () => {
  let h: FinanceHarness;
  beforeAll(async () => {
    h = await openFinance();
    const store = h.database.forTenant('t1');
    for (const r of registerMap.values()) await store.collection(cashRegisters).insert(r);
  });
  afterAll(() => h.close());

  it('answers what the movements answer, and recalculation finds every summary right', async () => {
    const store = h.database.forTenant('t1');
    let written: CashMovement[] = [];
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { movements, from, to } = build(s);
        await store.transaction(async (tx) => {
          for (const m of movements) {
            const { id: _id, tenantId: _t, createdAt: _c, updatedAt: _u, by: _b, ...fields } = m;
            written.push(await appendMovement(h.ctx, tx, fields));
          }
        });
        const answer = await h.run(registerFlux, { from, to, ...(s.station ? { station: s.station } : {}) });
        expect(JSON.stringify(answer)).toBe(JSON.stringify(await movementFlux(store, from, to, s.station)));
        expect(JSON.stringify(answer)).toBe(JSON.stringify(reference(written, from, to, s.station)));
      }),
      { numRuns: 25 },
    );
    expect(await verifyRegisterDays(h.ctx, store)).toEqual([]);
    // A summary that lost a movement is found and rewritten to its movements.
    const [day] = await store.collection(registerDays).find({ selector: {}, limit: 1 });
    if (day) {
      const { _rev, ...rest } = day;
      await store.collection(registerDays).update(day.id, _rev, { ...rest, inCentavos: day.inCentavos + 1 });
      const { corrected } = await h.run(recalculateRegisterDays, {});
      expect(corrected.map((c) => [c.register, c.day])).toEqual([[day.register, day.day]]);
      // The record held one centavo in too many; the movements' sum is back in it.
      expect(Math.round((corrected[0]!.recorded!.in - corrected[0]!.rebuilt.in) * 100)).toBe(1);
      expect(await verifyRegisterDays(h.ctx, store)).toEqual([]);
    }
    written = [];
  }, 300_000);
});
