/**
 * The insurer's TISS web services as a port (issue 25, "Insurer transport"; the ANS WSDLs in
 * `tiss/schemas/<version>/`… are document/literal SOAP 1.1). Core builds and checks the messages; the
 * server installs the adapter (`sync-server/billing/soap-insurer.ts`), which posts them to the
 * insurer's endpoint. This slice carries tissLoteGuias (send a batch, protocoloRecebimentoWS back);
 * protocol status, eligibility, authorization status and appeal are the same exchange with their own
 * roots and are not written yet (docs/decisions/billing.md TISS-017).
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

/** The insurer's TISS web services. */
export interface InsurerTransport {
  /**
   * tissLoteGuias: posts `message` (a `loteGuiasWS` of TISS `version`) to `endpoint`.
   * @throws DomainError `unavailable`-like `internal` when the insurer cannot be reached or answers a
   *   SOAP fault; `validation` when its answer fails the ANS schemas.
   */
  sendBatch(endpoint: string, message: TissMessage, version: string): Promise<BatchReceipt>;
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
