/**
 * The guia de tratamento odontológico (GTO) from a dental budget's lines (tooth and faces, or region)
 * against the real ANS 4.01.00 schemas, with its epilogue hash recomputed here from the document's
 * text (item 115), independently of the product's hash code.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dentalItemsFromBudget, type TissDentalBatch } from '#core/billing/tiss/gto.js';
import { writeDentalBatchMessage } from '#core/billing/tiss/message.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { validateTissMessage } from '#core/billing/tiss/schema-validator.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

setTissSchemaSource(diskTissSchemas);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function independentHash(xml: string): string {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '').replace(/<ans:epilogo>.*<\/ans:epilogo>/s, '');
  const text = body
    .split(/<[^>]+>/)
    .join('')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
  return createHash('md5').update(Buffer.from(text, 'latin1')).digest('hex');
}

// A budget's lines as the dental chart recorded them: a restoration on two faces of 16, an
// extraction of 48, and a scaling of the upper arch.
const budgetLines = [
  {
    code: '85100196',
    description: 'Restauração em resina fotopolimerizável 2 faces',
    quantity: 1,
    totalValue: 180,
    tooth: '16',
    toothFace: ['O', 'M'] as ('O' | 'M')[],
  },
  {
    code: '82000239',
    description: 'Exodontia de permanente por odontosecção',
    quantity: 1,
    totalValue: 250.5,
    tooth: '48',
  },
  {
    code: '85300039',
    description: 'Raspagem supra-gengival (por arcada) – “sessão”',
    quantity: 2,
    totalValue: 120,
    toothRegion: 'AS' as const,
  },
];

function batch(): TissDentalBatch {
  return {
    version: '4.01.00',
    batchNumber: '12',
    transactionNumber: '12',
    day: '2026-11-27',
    time: '11:00:00',
    ansRegistry: '123456',
    provider: { providerCode: 'ODONTO01', cnes: '1234567', name: 'Clínica Sorriso' },
    guides: [
      {
        guideNumber: '501',
        cardNumber: '0012345678901',
        newborn: false,
        date: '2026-11-25',
        planName: 'Odonto Plus Nacional',
        attendanceType: '1',
        billingType: '4',
        treatmentEnd: '2026-11-25',
        professional: { name: 'Dr. João Ávila', council: '08', councilNumber: '54321', state: '35', cbo: '223208' },
        items: dentalItemsFromBudget(budgetLines, '2026-11-25'),
        notes: 'Tratamento concluído',
      },
    ],
  };
}

describe('GTO (guia de tratamento odontológico)', () => {
  it('writes teeth, faces and regions from the budget, valid against the ANS schemas, with the item 115 hash', async () => {
    const message = writeDentalBatchMessage(batch());
    expect(await validateTissMessage(message.bytes, '4.01.00')).toEqual([]);
    expect(message.xml).toContain(
      '<ans:denteRegiao><ans:codDente>16</ans:codDente></ans:denteRegiao><ans:denteFace>OM</ans:denteFace>',
    );
    expect(message.xml).toContain(
      '<ans:denteRegiao><ans:codDente>48</ans:codDente></ans:denteRegiao><ans:qtdProc>1</ans:qtdProc>',
    );
    expect(message.xml).toContain(
      '<ans:denteRegiao><ans:codRegiao>AS</ans:codRegiao></ans:denteRegiao><ans:qtdProc>2</ans:qtdProc>',
    );
    expect(message.xml).toContain('<ans:valorTotalProc>550.50</ans:valorTotalProc>');
    expect(message.xml).toContain('(por arcada) - "sessão"');
    expect(message.bytes).toContain(0xed); // "í" of concluído as one ISO-8859-1 byte
    const written = /<ans:hash>([0-9a-f]{32})<\/ans:hash>/.exec(message.xml)![1];
    expect(written).toBe(independentHash(message.xml));
    expect(message.hash).toBe(written);
  });

  it('is refused by the schemas for a tooth number outside dm_dente', async () => {
    const bad = batch();
    const guide = { ...bad.guides[0]!, items: [{ ...bad.guides[0]!.items[0]!, tooth: '10' }] };
    const problems = await validateTissMessage(writeDentalBatchMessage({ ...bad, guides: [guide] }).bytes, '4.01.00');
    expect(problems).toEqual([
      expect.objectContaining({ path: 'codDente', message: 'Valor fora do padrão TISS no campo codDente' }),
    ]);
  });
});
