/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it receives, and a
 * small MIME reader to look inside: enough to check what nodemailer put on the wire. Test-only module.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A running sink. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Refuses every recipient with this SMTP reply code until called with null (451: later; 550: never). */
  refuseRecipients(code: number | null): void;
  close(): Promise<void>;
}

/** Starts a sink on an ephemeral loopback port: no authentication, no TLS (nothing leaves the machine). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    // Without STARTTLS nodemailer stays in plain text, so no self-signed certificate is involved.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal === null) return callback();
      const error = Object.assign(new Error(refusal >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
        responseCode: refusal,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseRecipients(code) {
      refusal = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One leaf part of a MIME message: lower-cased headers and the decoded body. */
export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: at < 0 ? '' : raw.slice(at + 4) };
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
}

/** The top-level headers of `raw`, lower-cased names, folded lines joined. */
export function mimeHeaders(raw: string): Record<string, string> {
  return splitHeaders(raw).headers;
}

/** The leaf parts of `raw`, multiparts flattened in order. */
export function mimeParts(raw: string): MimePart[] {
  const { headers, body } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ headers, body: decodeBody(body, headers['content-transfer-encoding']) }];
  const parts = body.split(`--${boundary}`).slice(1);
  return parts
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => mimeParts(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

/** A header value with its RFC 2047 encoded words (`=?UTF-8?Q?Or=C3=A7amento?=`) decoded. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable').toString('utf8'),
    );
}
