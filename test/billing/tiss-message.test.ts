/**
 * The TISS message against the real ANS 4.01.00 schemas, and its epilogue hash recomputed here from
 * the document's text (item 115), independently of the product's hash code.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { convert, create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import { batchBody, header, TISS_NAMESPACE, write, writeBatchMessage } from '#core/billing/tiss/message.js';
import { leaf, node } from '#core/billing/tiss/xml-tree.js';
import { validateTissMessage, validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import type { TissBatch, TissGuide } from '#core/billing/tiss/tiss-data.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

// The server reads the ANS schemas from disk (core reads none).
setTissSchemaSource(diskTissSchemas);

const professional = { name: 'Dra. Ana Conceição', council: '06', councilNumber: '12345', state: '35', cbo: '225125' };

function guide(n: number, extra: Partial<TissGuide> = {}): TissGuide {
  return {
    guideNumber: String(n),
    cardNumber: `00123456789${n}`,
    newborn: false,
    date: '2026-11-20',
    consultationType: '1',
    professional,
    items: [
      {
        table: '22',
        code: '10101012',
        description: 'Consulta em consultório',
        quantity: 1,
        unitCentavos: 15000,
        date: '2026-11-20',
      },
    ],
    ...extra,
  };
}

function batch(guideType: TissBatch['guideType'], guides: TissGuide[]): TissBatch {
  return {
    version: '4.01.00',
    batchNumber: '42',
    transactionNumber: '42',
    day: '2026-11-23',
    time: '09:00:00',
    ansRegistry: '123456',
    provider: { providerCode: 'PREST001', cnes: '1234567', name: 'Clínica São João & Filhos' },
    guideType,
    guides,
  };
}

const spSadtGuides = [
  guide(1, {
    authorizationCode: 'A998877',
    authorizationDate: '2026-11-19',
    notes: 'Exame pedido após consulta; paciente com dor torácica',
    items: [
      {
        table: '22',
        code: '40101010',
        description: 'Eletrocardiograma convencional',
        quantity: 1,
        unitCentavos: 4590,
        date: '2026-11-20',
      },
      {
        table: '22',
        code: '40301630',
        description: 'Glicose – pesquisa',
        quantity: 2,
        unitCentavos: 1033,
        date: '2026-11-20',
      },
      {
        table: '19',
        code: '70000001',
        description: 'Seringa descartável 5 ml',
        quantity: 3,
        unitCentavos: 150,
        date: '2026-11-20',
        expenseCode: '03',
      },
      {
        table: '20',
        code: '90000001',
        description: 'Dipirona 500 mg',
        quantity: 1,
        unitCentavos: 275,
        date: '2026-11-20',
        expenseCode: '02',
      },
    ],
  }),
  guide(2, { consultationType: '2' }),
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Item 115, from the written text: drop the declaration and the epilogue, keep what lies between
 * tags, decode entities, encode ISO-8859-1, MD5 in hex.
 */
function independentHash(xml: string): string {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '').replace(/<ans:epilogo>.*<\/ans:epilogo>/s, '');
  const text = body
    .split(/<[^>]+>/)
    .join('')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
  return createHash('md5').update(Buffer.from(text, 'latin1')).digest('hex');
}

function writtenHash(xml: string): string {
  return /<ans:hash>([0-9a-f]{32})<\/ans:hash>/.exec(xml)![1]!;
}

describe('TISS 4.01.00 batch message', () => {
  for (const [name, message] of [
    ['consulta', writeBatchMessage(batch('consulta', [guide(1), guide(2, { newborn: true })]))],
    ['SP/SADT', writeBatchMessage(batch('spsadt', spSadtGuides))],
  ] as const) {
    it(`${name}: valid against the ANS schemas, unindented ISO-8859-1, hash of item 115`, async () => {
      expect(await validateTissMessage(message.bytes, '4.01.00')).toEqual([]);
      expect(message.xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?><ans:mensagemTISS')).toBe(true);
      expect(message.xml).not.toMatch(/>\s+</);
      expect(Buffer.from(message.bytes).toString('latin1')).toBe(message.xml);
      expect(message.bytes).toContain(0xe7); // "ç" as one ISO-8859-1 byte
      expect(writtenHash(message.xml)).toBe(independentHash(message.xml));
      expect(message.hash).toBe(writtenHash(message.xml));
    });
  }

  it('writes the SP/SADT totals per kind of line', () => {
    const { xml } = writeBatchMessage(batch('spsadt', spSadtGuides));
    expect(xml).toContain(
      '<ans:valorTotal><ans:valorProcedimentos>66.56</ans:valorProcedimentos><ans:valorMateriais>4.50</ans:valorMateriais>' +
        '<ans:valorMedicamentos>2.75</ans:valorMedicamentos><ans:valorTotalGeral>73.81</ans:valorTotalGeral></ans:valorTotal>',
    );
  });

  it('maps what the schema refuses to pt-BR messages on the TISS field', async () => {
    const bad = writeBatchMessage(
      batch('consulta', [guide(1, { cardNumber: '' }), guide(2, { professional: { ...professional, cbo: '999' } })]),
    );
    const problems = await validateTissMessage(bad.bytes, '4.01.00');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'numeroCarteira', message: 'Campo numeroCarteira obrigatório não preenchido' }),
        expect.objectContaining({ path: 'CBOS', message: 'Valor fora do padrão TISS no campo CBOS' }),
      ]),
    );
  });

  it('writes the same document xmlbuilder2 writes from the same tree (escapes, empty values)', () => {
    const data = batch('spsadt', [guide(1, { notes: 'a & b <c> "d"', cardNumber: '' }), ...spSadtGuides]);
    const message = writeBatchMessage(data);
    const doc = create({ version: '1.0', encoding: 'ISO-8859-1' });
    const root = doc.ele(TISS_NAMESPACE, 'ans:mensagemTISS');
    for (const part of [
      header({ ...data, transaction: 'ENVIO_LOTE_GUIAS' }),
      batchBody(data),
      node('epilogo', [leaf('hash', message.hash)]),
    ])
      write(root, part);
    expect(message.xml).toBe(doc.end({ prettyPrint: false }));
  });

  it('checks several batches in one run and gives each its own problems', async () => {
    const good = writeBatchMessage(batch('consulta', [guide(1)]));
    const bad = writeBatchMessage(batch('consulta', [guide(2, { cardNumber: '' })]));
    const [first, second, third] = await validateTissMessages([good.bytes, bad.bytes, good.bytes], '4.01.00');
    expect(first).toEqual([]);
    expect(third).toEqual([]);
    expect(second).toEqual([expect.objectContaining({ path: 'numeroCarteira' })]);
  });

  it('refuses a version with no schemas and a character outside ISO-8859-1', async () => {
    await expect(validateTissMessage(new Uint8Array(), '9.99.99')).rejects.toMatchObject({ code: 'validation' });
    expect(() => writeBatchMessage(batch('consulta', [guide(1, { notes: 'ok ✓' })]))).toThrow(/ISO-8859-1/);
  });
});

const latinText = fc.stringMatching(/^[A-Za-z0-9çãéÁ ]{1,30}$/).filter((s) => s.trim().length > 0);
const itemArb = fc.record({
  quantity: fc.integer({ min: 1, max: 999 }),
  unitCentavos: fc.integer({ min: 0, max: 99_999_999 }),
  expenseCode: fc.constantFrom(undefined, '02', '03', '07'),
});
const guidesArb = fc.array(
  fc.record({
    card: fc.stringMatching(/^[0-9]{1,20}$/),
    name: latinText,
    items: fc.array(itemArb, { minLength: 1, maxLength: 5 }),
  }),
  { minLength: 1, maxLength: 5 },
);

function propertyBatch(
  input: {
    card: string;
    name: string;
    items: { quantity: number; unitCentavos: number; expenseCode?: '02' | '03' | '07' }[];
  }[],
) {
  return batch(
    'spsadt',
    input.map((g, n) =>
      guide(n + 1, {
        cardNumber: g.card,
        professional: { ...professional, name: g.name },
        items: g.items.map((i, k) => ({
          table: i.expenseCode ? '19' : '22',
          code: String(10000000 + k),
          description: `Item ${k}`,
          quantity: i.quantity,
          unitCentavos: i.unitCentavos,
          date: '2026-11-20',
          ...(i.expenseCode ? { expenseCode: i.expenseCode } : {}),
        })),
      }),
    ),
  );
}

describe('TISS message properties', () => {
  it("a batch's guide totals add up to the sum of its lines, to the centavo", () => {
    fc.assert(
      fc.property(guidesArb, (guides) => {
        const { xml } = writeBatchMessage(propertyBatch(guides));
        const written = [...xml.matchAll(/<ans:valorTotalGeral>(\d+)\.(\d{2})<\/ans:valorTotalGeral>/g)].map(
          (m) => Number(m[1]) * 100 + Number(m[2]),
        );
        const expected = guides.map((g) => g.items.reduce((sum, i) => sum + i.quantity * i.unitCentavos, 0));
        expect(written).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('the hash changes with any value and not with indentation', () => {
    fc.assert(
      fc.property(guidesArb, fc.nat(), fc.stringMatching(/^[0-9]{1,20}$/), (guides, pick, card) => {
        const data = propertyBatch(guides);
        const message = writeBatchMessage(data);
        const indented = convert(message.xml, { format: 'xml', prettyPrint: true, indent: '    ' });
        expect(indented).toMatch(/>\n\s+</);
        const textOf = (xml: string) => xml.replace(/>\s+</g, '><');
        expect(independentHash(textOf(indented))).toBe(message.hash);
        const target = pick % guides.length;
        fc.pre(card !== guides[target]!.card);
        const changed = writeBatchMessage({
          ...data,
          guides: data.guides.map((g, n) => (n === target ? { ...g, cardNumber: card } : g)),
        });
        expect(changed.hash).not.toBe(message.hash);
        const repriced = writeBatchMessage({
          ...data,
          guides: data.guides.map((g, n) =>
            n === target
              ? { ...g, items: g.items.map((i, k) => (k === 0 ? { ...i, quantity: i.quantity === 1 ? 2 : 1 } : i)) }
              : g,
          ),
        });
        expect(repriced.hash).not.toBe(message.hash);
      }),
      { numRuns: 100 },
    );
  });
});
