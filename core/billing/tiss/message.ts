/**
 * A batch of guides as one TISS message (`mensagemTISS` → `prestadorParaOperadora/loteGuias`),
 * written without indentation in ISO-8859-1 with the epilogue hash of item 115
 * (ANS, Componente Organizacional). The namespace prefix is `ans`, as the ANS examples write it.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { epilogueHash } from './epilogue-hash.js';
import { dentalGuide, dentalGuideOf, type TissDentalBatch } from './gto.js';
import { consultationGuide, spSadtGuide } from './guides.js';
import { honoraryGuide, stayGuide } from './hospital-guides.js';
import { toLatin1 } from './latin1.js';
import type { GuideType, TissBatch, TissGuide, TissProvider } from './tiss-data.js';
import { leaf, node, type TissNode } from './xml-tree.js';

/** The TISS schemas' target namespace. */
export const TISS_NAMESPACE = 'http://www.ans.gov.br/padroes/tiss/schemas';

/** A written TISS message. */
export interface TissMessage {
  /** The document as text (declaration `encoding="ISO-8859-1"`). */
  xml: string;
  /** The same document as the ISO-8859-1 bytes to send or save. */
  bytes: Uint8Array;
  /** The epilogue hash written in it (MD5 hex, 32 characters). */
  hash: string;
}

/** What the header of a provider's message needs. */
export interface TissHeader {
  version: string;
  /** dm_tipoTransacao: `ENVIO_LOTE_GUIAS`, `RECURSO_GLOSA`… */
  transaction: string;
  transactionNumber: string;
  day: string;
  time: string;
  ansRegistry: string;
  provider: Pick<TissBatch['provider'], 'providerCode' | 'cnpj'>;
  /**
   * loginSenhaPrestador (ct_loginSenha; Componente de Segurança, requisito 3: web services
   * authenticate the provider by login and password): only on web-service calls, never in a file.
   */
  login?: { login: string; password: string };
}

/** The provider's `cabecalho` (origin: the provider; destination: the operator's ANS registry). */
export function header(batch: TissHeader): TissNode {
  return node('cabecalho', [
    node('identificacaoTransacao', [
      leaf('tipoTransacao', batch.transaction),
      leaf('sequencialTransacao', batch.transactionNumber),
      leaf('dataRegistroTransacao', batch.day),
      leaf('horaRegistroTransacao', batch.time),
    ]),
    node('origem', [
      node('identificacaoPrestador', [
        batch.provider.providerCode
          ? leaf('codigoPrestadorNaOperadora', batch.provider.providerCode)
          : leaf('CNPJ', batch.provider.cnpj ?? ''),
      ]),
    ]),
    node('destino', [leaf('registroANS', batch.ansRegistry)]),
    leaf('Padrao', batch.version),
    batch.login
      ? node('loginSenhaPrestador', [
          leaf('loginPrestador', batch.login.login),
          leaf('senhaPrestador', batch.login.password),
        ])
      : undefined,
  ]);
}

/** The writer of each guide type (one type per batch, ctm_guiaLote's choice). */
const GUIDE_WRITERS: Record<GuideType, (guide: TissGuide, provider: TissProvider, ansRegistry: string) => TissNode> = {
  consulta: consultationGuide,
  spsadt: spSadtGuide,
  odonto: (guide, provider, ansRegistry) => dentalGuide(dentalGuideOf(guide), provider, ansRegistry),
  honorarios: honoraryGuide,
  internacao: stayGuide,
};

/** `prestadorParaOperadora` with the batch's `loteGuias`. */
export function batchBody(batch: TissBatch): TissNode {
  const guide = GUIDE_WRITERS[batch.guideType];
  return node('prestadorParaOperadora', [
    node('loteGuias', [
      leaf('numeroLote', batch.batchNumber),
      node(
        'guiasTISS',
        batch.guides.map((g) => guide(g, batch.provider, batch.ansRegistry)),
      ),
    ]),
  ]);
}

/** Writes `tree` under `parent` in the TISS namespace, prefix `ans`. */
export function write(parent: XMLBuilder, tree: TissNode): void {
  const element = parent.ele(TISS_NAMESPACE, `ans:${tree.name}`);
  if ('text' in tree) element.txt(tree.text);
  else for (const child of tree.children) write(element, child);
}

/**
 * Writes `batch` as a TISS message.
 *
 * @throws DomainError `validation` when a value holds a character outside ISO-8859-1.
 */
export function writeBatchMessage(batch: TissBatch): TissMessage {
  return writeMessage({ ...batch, transaction: 'ENVIO_LOTE_GUIAS' }, batchBody(batch));
}

/**
 * Writes a batch of GTOs as a TISS message (`loteGuias` → `guiasTISS/guiaOdonto`).
 * @throws DomainError `validation` when a value holds a character outside ISO-8859-1.
 */
export function writeDentalBatchMessage(batch: TissDentalBatch): TissMessage {
  const body = node('prestadorParaOperadora', [
    node('loteGuias', [
      leaf('numeroLote', batch.batchNumber),
      node(
        'guiasTISS',
        batch.guides.map((g) => dentalGuide(g, batch.provider, batch.ansRegistry)),
      ),
    ]),
  ]);
  return writeMessage({ ...batch, transaction: 'ENVIO_LOTE_GUIAS' }, body);
}

/**
 * A provider's message: the header for `head`, then `body` (`prestadorParaOperadora`), then the
 * epilogue hash of both.
 *
 * @throws DomainError `validation` when a value holds a character outside ISO-8859-1.
 */
export function writeMessage(head: TissHeader, body: TissNode): TissMessage {
  const parts = [header(head), body];
  const hash = epilogueHash(parts);
  // The tree is elements and text in one namespace, so it is written straight to text (5–10× faster
  // than through xmlbuilder2's DOM for a 100-guide batch, test/bench/tiss-batch.md); the WS messages
  // and the SOAP envelope still go through xmlbuilder2.
  const xml =
    `<?xml version="1.0" encoding="ISO-8859-1"?><ans:mensagemTISS xmlns:ans="${TISS_NAMESPACE}">` +
    [...parts, node('epilogo', [leaf('hash', hash)])].map(serialize).join('') +
    '</ans:mensagemTISS>';
  return { xml, bytes: toLatin1(xml), hash };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** `tree` as unindented XML text, prefix `ans`; text escaped as xmlbuilder2 escapes it. */
function serialize(tree: TissNode): string {
  if ('text' in tree) return `<ans:${tree.name}>${tree.text.replace(/[&<>]/g, (c) => ESCAPES[c]!)}</ans:${tree.name}>`;
  return tree.children.length === 0
    ? `<ans:${tree.name}/>`
    : `<ans:${tree.name}>${tree.children.map(serialize).join('')}</ans:${tree.name}>`;
}
