/**
 * The insurer's TISS web services as a port (issue 25, "Insurer transport"; the ANS WSDLs in
 * `tiss/schemas/<version>/`… are document/literal SOAP 1.1). Core builds and checks the messages; the
 * server installs the adapter (`sync-server/billing/soap-insurer.ts`), which posts them to the
 * insurer's endpoint. This slice carries tissLoteGuias (send a batch, protocoloRecebimentoWS back) and
 * tissSolicitacaoStatusProtocolo (situacaoProtocoloWS back), tissVerificaElegibilidade
 * (respostaElegibilidadeWS), tissSolicitacaoStatusAutorizacao (situacaoAutorizacaoWS), tissRecursoGlosa
 * (protocoloRecebimentoRecursoWS), tissSolicitacaoStatusRecursoGlosa (situacaoProtocoloRecursoWS),
 * tissSolicitacaoProcedimento (autorizacaoProcedimentoWS) and tissCancelaGuia (reciboCancelaGuiaWS)
 * (TISS-017, TISS-021, TISS-026).
 */
import type { TissMessage } from './tiss/message.js';

/** What the operator answered to a batch (ct_recebimentoLote). */
export type BatchReceipt =
  | {
      accepted: true;
      /** numeroProtocolo (st_texto12). */
      protocol: string;
      /** dataEnvioLote, `YYYY-MM-DD`. */
      sentOn: string;
      /** valorTotalProtocolo, reais. */
      total: number;
    }
  | {
      accepted: false;
      /** mensagemErro/codigoGlosa (dm_tipoGlosa). */
      glosaCode: string;
      description?: string;
    };

/** Where a protocol stands at the operator (ct_loteStatus), or its refusal to say. */
export type ProtocolStatus =
  | {
      found: true;
      /** dm_statusProtocolo: 1 recebido … 3 liberado para pagamento, 6 pagamento efetuado, 9 cancelado. */
      status: string;
      protocol: string;
      batchNumber: string;
      /** valorTotalLote, reais. */
      processed: number;
      refused: number;
      released: number;
    }
  | { found: false; glosaCode: string; description?: string };

/** The operator's answer to an eligibility check (ct_respostaElegibilidade). */
export type EligibilityAnswer =
  | {
      answered: true;
      /** respostaSolicitacao S: the beneficiary may be attended. */
      eligible: boolean;
      cardNumber: string;
      beneficiaryName: string;
      /** validadeCarteira, when the operator gave it. */
      cardValidity?: string;
      /** motivosNegativa: glosa codes (dm_tipoGlosa) with their text. */
      refusals: { glosaCode: string; description?: string }[];
    }
  | { answered: false; glosaCode: string; description?: string };

/** Where an authorization stands (ct_situacaoAutorizacao → autorizacaoServico). */
export type AuthorizationStatus =
  | {
      found: true;
      /** dm_statusSolicitacao: 1 autorizado, 2 em análise, 3 negado, 4 aguardando documentação… */
      status: string;
      guideNumber: string;
      operatorGuideNumber?: string;
      /** senha: the authorization code to write on the guide. */
      password?: string;
      authorizedOn?: string;
      passwordValidUntil?: string;
      refusals: { glosaCode: string; description?: string }[];
    }
  | { found: false; glosaCode: string; description?: string };

/** The operator's receipt of an appeal (ct_recebimentoRecurso). */
export type AppealReceipt =
  | { accepted: true; protocol: string; receivedOn: string }
  | { accepted: false; glosaCode: string; description?: string };

/** Where an appeal stands (ct_respostaGlosa). */
export type AppealStatus =
  | {
      found: true;
      protocol: string;
      /** dm_statusProtocolo, when the operator answered with the protocol's situation. */
      status?: string;
      /** valorTotalRecursado/valorTotalAcatado, reais, when the operator answered with its decision. */
      appealed?: number;
      granted?: number;
    }
  | { found: false; glosaCode: string; description?: string };

/** The operator's answer to a guide cancellation (ct_reciboCancelaGuia). */
export type CancelReceipt =
  | {
      accepted: true;
      /** dm_statusCancelamento of the guide: 1 cancelado com sucesso, 2 guia inexistente… */
      status: string;
    }
  | { accepted: false; glosaCode: string; description?: string };

/** The insurer's TISS web services. */
export interface InsurerTransport {
  /**
   * tissLoteGuias: posts `message` (a `loteGuiasWS` of TISS `version`) to `endpoint`.
   * @throws DomainError `unavailable`-like `internal` when the insurer cannot be reached or answers a
   *   SOAP fault; `validation` when its answer fails the ANS schemas.
   */
  sendBatch(endpoint: string, message: TissMessage, version: string): Promise<BatchReceipt>;
  /**
   * tissSolicitacaoStatusProtocolo: posts `message` (a `solicitacaoStatusProtocoloWS`) to `endpoint`.
   * @throws DomainError as {@link InsurerTransport.sendBatch}.
   */
  protocolStatus(endpoint: string, message: TissMessage, version: string): Promise<ProtocolStatus>;
  /** tissVerificaElegibilidade: posts a `pedidoElegibilidadeWS`. @throws as {@link InsurerTransport.sendBatch}. */
  eligibility(endpoint: string, message: TissMessage, version: string): Promise<EligibilityAnswer>;
  /** tissSolicitacaoStatusAutorizacao: posts a `solicitacaoStatusAutorizacaoWS`. @throws as sendBatch. */
  authorizationStatus(endpoint: string, message: TissMessage, version: string): Promise<AuthorizationStatus>;
  /** tissRecursoGlosa: posts a `loteRecursoGlosaWS`. @throws as sendBatch. */
  sendAppeal(endpoint: string, message: TissMessage, version: string): Promise<AppealReceipt>;
  /** tissSolicitacaoStatusRecursoGlosa: posts a `solicitacaoStatusRecursoGlosaWS`. @throws as sendBatch. */
  appealStatus(endpoint: string, message: TissMessage, version: string): Promise<AppealStatus>;
  /**
   * tissSolicitacaoProcedimento: posts a `solicitacaoProcedimentoWS` (SP/SADT or internação); the
   * operator answers with the authorization's situation (autorizacaoProcedimentoWS). @throws as sendBatch.
   */
  requestProcedure(endpoint: string, message: TissMessage, version: string): Promise<AuthorizationStatus>;
  /** tissCancelaGuia: posts a `cancelaGuiaWS`. @throws as sendBatch. */
  cancelGuide(endpoint: string, message: TissMessage, version: string): Promise<CancelReceipt>;
}

let installed: InsurerTransport | undefined;

/** Sets the transport; only the server's catalogue (and tests) call this. */
export function setInsurerTransport(transport: InsurerTransport | undefined): void {
  installed = transport;
}

/** The installed transport, or undefined where there is none (the desk). */
export function insurerTransport(): InsurerTransport | undefined {
  return installed;
}
