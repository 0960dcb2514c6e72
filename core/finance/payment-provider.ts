/**
 * The payment-provider port (spec §4.4 Finance: "create an online payment for a patient receivable",
 * "return the extract of the digital account", "refund a digital finance record", "confirm a financial
 * transfer", "resend a transfer token"). Pure types: the server fills it with an adapter for a real
 * provider's documented API (sync-server/payments/asaas-provider.ts) and the account's credentials;
 * the desk never reaches a provider (these operations are online-only). Decisions: FIN-010.
 *
 * Money on this port is in reais (numbers with at most two decimals), dates `YYYY-MM-DD`, times
 * ISO-8601 with offset.
 */

/** How the payer pays a dynamic charge. Card data never passes through us: the payer types it on the provider's page. */
export const CHARGE_METHODS = ['pix', 'creditCard', 'bankSlip'] as const;
export type ChargeMethod = (typeof CHARGE_METHODS)[number];

/** The payer as the provider registers it (its customer). */
export interface ChargePayer {
  /** Our patient id, kept by the provider as its external reference. */
  patient: string;
  name: string;
  /** CPF or CNPJ, digits only. */
  cpfCnpj: string;
  email?: string;
  /** Brazilian mobile number, digits only (DDD + number). */
  mobilePhone?: string;
}

/** A dynamic charge to create for one bill to receive. */
export interface ChargeRequest {
  /** The bill (our id), sent as the charge's external reference: the webhook finds the bill by it. */
  bill: string;
  payer: ChargePayer;
  /** The provider's customer id from an earlier charge of the same patient, when known. */
  customer?: string;
  method: ChargeMethod;
  /** Reais. */
  value: number;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  description: string;
}

/** A charge as the provider answered it. */
export interface Charge {
  /** The provider's id (Asaas: `pay_…`). */
  id: string;
  customer: string;
  method: ChargeMethod;
  /** Reais. */
  value: number;
  /** The provider's status word (Asaas: `PENDING`, `RECEIVED`, `CONFIRMED`, `REFUNDED`…). */
  status: string;
  /** The provider's payment page (card, bank slip, PIX): what the payer opens. */
  invoiceUrl?: string;
  /** Dynamic PIX: the BR Code ("copia e cola"), its QR image (PNG, base64) and expiry. */
  pix?: { payload: string; encodedImage: string; expirationDate: string };
}

/** One line of the digital account's extract. */
export interface ExtractEntry {
  id: string;
  /** Reais; negative for money out (fees, transfers, refunds). */
  value: number;
  /** Balance after the line, reais. */
  balance: number;
  /** The provider's kind of line (Asaas: `PAYMENT_RECEIVED`, `PAYMENT_FEE`, `TRANSFER`…). */
  type: string;
  /** `YYYY-MM-DD`. */
  date: string;
  description: string;
  /** The charge it came from, when it did. */
  charge?: string;
}

/** A transfer out of the digital account. */
export interface TransferRequest {
  /** Reais. */
  value: number;
  pixKey: string;
  pixKeyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
  description: string;
  /** Our id, so the provider's record can be traced back. */
  reference: string;
}

/** A transfer as the provider answered it. */
export interface ProviderTransfer {
  id: string;
  status: string;
  /** Reais. */
  value: number;
  fee: number;
}

/**
 * A failure the provider answered (4xx/5xx) or a provider that could not be reached. `permanent`
 * when trying again will not help (refused data, bad credentials); the message is pt-BR and names no
 * secret.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/**
 * A payment provider as one account sees it (its credentials already chosen). Every method may throw
 * {@link ProviderError}.
 */
export interface PaymentProvider {
  /** Registers the payer (once per patient; the id is kept) and creates the charge. */
  createCharge(request: ChargeRequest, signal?: AbortSignal): Promise<Charge>;
  /**
   * Refunds a received charge: all of it, or `value` reais of it (a partial refund, FIN-019).
   * @returns its new status (a partly refunded charge keeps its received status at Asaas).
   */
  refundCharge(charge: string, description: string, signal?: AbortSignal, value?: number): Promise<{ status: string }>;
  /** The digital account's extract of a period (`from`/`to` inclusive, `YYYY-MM-DD`), paged. */
  extract(
    query: { from: string; to: string; offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<{ items: ExtractEntry[]; hasMore: boolean; totalCount: number }>;
  /** Asks the provider to send money out of the digital account. */
  transfer(request: TransferRequest, signal?: AbortSignal): Promise<ProviderTransfer>;
}
