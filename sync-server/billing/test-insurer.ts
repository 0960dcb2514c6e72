/**
 * A local insurer for tests (node:http on 127.0.0.1) answering the ANS TISS 4.01.00 web services as
 * their WSDLs say: each request must be a SOAP 1.1 envelope in ISO-8859-1 whose message passes the
 * ANS web-service schema and carries the item 115 hash (both recomputed here, independently of the
 * writer); the answer is a document of the operation's answer root, valid against the same schemas.
 * Not a real operator: what it answers is fixed per root, overridable per test.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import { DEFAULT_ANSWERS, type InsurerAnswers } from './test-insurer-answers.js';

export { DEFAULT_ANSWERS, type InsurerAnswers };

const ANS = 'http://www.ans.gov.br/padroes/tiss/schemas';
const text = (body: string) => body.split(/<[^>]+>/).join('');
const md5 = (s: string) => createHash('md5').update(Buffer.from(s, 'latin1')).digest('hex');

/** What the double saw of one request. */
export interface InsurerRequest {
  root: string;
  contentType: string;
  soapAction: string | undefined;
  /** Schema problems of the request's message (empty when valid). */
  problems: unknown[];
  hashOk: boolean;
  /** loginPrestador/senhaPrestador of the header, when sent. */
  login?: string | undefined;
  password?: string | undefined;
  /** The request's message, as text. */
  body: string;
}

/** The answer document for `answer` inside a SOAP envelope, with its own item 115 hash. */
export function answerEnvelope(answer: InsurerAnswers[string]): string {
  const head =
    `<ans:cabecalho><ans:identificacaoTransacao><ans:tipoTransacao>${answer.transaction}</ans:tipoTransacao>` +
    '<ans:sequencialTransacao>900</ans:sequencialTransacao><ans:dataRegistroTransacao>2026-11-27</ans:dataRegistroTransacao>' +
    '<ans:horaRegistroTransacao>10:00:05</ans:horaRegistroTransacao></ans:identificacaoTransacao>' +
    '<ans:origem><ans:registroANS>123456</ans:registroANS></ans:origem><ans:destino><ans:identificacaoPrestador>' +
    '<ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora></ans:identificacaoPrestador></ans:destino>' +
    '<ans:Padrao>4.01.00</ans:Padrao></ans:cabecalho>';
  const r = answer.root;
  return (
    `<?xml version="1.0" encoding="ISO-8859-1"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
    `<ans:${r} xmlns:ans="${ANS}">${head}${answer.inner}<ans:hash>${md5(text(head + answer.inner))}</ans:hash>` +
    `</ans:${r}></soap:Body></soap:Envelope>`
  );
}

/** A running double. */
export interface TestInsurer {
  /** Base URL; every WSDL's service is at `<url>/<service>` (any path answers). */
  url: string;
  requests: InsurerRequest[];
  /** Answers by request root; tests replace entries. */
  answers: InsurerAnswers;
  close(): Promise<void>;
}

/** Starts the double on a free port. */
export async function startTestInsurer(): Promise<TestInsurer> {
  const requests: InsurerRequest[] = [];
  const answers: InsurerAnswers = { ...DEFAULT_ANSWERS };
  const server = createServer((req, res) => {
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
        requests.push({
          root,
          contentType: String(req.headers['content-type']),
          soapAction: req.headers['soapaction'] as string | undefined,
          problems: problems!,
          hashOk: hash === md5(text(ws.replace(/<ans:hash>.*<\/ans:hash>/, ''))),
          login: /<ans:loginPrestador>([^<]*)</.exec(ws)?.[1],
          password: /<ans:senhaPrestador>([^<]*)</.exec(ws)?.[1],
          body: ws,
        });
        const answer = answers[root];
        res.writeHead(answer ? 200 : 500, { 'content-type': 'text/xml; charset=ISO-8859-1' });
        res.end(
          Buffer.from(
            answer
              ? answerEnvelope(answer)
              : '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
                  `<faultcode>soap:Client</faultcode><faultstring>Operação ${root} desconhecida</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
            'latin1',
          ),
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiss`,
    requests,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
