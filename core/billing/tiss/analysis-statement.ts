/**
 * Reads the operator's account analysis statement (demonstrativoAnaliseConta, TISS 4.01.00
 * ctm_demonstrativoAnaliseConta inside `operadoraParaPrestador/demonstrativosRetorno`): for each
 * protocol, each guide's status, refusals (glosas) and the values informed, processed and released,
 * item by item. Namespace prefixes are ignored (operators write `ans:` or a default namespace).
 */
import { create } from 'xmlbuilder2';
import { DomainError } from '#core/errors.js';

/** A refusal: the TISS glosa code (dm_tipoGlosa, TUSS 38) and its value or description. */
export interface Glosa {
  code: string;
  /** Centavos refused (item refusals carry a value). */
  centavos?: number;
  description?: string;
}

/** One item of a guide as analysed. */
export interface AnalysedItem {
  sequence: number;
  date: string;
  table: string;
  code: string;
  description: string;
  informedCentavos: number;
  releasedCentavos: number;
  glosas: Glosa[];
}

/** One guide as analysed. */
export interface AnalysedGuide {
  guideNumber: string;
  operatorGuideNumber?: string;
  /** dm_statusProtocolo: 1 received … 3 released for payment, 4 closed without payment… */
  status: string;
  glosas: Glosa[];
  items: AnalysedItem[];
  informedCentavos: number;
  releasedCentavos: number;
}

/** One protocol (a batch the operator received). */
export interface AnalysedProtocol {
  batchNumber: string;
  protocol: string;
  protocolDate: string;
  status: string;
  guides: AnalysedGuide[];
}

type XmlValue = string | XmlObject | XmlValue[];
interface XmlObject {
  [key: string]: XmlValue;
}

function stripPrefixes(value: XmlValue): XmlValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(stripPrefixes);
  const out: XmlObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('@')) continue;
    out[key.slice(key.indexOf(':') + 1)] = stripPrefixes(child);
  }
  return out;
}

function list(value: XmlValue | undefined): XmlValue[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function obj(value: XmlValue | undefined): XmlObject {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function text(value: XmlValue | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

function centavos(value: XmlValue | undefined): number {
  const parsed = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text(value));
  if (!parsed) return 0;
  const cents = Number(parsed[2]) * 100 + Number((parsed[3] ?? '0').padEnd(2, '0'));
  return parsed[1] ? -cents : cents;
}

function reason(value: XmlValue): Glosa {
  const o = obj(value);
  const description = text(o.descricaoGlosa);
  return { code: text(o.codigoGlosa), ...(description ? { description } : {}) };
}

function guideOf(value: XmlValue): AnalysedGuide {
  const g = obj(value);
  const operator = text(g.numeroGuiaOperadora);
  return {
    guideNumber: text(g.numeroGuiaPrestador),
    ...(operator ? { operatorGuideNumber: operator } : {}),
    status: text(g.situacaoGuia),
    glosas: list(g.motivoGlosaGuia).map(reason),
    items: list(g.detalhesGuia).map((raw) => {
      const i = obj(raw);
      const procedure = obj(i.procedimento);
      return {
        sequence: Number(text(i.sequencialItem)),
        date: text(i.dataRealizacao),
        table: text(procedure.codigoTabela),
        code: text(procedure.codigoProcedimento),
        description: text(procedure.descricaoProcedimento),
        informedCentavos: centavos(i.valorInformado),
        releasedCentavos: centavos(i.valorLiberado),
        glosas: list(i.relacaoGlosa).map((r) => ({
          code: text(obj(r).tipoGlosa),
          centavos: centavos(obj(r).valorGlosa),
        })),
      };
    }),
    informedCentavos: centavos(g.valorInformadoGuia),
    releasedCentavos: centavos(g.valorLiberadoGuia),
  };
}

/**
 * The protocols of every demonstrativoAnaliseConta in `xml` (a whole `mensagemTISS`).
 *
 * @throws DomainError `validation` on `xml` when it is not XML or holds no analysis statement.
 */
export function readAnalysisStatements(xml: string): AnalysedProtocol[] {
  let root: XmlObject;
  try {
    root = obj(stripPrefixes(create(xml).end({ format: 'object' })));
  } catch {
    throw new DomainError('validation', 'Arquivo não é um XML TISS', [{ path: 'xml', message: 'XML malformado' }]);
  }
  const statements = list(
    obj(obj(obj(root.mensagemTISS).operadoraParaPrestador).demonstrativosRetorno).demonstrativoAnaliseConta,
  );
  if (statements.length === 0) {
    throw new DomainError('validation', 'O arquivo não traz demonstrativo de análise de conta', [
      { path: 'xml', message: 'sem demonstrativoAnaliseConta' },
    ]);
  }
  return statements.flatMap((statement) =>
    list(obj(obj(statement).dadosConta).dadosProtocolo).map((raw) => {
      const p = obj(raw);
      return {
        batchNumber: text(p.numeroLotePrestador),
        protocol: text(p.numeroProtocolo),
        protocolDate: text(p.dataProtocolo),
        status: text(p.situacaoProtocolo),
        guides: list(p.relacaoGuias).map(guideOf),
      };
    }),
  );
}
