/**
 * The provider's authorization requests to the operator (tissWebServicesV4_01_00.xsd):
 * - `solicitacaoProcedimentoWS` (tissSolicitacaoProcedimento, transaction SOLICITACAO_PROCEDIMENTOS):
 *   a guia de solicitação de SP/SADT (ctm_sp-sadtSolicitacaoGuia) or de internação
 *   (ctm_internacaoSolicitacaoGuia);
 * - `cancelaGuiaWS` (tissCancelaGuia, transaction CANCELA_GUIA): cancels a requested guide
 *   (tipoGuia 1, solicitação).
 * Element order follows the schema's sequences; the item 115 hash as {@link writeWsMessage}.
 */
import { plainPunctuation } from './latin1.js';
import type { TissMessage } from './message.js';
import type { TissProfessional } from './tiss-data.js';
import { contractedData, type WsHead } from './ws-requests.js';
import { leaf, node, optionalLeaf, type TissNode } from './xml-tree.js';
import { writeWsMessage } from './ws-message.js';

/** One requested procedure or exam (ct_procedimentoDados + quantidadeSolicitada). */
export interface RequestedProcedure {
  /** dm_tabela: `22` TUSS procedures and exams. */
  table: string;
  code: string;
  description: string;
  /** st_numerico3. */
  quantity: number;
}

/** What a hospitalization request adds (dadosHospitalSolicitado, dadosInternacao). */
export interface HospitalizationData {
  /** codigoIndicadonaOperadora (≤ 14): the hospital's code at the operator. */
  hospitalCode: string;
  hospitalName: string;
  /** dataSugeridaInternacao, `YYYY-MM-DD`. */
  suggestedDate: string;
  /** dm_tipoInternacao: 1 clínica, 2 cirúrgica, 3 obstétrica, 4 pediátrica, 5 psiquiátrica. */
  type: '1' | '2' | '3' | '4' | '5';
  /** dm_regimeInternacao: 1 hospitalar, 2 hospital-dia, 3 domiciliar. */
  regime: '1' | '2' | '3';
  /** qtDiariasSolicitadas (st_numerico2). */
  days: number;
  opme: boolean;
  chemotherapy: boolean;
  /** diagnosticoCID (≤ 4 characters each, up to 4). */
  cids: string[];
}

/** A guia de solicitação as the writer takes it. */
export interface ProcedureRequestData {
  /** numeroGuiaPrestador (≤ 20). */
  guideNumber: string;
  cardNumber: string;
  newborn: boolean;
  /** codValidacao (≤ 10): the token the beneficiary received, when the operator asks for it. */
  validationCode?: string | undefined;
  /** nomeContratadoSolicitante (≤ 70): the clinic. */
  providerName: string;
  /** CNES of the clinic (dadosExecutante of SP/SADT), 7 characters. */
  cnes: string;
  professional: TissProfessional;
  /** dm_caraterAtendimento: 1 eletivo, 2 urgência/emergência. */
  character: '1' | '2';
  /** dataSolicitacao, `YYYY-MM-DD`. */
  date: string;
  /** indicacaoClinica (≤ 500 SP/SADT, required for internação). */
  clinicalIndication?: string | undefined;
  procedures: readonly RequestedProcedure[];
  notes?: string | undefined;
  /** Present for a hospitalization request. */
  hospitalization?: HospitalizationData | undefined;
}

const cut = (text: string, max: number) => plainPunctuation(text).trim().slice(0, max);

function professional(name: string, who: TissProfessional): TissNode {
  return node(name, [
    leaf('nomeProfissional', cut(who.name, 70)),
    leaf('conselhoProfissional', who.council),
    leaf('numeroConselhoProfissional', cut(who.councilNumber, 15)),
    leaf('UF', who.state),
    leaf('CBOS', who.cbo),
  ]);
}

function requested(procedures: readonly RequestedProcedure[]): TissNode[] {
  return procedures.map((p) =>
    node('procedimentosSolicitados', [
      node('procedimento', [
        leaf('codigoTabela', p.table),
        leaf('codigoProcedimento', cut(p.code, 10)),
        leaf('descricaoProcedimento', cut(p.description, 150)),
      ]),
      leaf('quantidadeSolicitada', p.quantity),
    ]),
  );
}

const beneficiary = (r: ProcedureRequestData) =>
  node('dadosBeneficiario', [
    leaf('numeroCarteira', cut(r.cardNumber, 20)),
    leaf('atendimentoRN', r.newborn ? 'S' : 'N'),
  ]);

/** ctm_sp-sadtSolicitacaoGuia. */
function spSadtRequest(head: WsHead, r: ProcedureRequestData): TissNode {
  return node('solicitacaoSP-SADT', [
    node('cabecalhoSolicitacao', [leaf('registroANS', head.ansRegistry), leaf('numeroGuiaPrestador', r.guideNumber)]),
    optionalLeaf('codValidacao', r.validationCode),
    leaf('tipoEtapaAutorizacao', '1'),
    beneficiary(r),
    node('dadosSolicitante', [
      node('contratadoSolicitante', [contractedData(head.provider)]),
      leaf('nomeContratadoSolicitante', cut(r.providerName, 70)),
      professional('profissionalSolicitante', r.professional),
    ]),
    leaf('caraterAtendimento', r.character),
    leaf('dataSolicitacao', r.date),
    optionalLeaf('indicacaoClinica', r.clinicalIndication && cut(r.clinicalIndication, 500)),
    ...requested(r.procedures),
    head.provider.providerCode
      ? node('dadosExecutante', [leaf('codigonaOperadora', cut(head.provider.providerCode, 14)), leaf('CNES', r.cnes)])
      : undefined,
    optionalLeaf('observacao', r.notes && cut(r.notes, 500)),
  ]);
}

/** ctm_internacaoSolicitacaoGuia. */
function hospitalizationRequest(head: WsHead, r: ProcedureRequestData, h: HospitalizationData): TissNode {
  return node('solicitacaoInternacao', [
    leaf('registroANS', head.ansRegistry),
    leaf('numeroGuiaPrestador', r.guideNumber),
    optionalLeaf('codValidacao', r.validationCode),
    leaf('tipoEtapaAutorizacao', '1'),
    beneficiary(r),
    node('identificacaoSolicitante', [
      node('dadosDoContratado', [contractedData(head.provider)]),
      professional('dadosProfissionalContratado', r.professional),
    ]),
    node('dadosHospitalSolicitado', [
      leaf('codigoIndicadonaOperadora', cut(h.hospitalCode, 14)),
      leaf('nomeContratadoIndicado', cut(h.hospitalName, 70)),
      leaf('dataSugeridaInternacao', h.suggestedDate),
    ]),
    node('dadosInternacao', [
      leaf('caraterAtendimento', r.character),
      leaf('tipoInternacao', h.type),
      leaf('regimeInternacao', h.regime),
      leaf('qtDiariasSolicitadas', h.days),
      leaf('indicadorOPME', h.opme ? 'S' : 'N'),
      leaf('indicadorQuimio', h.chemotherapy ? 'S' : 'N'),
      leaf('indicacaoClinica', cut(r.clinicalIndication ?? '', 500)),
    ]),
    node('hipotesesDiagnosticas', [
      ...h.cids.slice(0, 4).map((cid) => leaf('diagnosticoCID', cid.replace(/\W/g, '').slice(0, 4))),
      leaf('indicadorAcidente', '9'),
    ]),
    ...requested(r.procedures),
    leaf('dataSolicitacao', r.date),
    optionalLeaf('observacao', r.notes && cut(r.notes, 1000)),
  ]);
}

/** `solicitacaoProcedimentoWS` of `request` (SP/SADT, or internação when it has hospitalization data). */
export function writeProcedureRequest(head: WsHead, request: ProcedureRequestData): TissMessage {
  const guide = request.hospitalization
    ? hospitalizationRequest(head, request, request.hospitalization)
    : spSadtRequest(head, request);
  return writeWsMessage(
    'solicitacaoProcedimentoWS',
    { ...head, transaction: 'SOLICITACAO_PROCEDIMENTOS' },
    node('solicitacaoProcedimento', [guide]),
  );
}

/** The requested guide to cancel: the clinic's number and, when it gave one, the operator's. */
export interface GuideToCancel {
  guideNumber: string;
  operatorGuideNumber?: string | undefined;
}

/** `cancelaGuiaWS` for a requested guide (tipoGuia 1, solicitação). */
export function writeCancelGuideRequest(head: WsHead, guide: GuideToCancel): TissMessage {
  return writeWsMessage(
    'cancelaGuiaWS',
    { ...head, transaction: 'CANCELA_GUIA' },
    node('cancelaGuia', [
      node('dadosPrestador', [contractedData(head.provider)]),
      node('tipoCancelamento', [
        node('tipoCancelamentoGuia', [
          leaf('tipoGuia', '1'),
          leaf('numeroGuiaPrestador', guide.guideNumber),
          optionalLeaf('numeroGuiaOperadora', guide.operatorGuideNumber),
        ]),
      ]),
    ]),
  );
}
