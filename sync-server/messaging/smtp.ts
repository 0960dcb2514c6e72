/**
 * The e-mail provider over SMTP (nodemailer), configured by `SMTP_URL` and `SMTP_FROM`.
 */
import { createTransport } from 'nodemailer';
import { SendFailure, type EmailProvider, type Providers } from './providers.js';

/** Settings of {@link smtpEmailProvider}. */
export interface SmtpOptions {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from
   * the start). nodemailer options may follow as query parameters (`?requireTLS=true`).
   */
  url: string;
  /** Sender, e.g. `"Clínica Sorriso" <contato@clinicasorriso.com.br>`. */
  from: string;
  /** Milliseconds to wait for the TCP connection and for the greeting; default 20 s each. */
  connectTimeoutMs?: number;
  /** Milliseconds of silence before a connection is dropped; default 60 s. */
  socketTimeoutMs?: number;
}

/** Fields nodemailer sets on its errors (nodemailer ≥ 10.2 adds `permanent`). */
interface SmtpError {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
  permanent?: boolean;
}

/**
 * Sorts a nodemailer error into retry-later or failed-for-good. Only a refusal of this message or
 * of its recipient is permanent (5xx at RCPT TO or DATA, an oversized message). A 5xx at login or
 * MAIL FROM is the clinic's SMTP configuration: once an administrator fixes it, the queued messages
 * must still go out, so those stay transient.
 */
export function smtpFailure(error: unknown): SendFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const refused = e.permanent === true && (e.command === 'RCPT TO' || e.command === 'DATA');
  const permanent = refused || (e.code === 'EMESSAGE' && e.permanent !== false);
  const code = typeof e.code === 'string' ? e.code : 'ESMTP';
  const reason = e.message ?? String(error);
  const message = permanent
    ? `O servidor de e-mail recusou a mensagem: ${reason}`
    : `Falha ao enviar o e-mail: ${reason}`;
  return new SendFailure(message, permanent, code, { cause: error });
}

/** The domain of the sender's address, for Message-IDs (`clinic.invalid` when it has none). */
function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'clinic.invalid';
}

/**
 * An {@link EmailProvider} over one SMTP server. Each send opens its own connection (a clinic sends
 * a few hundred messages a day; a pool would hold a connection the SMTP server may drop anyway).
 * The Message-ID is derived from the outbox id, so if a send is repeated after a crash the
 * recipient's server can recognise the duplicate.
 *
 * @throws Error when `url` is not a URL nodemailer accepts (checked at the first send by nodemailer
 *   itself for everything else: host, credentials).
 */
export function smtpEmailProvider(options: SmtpOptions): EmailProvider {
  const transport = createTransport({
    url: options.url,
    connectionTimeout: options.connectTimeoutMs ?? 20_000,
    greetingTimeout: options.connectTimeoutMs ?? 20_000,
    socketTimeout: options.socketTimeoutMs ?? 60_000,
  });
  const domain = senderDomain(options.from);
  return {
    async send(email, { signal }) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: `<${email.messageId}@${domain}>`,
          attachments: email.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
          })),
          signal,
        });
        return { providerId: info.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
  };
}

/** Messaging settings read from the environment. */
export interface MessagingConfig {
  /** `SMTP_URL`; e-mail is not delivered without it (messages wait as pending). */
  smtpUrl: string | undefined;
  /** `SMTP_FROM`, required with `SMTP_URL`. */
  smtpFrom: string | undefined;
  /** `MESSAGING_INTERVAL_MS`: pause between delivery passes, default 5000. */
  intervalMs: number;
}

/**
 * Reads {@link MessagingConfig} from `env`.
 *
 * @throws Error naming the variable when `SMTP_URL` is set without `SMTP_FROM`, is not an
 *   smtp:// or smtps:// URL, or `MESSAGING_INTERVAL_MS` is not a positive integer: a typo stops
 *   the start-up instead of silently queueing mail forever. The URL itself is never in the message
 *   (it holds the SMTP password).
 */
export function readMessagingConfig(env: Record<string, string | undefined>): MessagingConfig {
  const smtpUrl = env.SMTP_URL || undefined;
  const smtpFrom = env.SMTP_FROM || undefined;
  if (smtpUrl) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // reported below without echoing the URL
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
    if (!smtpFrom) throw new Error('SMTP_FROM is required when SMTP_URL is set');
  }
  const rawInterval = env.MESSAGING_INTERVAL_MS;
  const intervalMs = rawInterval ? Number(rawInterval) : 5000;
  if (!Number.isInteger(intervalMs) || intervalMs <= 0) {
    throw new Error(`MESSAGING_INTERVAL_MS must be a positive integer, got "${rawInterval}"`);
  }
  return { smtpUrl, smtpFrom, intervalMs };
}

/** The providers `config` enables: e-mail when SMTP is configured; none otherwise. */
export function providersFromConfig(config: MessagingConfig): Providers {
  return config.smtpUrl && config.smtpFrom
    ? { email: smtpEmailProvider({ url: config.smtpUrl, from: config.smtpFrom }) }
    : {};
}
