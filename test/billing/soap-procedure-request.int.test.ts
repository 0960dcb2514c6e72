/**
 * The authorization requests of issue 25 through the SOAP adapter against the local insurer double:
 * a guia de solicitação de SP/SADT and one of internação (tissSolicitacaoProcedimento) and a guide
 * cancellation (tissCancelaGuia). Each request validates against the ANS 4.01.00 web-service schema
 * here, and its item 115 hash is recomputed from the document's text (the tags' contents only,
 * ISO-8859-1) independently of the writer; the double checks both again and answers valid documents.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import {
  writeCancelGuideRequest,
  writeProcedureRequest,
  type ProcedureRequestData,
} from '#core/billing/tiss/procedure-request.js';
import type { WsHead } from '#core/billing/tiss/ws-requests.js';
import { soapInsurerTransport } from '../../sync-server/billing/soap-insurer.js';
import { startTestInsurer, type TestInsurer } from '../../sync-server/billing/test-insurer.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

setTissSchemaSource(diskTissSchemas);

const head: WsHead = {
  version: '4.01.00',
  transactionNumber: '77',
  day: '2026-11-27',
  time: '10:00:00',
  ansRegistry: '123456',
  provider: { providerCode: 'PREST001' },
  login: { login: 'clinica.sj', password: 'segredo' },
};

const request: ProcedureRequestData = {
  guideNumber: '41',
  cardNumber: '0012345678901',
  newborn: false,
  validationCode: 'TK1234',
  providerName: 'Clínica São João',
  cnes: '1234567',
  professional: { name: 'Dra. Ana Souza', council: '06', councilNumber: '123456', state: '35', cbo: '225125' },
  character: '1',
  date: '2026-11-27',
  clinicalIndication: 'Dor torácica aos esforços — investigar',
  procedures: [
    { table: '22', code: '40101010', description: 'ECG convencional de até 12 derivações', quantity: 1 },
    { table: '22', code: '40302040', description: 'Colesterol total', quantity: 1 },
  ],
};

const hospitalization: ProcedureRequestData = {
  ...request,
  guideNumber: '42',
  procedures: [{ table: '22', code: '31009069', description: 'Colecistectomia com colangiografia', quantity: 1 }],
  hospitalization: {
    hospitalCode: 'HOSP01',
    hospitalName: 'Hospital Santa Luzia',
    suggestedDate: '2026-12-03',
    type: '2',
    regime: '1',
    days: 2,
    opme: false,
    chemotherapy: false,
    cids: ['K80.1'],
  },
};

/** Item 115, recomputed from the text: every tag's content before the hash, in ISO-8859-1. */
function recomputedHash(xml: string): string {
  const before = xml.slice(0, xml.indexOf('<ans:hash>'));
  const text = before
    .replace(/<\?xml[^>]*\?>/, '')
    .split(/<[^>]+>/)
    .join('');
  return createHash('md5').update(Buffer.from(text, 'latin1')).digest('hex');
}

let insurer: TestInsurer;
beforeAll(async () => {
  insurer = await startTestInsurer();
});
afterAll(() => insurer.close());

describe('solicitação de procedimento and cancelamento de guia over SOAP', () => {
  const transport = soapInsurerTransport();

  it('writes SP/SADT, internação and cancel requests valid against the ANS schemas with their hash', async () => {
    const messages = [
      writeProcedureRequest(head, request),
      writeProcedureRequest(head, hospitalization),
      writeCancelGuideRequest(head, { guideNumber: '41', operatorGuideNumber: 'OP41' }),
    ];
    expect(
      await validateTissMessages(
        messages.map((m) => m.bytes),
        '4.01.00',
        'webServices',
      ),
    ).toEqual([[], [], []]);
    for (const m of messages) {
      expect(recomputedHash(m.xml)).toBe(m.hash);
      expect(m.xml).toContain(`<ans:hash>${m.hash}</ans:hash>`);
    }
    expect(messages[0]!.xml).toContain('<ans:solicitacaoSP-SADT>');
    expect(messages[1]!.xml).toContain('<ans:diagnosticoCID>K801</ans:diagnosticoCID>');
    // The em dash is not ISO-8859-1: it goes as a plain hyphen.
    expect(messages[0]!.xml).toContain('Dor torácica aos esforços - investigar');
  });

  it('changes the hash when a value changes', () => {
    const a = writeProcedureRequest(head, request);
    const b = writeProcedureRequest(head, { ...request, procedures: [{ ...request.procedures[0]!, quantity: 2 }] });
    expect(a.hash).not.toBe(b.hash);
  });

  it('sends a request (tissSolicitacaoProcedimento) and reads the situation the operator answers', async () => {
    const answer = await transport.requestProcedure(insurer.url, writeProcedureRequest(head, request), '4.01.00');
    expect(answer).toEqual({
      found: true,
      status: '2',
      guideNumber: '41',
      operatorGuideNumber: 'OP41',
      password: 'SENHA4142',
      authorizedOn: '2026-11-27',
      passwordValidUntil: '2026-12-27',
      refusals: [],
    });
    expect(insurer.requests.at(-1)).toMatchObject({
      root: 'solicitacaoProcedimentoWS',
      problems: [],
      hashOk: true,
      login: 'clinica.sj',
    });
  });

  it('cancels a requested guide (tissCancelaGuia)', async () => {
    const sent = writeCancelGuideRequest(head, { guideNumber: '41', operatorGuideNumber: 'OP41' });
    expect(await transport.cancelGuide(insurer.url, sent, '4.01.00')).toEqual({ accepted: true, status: '1' });
    expect(insurer.requests.at(-1)).toMatchObject({ root: 'cancelaGuiaWS', problems: [], hashOk: true });
  });
});
