/**
 * The Zenvia API v2 SMS adapter behind the messaging provider port: `POST /v2/channels/sms/messages`
 * with the `X-API-TOKEN` header and `{ from, to, contents: [{ type: 'text', text }] }`; the answer's
 * `id` is tracked so the message-status callback (`MESSAGE_STATUS`, sms-ops.ts) finds the message.
 * The token travels only in that header: never in an error, a log line or a stored message.
 *
 * Tested against a local HTTP server implementing this endpoint (test-zenvia.ts), not against Zenvia.
 */
import { SendFailure, type OutgoingSms, type SendOptions, type SmsProvider } from '../messaging/providers.js';
import type { SmsService } from './sms-service.js';

/** Zenvia's error body (`{ code, message }`). */
interface ZenviaError {
  code?: string;
  message?: string;
}

/** The SMS provider over the accounts' credentials in `service`. */
export function zenviaSms(service: SmsService, fetcher: typeof fetch = fetch): SmsProvider {
  return {
    async send(message: OutgoingSms, options: SendOptions) {
      const tenantId = message.tenantId;
      const c = tenantId ? await service.credentials(tenantId) : undefined;
      if (!tenantId || !c)
        throw new SendFailure('Integração de SMS não configurada para a conta', true, 'sms_not_configured');
      const res = await fetcher(`${c.baseUrl}/v2/channels/sms/messages`, {
        method: 'POST',
        headers: { 'x-api-token': c.apiToken, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: c.sender,
          to: message.to.replace(/^\+/, ''),
          contents: [{ type: 'text', text: message.text }],
        }),
        signal: options.signal,
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as ZenviaError;
        const transient = res.status === 429 || res.status >= 500;
        throw new SendFailure(
          `Zenvia recusou o SMS (HTTP ${res.status}${body.code ? `, ${body.code}` : ''})${body.message ? `: ${body.message}` : ''}`.slice(
            0,
            500,
          ),
          !transient,
          `zenvia_${body.code ?? res.status}`,
        );
      }
      const id = ((await res.json()) as { id?: string }).id;
      if (id) await service.track(tenantId, id, message.messageId);
      return id ? { providerId: id } : {};
    },
  };
}
