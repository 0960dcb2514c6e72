/**
 * Refusals (glosas): an operator's account analysis statement, itself valid against the ANS 4.01.00
 * schemas, is read guide by guide and item by item; the appeal written from it validates against the
 * same schemas and its epilogue hash is recomputed here from the document's text (item 115).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAnalysisStatements } from '#core/billing/tiss/analysis-statement.js';
import { writeAppealMessage } from '#core/billing/tiss/appeal.js';
import { validateTissMessage } from '#core/billing/tiss/schema-validator.js';
import { STATEMENT } from '#core/billing/testing-statement.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

// The server reads the ANS schemas from disk (core reads none).
setTissSchemaSource(diskTissSchemas);

function independentHash(xml: string): string {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '').replace(/<ans:epilogo>.*<\/ans:epilogo>/s, '');
  const text = body
    .split(/<[^>]+>/)
    .join('')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  return createHash('md5').update(Buffer.from(text, 'latin1')).digest('hex');
}

describe('glosas', () => {
  it('reads the analysis statement guide by guide and item by item', async () => {
    expect(await validateTissMessage(Buffer.from(STATEMENT, 'latin1'), '4.01.00')).toEqual([]);
    const [protocol, ...rest] = readAnalysisStatements(STATEMENT);
    expect(rest).toEqual([]);
    expect(protocol).toMatchObject({ batchNumber: '42', protocol: '998877', protocolDate: '2026-11-24', status: '3' });
    expect(protocol!.guides).toEqual([
      { guideNumber: '1', status: '3', glosas: [], items: [], informedCentavos: 15000, releasedCentavos: 15000 },
      {
        guideNumber: '2',
        operatorGuideNumber: 'OP778',
        status: '3',
        glosas: [],
        informedCentavos: 4590,
        releasedCentavos: 0,
        items: [
          {
            sequence: 1,
            date: '2026-11-20',
            table: '22',
            code: '40101010',
            description: 'Eletrocardiograma convencional',
            informedCentavos: 4590,
            releasedCentavos: 0,
            glosas: [{ code: '1801', centavos: 4590 }],
          },
        ],
      },
    ]);
  });

  it('refuses a file that is no analysis statement', () => {
    expect(() => readAnalysisStatements('<a><b></a>')).toThrow(/demonstrativo/);
    expect(() => readAnalysisStatements('<?xml version="1.0"?><x/>')).toThrow(/demonstrativo/);
  });

  it('writes an appeal valid against the ANS schemas, with the hash of item 115', async () => {
    const guide = readAnalysisStatements(STATEMENT)[0]!.guides[1]!;
    const item = guide.items[0]!;
    const message = writeAppealMessage({
      version: '4.01.00',
      appealNumber: '7',
      transactionNumber: '7',
      day: '2026-12-11',
      time: '10:00:00',
      ansRegistry: '123456',
      operatorName: 'Saúde Exemplo',
      provider: { providerCode: 'PREST001', cnes: '1234567', name: 'Clínica São João' },
      batchNumber: '42',
      protocol: '998877',
      totalCentavos: item.glosas[0]!.centavos!,
      guides: [
        {
          guideNumber: guide.guideNumber,
          operatorGuideNumber: guide.operatorGuideNumber,
          items: [
            {
              sequence: item.sequence,
              date: item.date,
              table: item.table,
              code: item.code,
              description: item.description,
              glosaCode: item.glosas[0]!.code,
              centavos: item.glosas[0]!.centavos!,
              justification: 'Exame solicitado na consulta – laudo anexo; cobertura contratual do plano',
            },
          ],
        },
      ],
    });
    expect(await validateTissMessage(message.bytes, '4.01.00')).toEqual([]);
    expect(message.xml).toContain('<ans:tipoTransacao>RECURSO_GLOSA</ans:tipoTransacao>');
    expect(message.xml).toContain('<ans:valorRecursado>45.90</ans:valorRecursado>');
    expect(message.xml).not.toMatch(/>\s+</);
    expect(message.hash).toBe(independentHash(message.xml));
  });
});
