/**
 * AWS Signature Version 4 for S3 requests sent with headers (AWS docs "Signature Calculations for the
 * Authorization Header: Transferring Payload in a Single Chunk"): the canonical request, the string
 * to sign and the HMAC chain `AWS4<secret>` → date → region → `s3` → `aws4_request`. Minimal: one
 * chunk, signed payload hash, no query parameters beyond those given. Checked against the AWS
 * documentation's GET Object example (sigv4.test.ts).
 */
import { createHash, createHmac } from 'node:crypto';

/** What is signed. Header names any case; `host`, `x-amz-date` and `x-amz-content-sha256` are added. */
export interface SignInput {
  method: string;
  /** Path already URI-encoded per segment (`/bucket/a/b.pdf`). */
  path: string;
  /** Query as `name=value` pairs, encoded; sorted here. */
  query?: [string, string][];
  host: string;
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (`e3b0…` for none). */
  payloadHash: string;
  /** `20130524T000000Z`. */
  amzDate: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Hex SHA-256 of `data`. */
export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The instant 2013-05-24T00:00:00Z → `20130524T000000Z`. */
export function amzDateOf(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** URI-encodes one path segment as S3 wants it (RFC 3986 unreserved kept). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Signs a request. @returns every header to send: the given ones, `host`, `x-amz-date`,
 * `x-amz-content-sha256` and `authorization`.
 */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  headers.host = input.host;
  headers['x-amz-date'] = input.amzDate;
  headers['x-amz-content-sha256'] = input.payloadHash;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalQuery = [...(input.query ?? [])]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.path,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
