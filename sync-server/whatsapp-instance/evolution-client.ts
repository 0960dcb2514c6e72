/**
 * The HTTP calls of Evolution API v2 (a self-hosted WhatsApp instance API, doc.evolution-api.com) the
 * adapter uses, every one with the `apikey` header: `POST /instance/create`, `GET /instance/connect/{instance}`
 * (QR code / pairing code), `GET /instance/connectionState/{instance}`, `POST /message/sendText/{instance}`,
 * `POST /message/sendMedia/{instance}` and `DELETE /instance/delete/{instance}`. Keys travel only in
 * that header: never in an error, a log line or a stored message.
 *
 * Tested against a local HTTP server implementing these endpoints (test-evolution.ts), not against a
 * running Evolution API.
 */
import { SendFailure } from '../messaging/providers.js';

/** Where and as whom to call. */
export interface EvolutionTarget {
  baseUrl: string;
  /** The `apikey` header: the global key for create/delete, the instance key for the rest. */
  apiKey: string;
  instanceName: string;
}

/** Webhook events the instance is created with (Evolution's names). */
export const INSTANCE_EVENTS = ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE'] as const;

/**
 * An answer the provider refused. `permanent` unless 429/5xx; `message` is pt-BR, may quote the
 * provider's text (it goes to `lastError` or an operation's error, never to logs).
 */
async function refusal(res: Response, what: string): Promise<SendFailure> {
  const body = (await res.json().catch(() => ({}))) as { response?: { message?: unknown } };
  const raw = body.response?.message;
  const detail = raw === undefined ? '' : `: ${(Array.isArray(raw) ? raw : [raw]).map(String).join('; ')}`;
  const transient = res.status === 429 || res.status >= 500;
  return new SendFailure(
    `A instância de WhatsApp recusou ${what} (HTTP ${res.status})${detail}`.slice(0, 500),
    !transient,
    `evolution_${res.status}`,
  );
}

const path = (t: EvolutionTarget, p: string) => `${t.baseUrl}${p}/${encodeURIComponent(t.instanceName)}`;

/** Evolution API v2 over `fetcher`. Every method throws {@link SendFailure} on a refusal. */
export function evolutionClient(fetcher: typeof fetch = fetch) {
  async function call<T>(
    t: EvolutionTarget,
    method: string,
    url: string,
    what: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    const res = await fetcher(url, {
      method,
      headers: { apikey: t.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: signal ?? AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw await refusal(res, what);
    return (await res.json().catch(() => ({}))) as T;
  }

  return {
    /**
     * Creates the instance (`integration: WHATSAPP-BAILEYS`, QR code on) with `token` as its own key
     * and, when `webhookUrl` is given, the webhook of {@link INSTANCE_EVENTS}.
     * @returns the provider's instance id, when it answered one.
     */
    async create(t: EvolutionTarget, token: string, webhookUrl: string | null): Promise<{ instanceId: string | null }> {
      const answer = await call<{ instance?: { instanceId?: string } }>(
        t,
        'POST',
        `${t.baseUrl}/instance/create`,
        'a criação da instância',
        {
          instanceName: t.instanceName,
          token,
          qrcode: true,
          integration: 'WHATSAPP-BAILEYS',
          ...(webhookUrl
            ? { webhook: { url: webhookUrl, byEvents: false, base64: false, events: [...INSTANCE_EVENTS] } }
            : {}),
        },
      );
      return { instanceId: answer.instance?.instanceId ?? null };
    },

    /** The QR code (base64 PNG when the provider renders one, else its raw `code`) and pairing code. */
    connect(t: EvolutionTarget): Promise<{ base64?: string; code?: string; pairingCode?: string | null }> {
      return call(t, 'GET', path(t, '/instance/connect'), 'o pedido de QR code');
    },

    /** `open`, `connecting` or `close`. */
    async state(t: EvolutionTarget): Promise<string> {
      const answer = await call<{ instance?: { state?: string } }>(
        t,
        'GET',
        path(t, '/instance/connectionState'),
        'a consulta da conexão',
      );
      return answer.instance?.state ?? 'unknown';
    },

    /** Sends text to `number` (digits with country code). @returns the provider's message id. */
    async sendText(t: EvolutionTarget, number: string, text: string, signal: AbortSignal): Promise<string | undefined> {
      const answer = await call<{ key?: { id?: string } }>(
        t,
        'POST',
        path(t, '/message/sendText'),
        'a mensagem',
        { number, text },
        signal,
      );
      return answer.key?.id;
    },

    /** Sends a document (base64) to `number`. @returns the provider's message id. */
    async sendDocument(
      t: EvolutionTarget,
      number: string,
      file: { filename: string; contentType: string; content: Uint8Array },
      signal: AbortSignal,
    ): Promise<string | undefined> {
      const answer = await call<{ key?: { id?: string } }>(
        t,
        'POST',
        path(t, '/message/sendMedia'),
        'o anexo',
        {
          number,
          mediatype: 'document',
          mimetype: file.contentType,
          fileName: file.filename,
          media: Buffer.from(file.content).toString('base64'),
        },
        signal,
      );
      return answer.key?.id;
    },

    /** Deletes the instance at the provider. */
    async remove(t: EvolutionTarget): Promise<void> {
      await call(t, 'DELETE', path(t, '/instance/delete'), 'a exclusão da instância');
    },
  };
}

/** The client's type. */
export type EvolutionClient = ReturnType<typeof evolutionClient>;
