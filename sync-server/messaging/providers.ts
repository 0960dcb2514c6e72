/**
 * Provider ports: what the delivery worker needs from whoever carries a message (an SMTP server, a
 * WhatsApp Business provider). Each adapter turns its own failures into {@link SendFailure}, so the
 * worker decides "retry later" or "failed for good" the same way for every channel.
 */

/** A file ready to send. */
export interface OutgoingAttachment {
  /** Shown to the patient, e.g. `orcamento-123.pdf`. */
  filename: string;
  /** MIME type, e.g. `application/pdf`. */
  contentType: string;
  content: Uint8Array;
}

/** Options of one send. */
export interface SendOptions {
  /** Aborted when the worker's send timeout passes; the provider should give up then. */
  signal: AbortSignal;
}

/** What a provider says after accepting a message. */
export interface SendReceipt {
  /** The provider's own id (SMTP Message-ID, WhatsApp message id), for support tickets. */
  providerId?: string;
}

/** A rendered e-mail. */
export interface OutgoingEmail {
  /** The outbox message id: providers use it to make a resend recognisable (Message-ID). */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments: OutgoingAttachment[];
}

/** Sends e-mail (SMTP through nodemailer in production: see smtp.ts). */
export interface EmailProvider {
  /** @throws SendFailure; any other error counts as a transient failure. */
  send(email: OutgoingEmail, options: SendOptions): Promise<SendReceipt>;
}

/** A rendered WhatsApp message: text plus optional documents. */
export interface OutgoingWhatsApp {
  /** The outbox message id, for the provider's idempotency key where it has one. */
  messageId: string;
  /** E.164 number, e.g. `+5511987654321`. */
  to: string;
  text: string;
  attachments: OutgoingAttachment[];
  /** The account it is sent for: providers with credentials per account pick them by it. */
  tenantId?: string;
  /**
   * The outbox template and its data: business-initiated WhatsApp messages must be templates the
   * provider approved (WhatsApp Business Cloud API), so an adapter maps these, not `text`.
   */
  template?: { name: string; data: Record<string, unknown> };
}

/** Sends WhatsApp messages through a provider (WhatsApp Business API or a reseller). */
export interface WhatsAppProvider {
  /** @throws SendFailure; any other error counts as a transient failure. */
  send(message: OutgoingWhatsApp, options: SendOptions): Promise<SendReceipt>;
}

/** A rendered SMS: plain text only (a provider splits or refuses long text itself). */
export interface OutgoingSms {
  /** The outbox message id. */
  messageId: string;
  /** E.164 number, e.g. `+5511987654321`. */
  to: string;
  text: string;
  /** The account it is sent for: providers with credentials per account pick them by it. */
  tenantId?: string;
}

/** Sends SMS through a provider (Zenvia: sync-server/sms/). */
export interface SmsProvider {
  /** @throws SendFailure; any other error counts as a transient failure. */
  send(message: OutgoingSms, options: SendOptions): Promise<SendReceipt>;
}

/**
 * The providers a server has. A channel without a provider is not delivered: its messages stay
 * `pending` (not failed) until one is configured, since nothing is wrong with them.
 */
export interface Providers {
  email?: EmailProvider;
  whatsapp?: WhatsAppProvider;
  sms?: SmsProvider;
}

/**
 * A send that did not happen. `permanent` when retrying would get the same answer (an address the
 * server refuses, an unknown template); otherwise the worker retries with backoff.
 *
 * `message` becomes the message's `lastError`, shown to the clinic: pt-BR, may quote the
 * provider's reply. `code` is what logs carry (never the message, which may quote an address).
 */
export class SendFailure extends Error {
  override readonly name = 'SendFailure';

  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
