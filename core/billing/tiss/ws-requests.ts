/**
 * The provider's other TISS web-service requests (tissWebServicesV4_01_00.xsd), each under its WSDL's
 * root with the header, body and item 115 hash of {@link writeWsMessage}:
 * - `pedidoElegibilidadeWS` (tissVerificaElegibilidade): is this card covered today?
 * - `solicitacaoStatusAutorizacaoWS` (tissSolicitacaoStatusAutorizacao): where a guide's
 *   authorization stands;
 * - `loteRecursoGlosaWS` (tissRecursoGlosa): a refusal appeal;
 * - `solicitacaoStatusRecursoGlosaWS` (tissSolicitacaoStatusRecursoGlosa): where an appeal stands.
 */
import { appealGuide, type TissAppeal } from './appeal.js';
import type { TissHeader, TissMessage } from './message.js';
import type { TissProvider } from './tiss-data.js';
import { leaf, node, optionalLeaf, type TissNode } from './xml-tree.js';
import { writeWsMessage } from './ws-message.js';

/** A request's header: the batch header without the transaction, which each request sets. */
export type WsHead = Omit<TissHeader, 'transaction'>;

/** ct_contratadoDados: the provider code at the operator, else the CNPJ. */
export function contractedData(provider: Pick<TissProvider, 'providerCode' | 'cnpj'>): TissNode {
  return provider.providerCode
    ? leaf('codigoPrestadorNaOperadora', provider.providerCode)
    : leaf('cnpjContratado', provider.cnpj ?? '');
}

/** What an eligibility check asks about (ct_elegibilidadeVerifica; 4.00 dropped the name, the card says who). */
export interface EligibilityQuestion {
  /** numeroCarteira (≤ 20). */
  cardNumber: string;
  /** validadeCarteira, `YYYY-MM-DD`. */
  cardValidity?: string | undefined;
  /** codValidacao (≤ 10): the token the beneficiary received, when the operator asks for one. */
  validationCode?: string | undefined;
}

/** `pedidoElegibilidadeWS` (transaction VERIFICA_ELEGIBILIDADE). */
export function writeEligibilityRequest(head: WsHead, q: EligibilityQuestion): TissMessage {
  return writeWsMessage(
    'pedidoElegibilidadeWS',
    { ...head, transaction: 'VERIFICA_ELEGIBILIDADE' },
    node('pedidoElegibilidade', [
      node('dadosPrestador', [contractedData(head.provider)]),
      leaf('numeroCarteira', q.cardNumber.trim().slice(0, 20)),
      optionalLeaf('validadeCarteira', q.cardValidity),
      optionalLeaf('codValidacao', q.validationCode),
    ]),
  );
}

/** The guide whose authorization is asked about (ct_autorizacaoSolicitaStatus). */
export interface AuthorizationQuestion {
  /** numeroGuiaPrestador (≤ 20). */
  guideNumber: string;
  cardNumber: string;
  newborn: boolean;
}

/** `solicitacaoStatusAutorizacaoWS` (transaction SOLICITA_STATUS_AUTORIZACAO). */
export function writeAuthorizationStatusRequest(head: WsHead, q: AuthorizationQuestion): TissMessage {
  return writeWsMessage(
    'solicitacaoStatusAutorizacaoWS',
    { ...head, transaction: 'SOLICITA_STATUS_AUTORIZACAO' },
    node('solicitacaoStatusAutorizacao', [
      node('identificacaoSolicitacao', [
        leaf('registroANS', head.ansRegistry),
        leaf('numeroGuiaPrestador', q.guideNumber),
      ]),
      node('dadosBeneficiario', [leaf('numeroCarteira', q.cardNumber), leaf('atendimentoRN', q.newborn ? 'S' : 'N')]),
      node('dadosContratado', [contractedData(head.provider)]),
    ]),
  );
}

/** `loteRecursoGlosaWS` of `appeal` (transaction RECURSO_GLOSA); `login` for the header. */
export function writeAppealWsMessage(appeal: TissAppeal, login?: TissHeader['login']): TissMessage {
  return writeWsMessage(
    'loteRecursoGlosaWS',
    { ...appeal, transaction: 'RECURSO_GLOSA', ...(login ? { login } : {}) },
    node('loteRecurso', [appealGuide(appeal)]),
  );
}

/** `solicitacaoStatusRecursoGlosaWS` for the appeal protocol `protocol` (transaction SOLIC_STATUS_RECURSO_GLOSA). */
export function writeAppealStatusRequest(head: WsHead, protocol: string): TissMessage {
  return writeWsMessage(
    'solicitacaoStatusRecursoGlosaWS',
    { ...head, transaction: 'SOLIC_STATUS_RECURSO_GLOSA' },
    node('solicitacaoStatusProtocoloRecurso', [
      node('dadosPrestador', [contractedData(head.provider)]),
      leaf('numeroProtocolo', protocol),
    ]),
  );
}
