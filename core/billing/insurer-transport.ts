/**
 * The insurer's TISS web services as a port (issue 25, "Insurer transport"; the ANS WSDLs in
 * `tiss/schemas/<version>/`… are document/literal SOAP 1.1). Core builds and checks the messages; the
 * server installs the adapter (`sync-server/billing/soap-insurer.ts`), which posts them to the
 * insurer's endpoint. This slice carries tissLoteGuias (send a batch, protocoloRecebimentoWS back) and
 * tissSolicitacaoStatusProtocolo (situacaoProtocoloWS back); eligibility, authorization status and
 * appeal are the same exchange with their own roots and are not written yet (TISS-017).
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
