/** A batch's total equals the sum of its guides' lines to the centavo, for any prices and quantities. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCentavos } from '#core/price/money.js';
import type { BillingAttendance } from './attendance-record.js';
import { guideOf } from './batch-document.js';
import { writeBatchMessage } from './tiss/message.js';
import { batchTotal } from './totals.js';

const professional = { name: 'Dra. Ana', council: '06', councilNumber: '1', state: '35', cbo: '225125' };
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 999 }),
  // Reais with at most two decimals, as the API takes them (st_decimal8-2 caps a unit at 999999.99).
  unitValue: fc.integer({ min: 0, max: 99_999_999 }).map(fromCentavos),
  expense: fc.boolean(),
});
const attendances = fc.array(fc.array(line, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 });

function attendance(n: number, lines: { quantity: number; unitValue: number; expense: boolean }[]): BillingAttendance {
  return {
    id: `a${n}`,
    tenantId: 't1',
    createdAt: '2026-11-23T09:00:00-03:00',
    updatedAt: '2026-11-23T09:00:00-03:00',
    patient: 'p',
    clinic: 'c',
    professional: 'u',
    insurance: 'i',
    cardNumber: '123',
    newborn: false,
    guideType: 'spsadt',
    guideNumber: String(n + 1),
    date: '2026-11-20',
    professionalData: professional,
    returnVisit: false,
    items: lines.map((l, k) => ({
      table: l.expense ? '19' : '22',
      code: String(10000000 + k),
      description: `Linha ${k}`,
      quantity: l.quantity,
      unitValue: l.unitValue,
      date: '2026-11-20',
      ...(l.expense ? { expenseCode: '03' as const } : {}),
    })),
  };
}

describe('batch totals', () => {
  it('equal the sum of the guides written in the TISS message, to the centavo', () => {
    fc.assert(
      fc.property(attendances, (all) => {
        const records = all.map((lines, n) => attendance(n, lines));
        const { xml } = writeBatchMessage({
          version: '4.01.00',
          batchNumber: '1',
          transactionNumber: '1',
          day: '2026-11-23',
          time: '09:00:00',
          ansRegistry: '123456',
          provider: { providerCode: 'P1', cnes: '1234567', name: 'Clínica' },
          guideType: 'spsadt',
          guides: records.map(guideOf),
        });
        const written = [...xml.matchAll(/<ans:valorTotalGeral>(\d+)\.(\d{2})</g)].reduce(
          (sum, m) => sum + Number(m[1]) * 100 + Number(m[2]),
          0,
        );
        const lines = all.flat().reduce((sum, l) => sum + l.quantity * Math.round(l.unitValue * 100), 0);
        expect(written).toBe(lines);
        expect(Math.round(batchTotal(records) * 100)).toBe(lines);
      }),
      { numRuns: 300 },
    );
  });
});
