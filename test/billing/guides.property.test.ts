/**
 * Properties of GTO and honorários batches, for any prices and quantities: each guide's written total
 * (valorTotalProc, valorTotalHonorarios) and the batch's total equal the sum of the lines to the
 * centavo; the epilogue hash, recomputed here from the text, does not change when the document is
 * only indented, and changes when any value (a price, a quantity, a tooth, a role, a card) changes.
 */
import fc from 'fast-check';
import { convert } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import type { BillingAttendance } from '#core/billing/attendance-record.js';
import { guideOf } from '#core/billing/batch-document.js';
import { writeBatchMessage } from '#core/billing/tiss/message.js';
import { batchTotal } from '#core/billing/totals.js';
import { fromCentavos } from '#core/price/money.js';
import { independentHash } from './independent-hash.js';

type Kind = 'odonto' | 'honorarios';
const professional = { name: 'Dra. Ana Conceição', council: '06', councilNumber: '123456', state: '35', cbo: '225125' };
const TEETH = ['11', '16', '21', '36', '48', '55', '85'];
const line = fc.record({
  quantity: fc.integer({ min: 1, max: 99 }),
  // Reais with two decimals; st_decimal8-2 caps a line's total at 999999.99.
  unitCentavos: fc.integer({ min: 0, max: 999_999 }),
  tooth: fc.option(fc.constantFrom(...TEETH), { nil: undefined }),
  role: fc.constantFrom('00', '01', '06'),
});
type Line = typeof line extends fc.Arbitrary<infer T> ? T : never;
const guides = fc.array(
  fc.record({ card: fc.stringMatching(/^[0-9]{6,20}$/), lines: fc.array(line, { minLength: 1, maxLength: 5 }) }),
  { minLength: 1, maxLength: 5 },
);
type Guides = typeof guides extends fc.Arbitrary<infer T> ? T : never;

function attendance(kind: Kind, n: number, card: string, lines: readonly Line[]): BillingAttendance {
  return {
    id: `a${n}`,
    tenantId: 't1',
    createdAt: '2026-11-27T09:00:00-03:00',
    updatedAt: '2026-11-27T09:00:00-03:00',
    patient: 'p',
    clinic: 'c',
    professional: 'u',
    insurance: 'i',
    cardNumber: card,
    newborn: false,
    guideType: kind,
    guideNumber: String(n + 1),
    date: '2026-11-21',
    professionalData: professional,
    returnVisit: false,
    ...(kind === 'odonto'
      ? { planName: 'Plano Odonto' }
      : {
          hospitalStay: {
            requestGuide: 'SOL1',
            hospital: { name: 'Hospital', cnpj: '60922168000186', cnes: '2077485' },
            character: '1' as const,
            billingType: '4' as const,
            start: '2026-11-18',
            startTime: '08:00:00',
            end: '2026-11-21',
            endTime: '10:00:00',
            admissionType: '2' as const,
            regime: '1' as const,
            diagnoses: ['K358'],
            accident: '9' as const,
            exitReason: '12',
          },
        }),
    items: lines.map((l, k) => ({
      table: '22',
      code: String(31000000 + k),
      description: `Procedimento ${k}`,
      quantity: l.quantity,
      unitValue: fromCentavos(l.unitCentavos),
      date: '2026-11-21',
      ...(kind === 'odonto' && l.tooth ? { tooth: l.tooth } : {}),
      ...(kind === 'honorarios' ? { team: [{ ...professional, professional: 'u', role: l.role }] } : {}),
    })),
  };
}

function message(kind: Kind, all: Guides) {
  const records = all.map((g, n) => attendance(kind, n, g.card, g.lines));
  const written = writeBatchMessage({
    version: '4.01.00',
    batchNumber: '7',
    transactionNumber: '7',
    day: '2026-11-27',
    time: '09:00:00',
    ansRegistry: '123456',
    provider: { providerCode: 'PREST001', cnes: '1234567', name: 'Clínica' },
    guideType: kind,
    guides: records.map(guideOf),
  });
  return { records, ...written };
}

const TOTAL = { odonto: 'valorTotalProc', honorarios: 'valorTotalHonorarios' } as const;
const centavosOf = (l: Line) => l.quantity * l.unitCentavos;

/** `all` with one value changed: a price, a quantity, a tooth or a role of one line, or a card. */
function changeOne(kind: Kind, all: Guides, pick: number, what: number): Guides {
  const g = pick % all.length;
  const k = pick % all[g]!.lines.length;
  return all.map((guide, n) => {
    if (n !== g) return guide;
    if (what % 4 === 3) return { ...guide, card: guide.card === '999999' ? '888888' : '999999' };
    const lines = guide.lines.map((l, j): Line => {
      if (j !== k) return l;
      if (what % 4 === 0) return { ...l, unitCentavos: l.unitCentavos === 0 ? 1 : l.unitCentavos - 1 };
      if (what % 4 === 1) return { ...l, quantity: l.quantity === 1 ? 2 : 1 };
      return kind === 'odonto'
        ? { ...l, tooth: l.tooth === '11' ? '21' : '11' }
        : { ...l, role: l.role === '00' ? '01' : '00' };
    });
    return { ...guide, lines };
  });
}

describe.each(['odonto', 'honorarios'] as const)('%s batch properties', (kind) => {
  it('guide and batch totals equal the sum of the lines, to the centavo', () => {
    fc.assert(
      fc.property(guides, (all) => {
        const { xml, records } = message(kind, all);
        const pattern = new RegExp(`<ans:${TOTAL[kind]}>(\\d+)\\.(\\d{2})</ans:${TOTAL[kind]}>`, 'g');
        const written = [...xml.matchAll(pattern)].map((m) => Number(m[1]) * 100 + Number(m[2]));
        expect(written).toEqual(all.map((g) => g.lines.reduce((sum, l) => sum + centavosOf(l), 0)));
        const lines = all.flatMap((g) => g.lines).reduce((sum, l) => sum + centavosOf(l), 0);
        expect(Math.round(batchTotal(records) * 100)).toBe(lines);
      }),
      { numRuns: 150 },
    );
  });

  it('the hash does not change with indentation and changes with any value', () => {
    fc.assert(
      fc.property(guides, fc.nat(), fc.nat(), (all, pick, what) => {
        const original = message(kind, all);
        const indented = convert(original.xml, { format: 'xml', prettyPrint: true, indent: '  ' });
        expect(indented).toMatch(/>\n\s+</);
        expect(independentHash(indented.replace(/>\s+</g, '><'))).toBe(original.hash);
        expect(independentHash(original.xml)).toBe(original.hash);
        const changed = message(kind, changeOne(kind, all, pick, what));
        expect(changed.hash).not.toBe(original.hash);
        expect(independentHash(changed.xml)).toBe(changed.hash);
      }),
      { numRuns: 100 },
    );
  });
});
