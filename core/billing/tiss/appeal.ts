/**
 * A refusal appeal (recurso de glosa, TISS 4.01.00 ctm_recursoGlosa) as one TISS message:
 * `mensagemTISS` → `prestadorParaOperadora/recursoGlosa/guiaRecursoGlosa`, an appeal of guides
 * (objetoRecurso 2), each appealing the whole guide or chosen items, with the justification the ANS
 * process asks for. Written like the batch: no indentation, ISO-8859-1, epilogue hash of item 115.
 */
import { tissDecimal } from './money-text.js';
import { writeMessage, type TissMessage } from './message.js';
import type { TissProvider } from './tiss-data.js';
import { leaf, node, optionalLeaf, type TissNode } from './xml-tree.js';
import { plainPunctuation } from './latin1.js';

/** One item appealed: what the statement said of it and the amount asked back. */
export interface AppealItem {
  sequence: number;
  date: string;
  table: string;
  code: string;
  description: string;
  glosaCode: string;
  centavos: number;
  justification: string;
}

/** One guide appealed: whole (its guide-level glosas) or by items. */
export interface AppealGuide {
  guideNumber: string;
  operatorGuideNumber?: string;
  /** Whole-guide appeals: glosa codes with their justification. */
  whole?: { glosaCode: string; justification: string }[];
  items?: AppealItem[];
}

/** The appeal of one protocol. */
export interface TissAppeal {
  version: string;
  appealNumber: string;
  transactionNumber: string;
  day: string;
  time: string;
  ansRegistry: string;
  operatorName: string;
  provider: TissProvider;
  batchNumber: string;
  /** The operator's protocol number of the batch (st_numerico12). */
  protocol: string;
  guides: AppealGuide[];
  /** Sum appealed, centavos. */
  totalCentavos: number;
}

const text = (value: string, max: number) => plainPunctuation(value).trim().slice(0, max);

function appealedGuide(guide: AppealGuide): TissNode {
  const whole = guide.whole ?? [];
  return node('recursoGuia', [
    leaf('numeroGuiaOrigem', guide.guideNumber),
    optionalLeaf('numeroGuiaOperadora', guide.operatorGuideNumber),
    node('opcaoRecursoGuia', [
      ...(whole.length
        ? whole.map((w) =>
            node('recursoGuiaCompleta', [
              leaf('codGlosaGuia', w.glosaCode),
              leaf('justificativaGuia', text(w.justification, 500)),
            ]),
          )
        : (guide.items ?? []).map((i) =>
            node('itensGuia', [
              leaf('sequencialItem', i.sequence),
              leaf('dataInicio', i.date),
              node('procRecurso', [
                leaf('codigoTabela', i.table),
                leaf('codigoProcedimento', text(i.code, 10)),
                leaf('descricaoProcedimento', text(i.description, 150)),
              ]),
              leaf('codGlosaItem', i.glosaCode),
              leaf('valorRecursado', tissDecimal(i.centavos)),
              leaf('justificativaItem', text(i.justification, 500)),
            ]),
          )),
    ]),
  ]);
}

/**
 * Writes `appeal` as a TISS message.
 * @throws DomainError `validation` when a value holds a character outside ISO-8859-1.
 */
export function writeAppealMessage(appeal: TissAppeal): TissMessage {
  const body = node('prestadorParaOperadora', [node('recursoGlosa', [appealGuide(appeal)])]);
  return writeMessage({ ...appeal, transaction: 'RECURSO_GLOSA' }, body);
}

/** The appeal's `guiaRecursoGlosa` (ctm_recursoGlosa): in a file's `recursoGlosa` or a web service's `loteRecurso`. */
export function appealGuide(appeal: TissAppeal): TissNode {
  return node('guiaRecursoGlosa', [
    leaf('registroANS', appeal.ansRegistry),
    leaf('numeroGuiaRecGlosaPrestador', appeal.appealNumber),
    leaf('nomeOperadora', text(appeal.operatorName, 70)),
    leaf('objetoRecurso', '2'),
    node('dadosContratado', [
      appeal.provider.providerCode
        ? leaf('codigoPrestadorNaOperadora', appeal.provider.providerCode)
        : leaf('cnpjContratado', appeal.provider.cnpj ?? ''),
    ]),
    leaf('numeroLote', appeal.batchNumber),
    leaf('numeroProtocolo', appeal.protocol),
    node('opcaoRecurso', appeal.guides.map(appealedGuide)),
    leaf('valorTotalRecursado', tissDecimal(appeal.totalCentavos)),
    leaf('dataRecurso', appeal.day),
  ]);
}
