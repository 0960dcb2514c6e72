/**
 * The SOAP adapter's other services (eligibility, authorization status, appeal, appeal status)
 * against the local insurer double (sync-server/billing/test-insurer.ts): each request passes the ANS
 * web-service schema with its item 115 hash recomputed by the double, carries the provider's login
 * and password in the header, and each answer the double gives is itself valid against the schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import type { TissAppeal } from '#core/billing/tiss/appeal.js';
import {
  writeAppealStatusRequest,
  writeAppealWsMessage,
  writeAuthorizationStatusRequest,
  writeEligibilityRequest,
  type WsHead,
} from '#core/billing/tiss/ws-requests.js';
import { soapInsurerTransport } from '../../sync-server/billing/soap-insurer.js';
import {
  answerEnvelope,
  DEFAULT_ANSWERS,
  startTestInsurer,
  type TestInsurer,
} from '../../sync-server/billing/test-insurer.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

setTissSchemaSource(diskTissSchemas);

const head: WsHead = {
  version: '4.01.00',
  transactionNumber: '12',
  day: '2026-11-27',
  time: '10:00:00',
  ansRegistry: '123456',
  provider: { providerCode: 'PREST001' },
  login: { login: 'clinica.sj', password: 'e10adc3949ba59abbe56e057f20f883e' },
};

const appeal: TissAppeal = {
  ...head,
  appealNumber: '3',
  operatorName: 'Operadora Exemplo S.A.',
  provider: { providerCode: 'PREST001', cnes: '1234567', name: 'Clínica São João' },
  batchNumber: '7',
  protocol: '202611230001',
  guides: [{ guideNumber: '31', whole: [{ glosaCode: '1705', justification: 'Consulta realizada conforme guia' }] }],
  totalCentavos: 3050,
};

let insurer: TestInsurer;
beforeAll(async () => {
  insurer = await startTestInsurer();
});
afterAll(() => insurer.close());

describe('SOAP insurer transport: eligibility, authorization and appeals', () => {
  const transport = soapInsurerTransport();

  it("the double's answers are valid against the ANS web-service schemas", async () => {
    const docs = Object.values(DEFAULT_ANSWERS).map((a) => {
      const envelope = answerEnvelope(a);
      const inner = new RegExp(`<ans:${a.root}[\\s\\S]*</ans:${a.root}>`).exec(envelope)![0];
      return Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${inner}`, 'latin1');
    });
    expect(await validateTissMessages(docs, '4.01.00', 'webServices')).toEqual(docs.map(() => []));
  });

  it('checks eligibility (tissVerificaElegibilidade) with the login in the header', async () => {
    const request = writeEligibilityRequest(head, { cardNumber: '0012345678901' });
    expect(await transport.eligibility(insurer.url, request, '4.01.00')).toEqual({
      answered: true,
      eligible: true,
      cardNumber: '0012345678901',
      beneficiaryName: 'MARIA DA SILVA',
      cardValidity: '2027-12-31',
      refusals: [],
    });
    expect(insurer.requests.at(-1)).toMatchObject({
      root: 'pedidoElegibilidadeWS',
      problems: [],
      hashOk: true,
      login: 'clinica.sj',
      password: 'e10adc3949ba59abbe56e057f20f883e',
    });
  });

  it('reads a refused eligibility with its reasons', async () => {
    insurer.answers.pedidoElegibilidadeWS = {
      ...DEFAULT_ANSWERS.pedidoElegibilidadeWS!,
      inner: DEFAULT_ANSWERS.pedidoElegibilidadeWS!.inner.replace(
        '<ans:respostaSolicitacao>S</ans:respostaSolicitacao>',
        '<ans:respostaSolicitacao>N</ans:respostaSolicitacao><ans:motivosNegativa><ans:motivoNegativa>' +
          '<ans:codigoGlosa>1013</ans:codigoGlosa><ans:descricaoGlosa>Cadastro do beneficiário com problemas</ans:descricaoGlosa>' +
          '</ans:motivoNegativa></ans:motivosNegativa>',
      ),
    };
    const request = writeEligibilityRequest(head, { cardNumber: '0012345678901' });
    const answer = await transport.eligibility(insurer.url, request, '4.01.00');
    insurer.answers.pedidoElegibilidadeWS = DEFAULT_ANSWERS.pedidoElegibilidadeWS!;
    expect(answer).toMatchObject({
      eligible: false,
      refusals: [{ glosaCode: '1013', description: 'Cadastro do beneficiário com problemas' }],
    });
  });

  it('asks where an authorization stands (tissSolicitacaoStatusAutorizacao)', async () => {
    const request = writeAuthorizationStatusRequest(head, {
      guideNumber: '41',
      cardNumber: '0012345678901',
      newborn: false,
    });
    expect(await transport.authorizationStatus(insurer.url, request, '4.01.00')).toEqual({
      found: true,
      status: '1',
      guideNumber: '41',
      operatorGuideNumber: 'OP41',
      password: 'SENHA4142',
      authorizedOn: '2026-11-27',
      passwordValidUntil: '2026-12-27',
      refusals: [],
    });
    expect(insurer.requests.at(-1)).toMatchObject({
      root: 'solicitacaoStatusAutorizacaoWS',
      problems: [],
      hashOk: true,
    });
  });

  it('sends an appeal (tissRecursoGlosa) and asks its status (tissSolicitacaoStatusRecursoGlosa)', async () => {
    const sent = writeAppealWsMessage(appeal, head.login);
    expect(await transport.sendAppeal(insurer.url, sent, '4.01.00')).toEqual({
      accepted: true,
      protocol: 'RG2026000001',
      receivedOn: '2026-11-27',
    });
    expect(insurer.requests.at(-1)).toMatchObject({ root: 'loteRecursoGlosaWS', problems: [], hashOk: true });
    const status = writeAppealStatusRequest(head, 'RG2026000001');
    expect(await transport.appealStatus(insurer.url, status, '4.01.00')).toEqual({
      found: true,
      protocol: 'RG2026000001',
      status: '2',
    });
    expect(insurer.requests.at(-1)).toMatchObject({
      root: 'solicitacaoStatusRecursoGlosaWS',
      problems: [],
      hashOk: true,
    });
  });
});
