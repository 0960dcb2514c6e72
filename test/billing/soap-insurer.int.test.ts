/**
 * The SOAP adapter of the insurer port against a local insurer (node:http on 127.0.0.1) that answers
 * tissLoteGuias and tissSolicitacaoStatusProtocolo as their WSDLs say: it checks the request is a SOAP
 * 1.1 envelope in ISO-8859-1 whose message passes the ANS web-service schema with the item 115 hash
 * recomputed here, and answers a `protocoloRecebimentoWS` or `situacaoProtocoloWS` valid against the
 * same schemas (or a refusal, a fault, or a broken one).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatchWsMessage, writeProtocolStatusRequest } from '#core/billing/tiss/ws-message.js';
import { setTissSchemaSource } from '#core/billing/tiss/schema-source.js';
import { validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import type { TissBatch } from '#core/billing/tiss/tiss-data.js';
import { soapInsurerTransport } from '../../sync-server/billing/soap-insurer.js';
import { diskTissSchemas } from '../../sync-server/billing/tiss-schemas.js';

setTissSchemaSource(diskTissSchemas);

const batch: TissBatch = {
  version: '4.01.00',
  batchNumber: '7',
  transactionNumber: '7',
  day: '2026-11-27',
  time: '10:00:00',
  ansRegistry: '123456',
  provider: { providerCode: 'PREST001', cnes: '1234567', name: 'Clínica São João' },
  guideType: 'consulta',
  guides: [
    {
      guideNumber: '31',
      cardNumber: '0012345678901',
      newborn: false,
      date: '2026-11-20',
      consultationType: '1',
      professional: { name: 'Dra. Ana Conceição', council: '06', councilNumber: '12345', state: '35', cbo: '225125' },
      items: [
        {
          table: '22',
          code: '10101012',
          description: 'Consulta',
          quantity: 1,
          unitCentavos: 18_050,
          date: '2026-11-20',
        },
      ],
    },
  ],
};

const ANS = 'http://www.ans.gov.br/padroes/tiss/schemas';
const text = (body: string) => body.split(/<[^>]+>/).join('');
const md5 = (s: string) => createHash('md5').update(Buffer.from(s, 'latin1')).digest('hex');

function answerDoc(inner: string, root = 'protocoloRecebimentoWS', transaction = 'PROTOCOLO_RECEBIMENTO'): string {
  const head =
    `<ans:cabecalho><ans:identificacaoTransacao><ans:tipoTransacao>${transaction}</ans:tipoTransacao>` +
    '<ans:sequencialTransacao>900</ans:sequencialTransacao><ans:dataRegistroTransacao>2026-11-27</ans:dataRegistroTransacao>' +
    '<ans:horaRegistroTransacao>10:00:05</ans:horaRegistroTransacao></ans:identificacaoTransacao>' +
    '<ans:origem><ans:registroANS>123456</ans:registroANS></ans:origem><ans:destino><ans:identificacaoPrestador>' +
    '<ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora></ans:identificacaoPrestador></ans:destino>' +
    '<ans:Padrao>4.01.00</ans:Padrao></ans:cabecalho>';
  return (
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
    `<ans:${root} xmlns:ans="${ANS}">${head}${inner}<ans:hash>${md5(text(head + inner))}</ans:hash>` +
    `</ans:${root}></soap:Body></soap:Envelope>`
  );
}

const RECEIVED =
  '<ans:recebimentoLote><ans:protocoloRecebimento><ans:registroANS>123456</ans:registroANS><ans:dadosPrestador>' +
  '<ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora></ans:dadosPrestador>' +
  '<ans:numeroLote>7</ans:numeroLote><ans:dataEnvioLote>2026-11-27</ans:dataEnvioLote><ans:detalheProtocolo>' +
  '<ans:numeroProtocolo>PR20261127</ans:numeroProtocolo><ans:valorTotalProtocolo>180.50</ans:valorTotalProtocolo>' +
  '<ans:dadosGuiasProtocolo><ans:dadosGuias><ans:numeroGuiaPrestador>31</ans:numeroGuiaPrestador><ans:dadosBeneficiario>' +
  '<ans:numeroCarteira>0012345678901</ans:numeroCarteira><ans:atendimentoRN>N</ans:atendimentoRN></ans:dadosBeneficiario>' +
  '</ans:dadosGuias></ans:dadosGuiasProtocolo>' +
  '</ans:detalheProtocolo></ans:protocoloRecebimento></ans:recebimentoLote>';
const REFUSED =
  '<ans:recebimentoLote><ans:mensagemErro><ans:codigoGlosa>1001</ans:codigoGlosa>' +
  '<ans:descricaoGlosa>Número da carteira inválido</ans:descricaoGlosa></ans:mensagemErro></ans:recebimentoLote>';

const STATUS =
  '<ans:situacaoProtocolo><ans:situacaoDoProtocolo><ans:identificacaoOperadora>123456</ans:identificacaoOperadora>' +
  '<ans:dadosPrestador><ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora></ans:dadosPrestador>' +
  '<ans:lote><ans:detalheLote><ans:statusProtocolo>6</ans:statusProtocolo><ans:numeroProtocolo>PR20261127</ans:numeroProtocolo>' +
  '<ans:numeroLote>7</ans:numeroLote><ans:dataEnvioLote>2026-11-27</ans:dataEnvioLote><ans:valorTotalLote>' +
  '<ans:valorProcessado>180.50</ans:valorProcessado><ans:valorGlosa>30.50</ans:valorGlosa><ans:valorLiberado>150.00</ans:valorLiberado>' +
  '</ans:valorTotalLote><ans:guiasTISS><ans:guiasMedicas><ans:guias><ans:numeroGuiaPrestador>31</ans:numeroGuiaPrestador>' +
  '<ans:dadosBeneficiario><ans:numeroCarteira>0012345678901</ans:numeroCarteira><ans:atendimentoRN>N</ans:atendimentoRN>' +
  '</ans:dadosBeneficiario></ans:guias></ans:guiasMedicas></ans:guiasTISS></ans:detalheLote></ans:lote>' +
  '</ans:situacaoDoProtocolo></ans:situacaoProtocolo>';

let server: Server;
let endpoint: string;
let reply = RECEIVED;
const received: { contentType: string; soapAction: string | undefined; problems: unknown[]; hashOk: boolean }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('latin1');
        const root = /<ans:(\w+WS)[\s>]/.exec(body)?.[1] ?? '';
        const ws = new RegExp(`<ans:${root}[\\s\\S]*</ans:${root}>`).exec(body)?.[0] ?? '';
        const doc = `<?xml version="1.0" encoding="ISO-8859-1"?>${ws.includes('xmlns:ans') ? ws : ws.replace(`<ans:${root}`, `<ans:${root} xmlns:ans="${ANS}"`)}`;
        const [problems] = await validateTissMessages([Buffer.from(doc, 'latin1')], '4.01.00', 'webServices');
        const hash = /<ans:hash>([0-9a-f]{32})<\/ans:hash>/.exec(ws)?.[1];
        received.push({
          contentType: String(req.headers['content-type']),
          soapAction: req.headers['soapaction'] as string | undefined,
          problems: problems!,
          hashOk: hash === md5(text(ws.replace(/<ans:hash>.*<\/ans:hash>/, ''))),
        });
        const answer =
          reply === 'fault'
            ? '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Lote fora do horário</faultstring></soap:Fault></soap:Body></soap:Envelope>'
            : root === 'solicitacaoStatusProtocoloWS'
              ? answerDoc(STATUS, 'situacaoProtocoloWS', 'SITUACAO_PROTOCOLO')
              : answerDoc(reply);
        res.writeHead(reply === 'fault' ? 500 : 200, { 'content-type': 'text/xml; charset=ISO-8859-1' });
        res.end(Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${answer}`, 'latin1'));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiss/tissLoteGuias`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SOAP insurer transport: tissLoteGuias', () => {
  const transport = soapInsurerTransport();

  it('sends a schema-valid loteGuiasWS with its hash and reads the protocol', async () => {
    reply = RECEIVED;
    const receipt = await transport.sendBatch(endpoint, writeBatchWsMessage(batch), '4.01.00');
    expect(receipt).toEqual({ accepted: true, protocol: 'PR20261127', sentOn: '2026-11-27', total: 180.5 });
    expect(received.at(-1)).toEqual({
      contentType: 'text/xml; charset=ISO-8859-1',
      soapAction: '""',
      problems: [],
      hashOk: true,
    });
  });

  it('asks where a protocol stands (tissSolicitacaoStatusProtocolo) and reads its status and values', async () => {
    const request = writeProtocolStatusRequest(
      {
        version: '4.01.00',
        transactionNumber: '8',
        day: '2026-11-28',
        time: '09:00:00',
        ansRegistry: '123456',
        provider: batch.provider,
      },
      'PR20261127',
    );
    expect(await transport.protocolStatus(endpoint, request, '4.01.00')).toEqual({
      found: true,
      status: '6',
      protocol: 'PR20261127',
      batchNumber: '7',
      processed: 180.5,
      refused: 30.5,
      released: 150,
    });
    expect(received.at(-1)).toMatchObject({ problems: [], hashOk: true });
  });

  it("reads the operator's refusal, a SOAP fault, and refuses an answer outside the schemas", async () => {
    reply = REFUSED;
    expect(await transport.sendBatch(endpoint, writeBatchWsMessage(batch), '4.01.00')).toEqual({
      accepted: false,
      glosaCode: '1001',
      description: 'Número da carteira inválido',
    });
    reply = 'fault';
    await expect(transport.sendBatch(endpoint, writeBatchWsMessage(batch), '4.01.00')).rejects.toThrow(
      'Lote fora do horário',
    );
    reply = RECEIVED.replace('180.50', 'cento e oitenta');
    await expect(transport.sendBatch(endpoint, writeBatchWsMessage(batch), '4.01.00')).rejects.toMatchObject({
      code: 'validation',
    });
  });
});
