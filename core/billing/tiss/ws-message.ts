/**
 * TISS web-service messages (tissWebServicesV4_01_00.xsd): the same header and body as a file's
 * `mensagemTISS`, but under the operation's own root (`loteGuiasWS`: cabecalho, loteGuias, hash), as
 * the WSDLs' document/literal parts name them. The hash is item 115's over the header and body.
 */
import { create } from 'xmlbuilder2';
import { epilogueHash } from './epilogue-hash.js';
import { toLatin1 } from './latin1.js';
import { batchBody, header, TISS_NAMESPACE, write, type TissHeader, type TissMessage } from './message.js';
import type { TissBatch } from './tiss-data.js';
import { leaf, node, type TissNode } from './xml-tree.js';

/**
 * Writes a web-service message: `root` holding the header for `head`, then `body`, then `hash`.
 * @throws DomainError `validation` when a value holds a character outside ISO-8859-1.
 */
export function writeWsMessage(root: string, head: TissHeader, body: TissNode): TissMessage {
  const parts = [header(head), body];
  const hash = epilogueHash(parts);
  const doc = create({ version: '1.0', encoding: 'ISO-8859-1' });
  const element = doc.ele(TISS_NAMESPACE, `ans:${root}`);
  for (const part of [...parts, leaf('hash', hash)]) write(element, part);
  const xml = doc.end({ prettyPrint: false });
  return { xml, bytes: toLatin1(xml), hash };
}

/** The `loteGuiasWS` of `batch` (tissLoteGuias): what the SOAP body carries when a batch is sent; `login` for the header. */
export function writeBatchWsMessage(batch: TissBatch, login?: TissHeader['login']): TissMessage {
  const lote = batchBody(batch);
  if (!('children' in lote)) throw new Error('prestadorParaOperadora sem loteGuias');
  const head = { ...batch, transaction: 'ENVIO_LOTE_GUIAS', ...(login ? { login } : {}) };
  return writeWsMessage('loteGuiasWS', head, lote.children[0]!);
}

/**
 * The `solicitacaoStatusProtocoloWS` asking the operator where protocol `protocol` stands
 * (tissSolicitacaoStatusProtocolo); `head` as for a batch, its transaction SOLIC_STATUS_PROTOCOLO.
 */
export function writeProtocolStatusRequest(head: Omit<TissHeader, 'transaction'>, protocol: string): TissMessage {
  const provider = head.provider.providerCode
    ? leaf('codigoPrestadorNaOperadora', head.provider.providerCode)
    : leaf('cnpjContratado', head.provider.cnpj ?? '');
  return writeWsMessage(
    'solicitacaoStatusProtocoloWS',
    { ...head, transaction: 'SOLIC_STATUS_PROTOCOLO' },
    node('solicitacaoStatusProtocolo', [node('dadosPrestador', [provider]), leaf('numeroProtocolo', protocol)]),
  );
}
