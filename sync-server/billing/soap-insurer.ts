/**
 * The SOAP 1.1 adapter of the insurer port (core/billing/insurer-transport.ts) for the ANS TISS
 * WSDLs (document/literal, `soapAction=""`): the web-service message goes as the only child of
 * `soap:Body`, written with xmlbuilder2 in ISO-8859-1, and the answer's body element is checked
 * against the same ANS schemas before it is read. Tested against a local node:http server answering
 * as the WSDL says (test/billing/soap-insurer.int.test.ts); no real insurer has been called.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { BatchReceipt, InsurerTransport, ProtocolStatus } from '#core/billing/insurer-transport.js';
import {
  readAppealReceipt,
  readAppealStatus,
  readAuthorizationStatus,
  readCancelReceipt,
  readEligibility,
} from './soap-answers.js';
import { child, refusal, text } from './soap-xml.js';
import type { TissMessage } from '#core/billing/tiss/message.js';
import { toLatin1 } from '#core/billing/tiss/latin1.js';
import { validateTissMessages } from '#core/billing/tiss/schema-validator.js';
import { DomainError } from '#core/errors.js';

/** The SOAP 1.1 envelope namespace. */
export const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/** `message` (a TISS web-service document) inside a SOAP 1.1 envelope, as ISO-8859-1 bytes. */
export function soapEnvelope(message: TissMessage): Uint8Array {
  const doc = create({ version: '1.0', encoding: 'ISO-8859-1' });
  const body = doc.ele(SOAP_NAMESPACE, 'soap:Envelope').ele(SOAP_NAMESPACE, 'soap:Body');
  body.import(create(message.xml));
  return toLatin1(doc.end({ prettyPrint: false }));
}

/**
 * The element inside `soap:Body` of `answer`, as a standalone ISO-8859-1 document.
 * @throws DomainError `internal` for a SOAP fault or an answer that is not an envelope.
 */
export function soapBody(answer: string): { element: XMLBuilder; bytes: Uint8Array } {
  let doc: XMLBuilder;
  try {
    doc = create(answer);
  } catch {
    throw new DomainError('internal', 'A operadora respondeu algo que não é XML');
  }
  const body = child(doc, 'Body');
  const element = body?.first();
  if (!body || !element) throw new DomainError('internal', 'A operadora respondeu sem envelope SOAP');
  if ((element.node as { localName?: string }).localName === 'Fault') {
    throw new DomainError('internal', `A operadora recusou a chamada: ${text(element, 'faultstring') ?? 'falha SOAP'}`);
  }
  const xml = `<?xml version="1.0" encoding="ISO-8859-1"?>${element.toString({ prettyPrint: false })}`;
  return { element, bytes: toLatin1(xml) };
}

/** Options of {@link soapInsurerTransport}. */
export interface SoapInsurerOptions {
  fetch?: typeof fetch;
  /** Milliseconds before the call is given up (default 60 s: insurers are slow with large batches). */
  timeoutMs?: number;
}

/** The SOAP adapter. */
export function soapInsurerTransport(options: SoapInsurerOptions = {}): InsurerTransport {
  const call = async (endpoint: string, message: TissMessage, version: string) => {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=ISO-8859-1', soapaction: '""' },
        body: soapEnvelope(message) as BodyInit,
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
    } catch {
      throw new DomainError('internal', 'Sem conexão com o web service TISS da operadora');
    }
    // The answer's declaration says ISO-8859-1 (as the WSDLs are): one byte per character.
    const answer = Buffer.from(await response.arrayBuffer()).toString('latin1');
    const { element, bytes } = soapBody(answer);
    const [problems] = await validateTissMessages([bytes], version, 'webServices');
    if (problems!.length) {
      throw new DomainError(
        'validation',
        'A resposta da operadora não passa nos esquemas TISS da ANS',
        problems!.map((p) => ({ path: p.path, message: p.message })),
      );
    }
    return element;
  };
  const reais = (element: XMLBuilder, name: string) => Number(text(element, name) ?? 0);
  return {
    async sendBatch(endpoint, message, version): Promise<BatchReceipt> {
      const element = await call(endpoint, message, version);
      const refused = refusal(element);
      if (refused) return { accepted: false, ...refused };
      return {
        accepted: true,
        protocol: text(element, 'numeroProtocolo') ?? '',
        sentOn: text(element, 'dataEnvioLote') ?? '',
        total: reais(element, 'valorTotalProtocolo'),
      };
    },
    async protocolStatus(endpoint, message, version): Promise<ProtocolStatus> {
      const element = await call(endpoint, message, version);
      const refused = refusal(element);
      if (refused) return { found: false, ...refused };
      return {
        found: true,
        status: text(element, 'statusProtocolo') ?? '',
        protocol: text(element, 'numeroProtocolo') ?? '',
        batchNumber: text(element, 'numeroLote') ?? '',
        processed: reais(element, 'valorProcessado'),
        refused: reais(element, 'valorGlosa'),
        released: reais(element, 'valorLiberado'),
      };
    },
    eligibility: async (endpoint, message, version) => readEligibility(await call(endpoint, message, version)),
    authorizationStatus: async (endpoint, message, version) =>
      readAuthorizationStatus(await call(endpoint, message, version)),
    sendAppeal: async (endpoint, message, version) => readAppealReceipt(await call(endpoint, message, version)),
    appealStatus: async (endpoint, message, version) => readAppealStatus(await call(endpoint, message, version)),
    requestProcedure: async (endpoint, message, version) =>
      readAuthorizationStatus(await call(endpoint, message, version), 'autorizacaoProcedimento'),
    cancelGuide: async (endpoint, message, version) => readCancelReceipt(await call(endpoint, message, version)),
  };
}
