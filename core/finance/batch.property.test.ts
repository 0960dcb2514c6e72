import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBill, getBill } from './bill-ops.js';
import { markPaid, payBatch } from './payment-ops.js';
import { payments } from './payment-record.js';
import { openFinance, type FinanceHarness } from './testing.js';

let h: FinanceHarness;
beforeAll(async () => {
  h = await openFinance();
});
afterAll(() => h.close());

const reais = (cents: number) => cents / 100;

describe('batch payment on the real store', () => {
  it('is all or nothing: refused, changing nothing, when one expected value differs; else every bill is settled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            total: fc.integer({ min: 1, max: 5_000_000 }),
            paidFirst: fc.double({ min: 0, max: 0.9, noNaN: true }),
            off: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: -500, max: 500 })),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (lines) => {
          const ids: string[] = [];
          const open: number[] = [];
          for (const line of lines) {
            const { finance } = await h.run(createBill, {
              type: 'receivable',
              value: reais(line.total),
              description: 'Lote',
              dueDate: '2026-12-01',
            });
            const first = Math.floor(line.total * line.paidFirst);
            if (first > 0) await h.run(markPaid, { id: finance.id, value: reais(first), method: 'cash' });
            ids.push(finance.id);
            open.push(line.total - first);
          }
          const expected = lines.map((l, i) => Math.max(0, open[i]! + l.off));
          const countPayments = () => h.ctx.store.collection(payments).count();
          const before = await countPayments();
          const input = { items: ids.map((id, i) => ({ id, expected: reais(expected[i]!) })), method: 'pix' as const };
          const allMatch = expected.every((e, i) => e === open[i]);
          if (allMatch) {
            const done = await h.run(payBatch, input);
            expect(done.received * 100).toBeCloseTo(
              open.reduce((a, b) => a + b, 0),
              6,
            );
            for (const id of ids) expect((await h.run(getBill, { id })).status).toBe('paid');
            expect(await countPayments()).toBe(before + ids.length);
          } else {
            const error = await h.failure(payBatch, input);
            expect(error.code).toBe('conflict');
            const wrong = expected.flatMap((e, i) => (e === open[i] ? [] : [`items.${i}.expected`]));
            expect(error.details.map((d) => d.path)).toEqual(wrong);
            for (const [i, id] of ids.entries())
              expect(Math.round((await h.run(getBill, { id })).open * 100)).toBe(open[i]);
            expect(await countPayments()).toBe(before);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
