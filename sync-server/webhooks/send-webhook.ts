/**
 * One webhook attempt: a signed POST (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, signed by the
 * `standardwebhooks` library) to a checked address, no redirects followed, a bounded wait.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { BlockedAddressError, checkLiteralHost, guardedLookup } from './address-guard.js';

/** What one attempt needs. */
export interface Attempt {
  url: string;
  /** `whsec_…`. */
  secret: string;
  /** The event id (`msg_…`), the same on every attempt. */
  id: string;
  body: string;
  /** The attempt's time: the signed `webhook-timestamp`. */
  at: Date;
  allowPrivate: boolean;
  timeoutMs: number;
}

/** The outcome: a status when the receiver answered, an error code otherwise. */
export interface AttemptResult {
  statusCode: number | null;
  /** `ssrf_blocked`, `timeout`, `connection`, or `http_<status>` for a non-2xx answer; null when 2xx. */
  error: string | null;
}

/** The three Standard Webhooks headers for `id`, `at` and `body`, signed with `secret`. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** Sends one attempt; never throws (every failure is an {@link AttemptResult}). */
export function attemptDelivery(attempt: Attempt): Promise<AttemptResult> {
  let url: URL;
  try {
    url = new URL(attempt.url);
    checkLiteralHost(url.hostname, attempt.allowPrivate);
  } catch (error) {
    return Promise.resolve({ statusCode: null, error: error instanceof BlockedAddressError ? error.code : 'bad_url' });
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(attempt.allowPrivate),
        timeout: attempt.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Clinic-Webhooks/1',
          ...signedHeaders(attempt.secret, attempt.id, attempt.at, attempt.body),
        },
      },
      (res) => {
        // The answer's body is not read beyond draining it: receivers' text is not kept (may echo data).
        res.resume();
        const status = res.statusCode ?? 0;
        resolve({ statusCode: status, error: status >= 200 && status < 300 ? null : `http_${status}` });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.on('error', (error: Error & { code?: string }) => {
      const code =
        error instanceof BlockedAddressError ? error.code : error.code === 'timeout' ? 'timeout' : 'connection';
      resolve({ statusCode: null, error: code });
    });
    req.end(attempt.body);
  });
}
