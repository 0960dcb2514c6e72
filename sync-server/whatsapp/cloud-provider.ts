/**
 * The WhatsApp Business Cloud API adapter behind the messaging provider port: template messages
 * (`POST /{version}/{phone-number-id}/messages`, `type: template`), a PDF attachment uploaded first
 * (`POST /{version}/{phone-number-id}/media`) and sent as the template's document header, and a
 * template's approval status (`GET /{version}/{waba-id}/message_templates?name=`). Credentials are
 * the account's (whatsapp-service.ts); the token travels only in the Authorization header and is
 * never part of an error, a log line or a stored message.
 *
 * Tested against a local HTTP server implementing these documented endpoints (cloud-provider tests),
 * not against Meta's servers.
 */
import {
  SendFailure,
  type OutgoingWhatsApp,
  type SendOptions,
  type SendReceipt,
  type WhatsAppProvider,
} from '../messaging/providers.js';
import { cloudTemplate } from './cloud-templates.js';
import type { WhatsAppCredentials, WhatsAppService } from './whatsapp-service.js';

/** Graph API error body (`{ error: { message, code, type } }`). */
interface GraphError {
  error?: { message?: string; code?: number; type?: string };
}

async function graphFailure(res: Response, what: string): Promise<SendFailure> {
  const body = (await res.json().catch(() => ({}))) as GraphError;
  const code = body.error?.code;
  // The provider's text may quote the number; it goes to lastError (shown to the clinic), not logs.
  const detail = body.error?.message ? `: ${body.error.message}` : '';
  // 429 and 5xx pass; auth errors and refusals (unknown template, number not on WhatsApp) do not.
  const transient = res.status === 429 || res.status >= 500;
  return new SendFailure(
    `WhatsApp recusou ${what} (HTTP ${res.status}${code ? `, código ${code}` : ''})${detail}`,
    !transient,
    `whatsapp_${code ?? res.status}`,
  );
}

function endpoint(c: WhatsAppCredentials, path: string): string {
  return `${c.baseUrl}/${c.apiVersion}/${path}`;
}

/** The adapter's extra: the template status read. */
export interface CloudWhatsApp extends WhatsAppProvider {
  /**
   * The provider status of template `name` (`APPROVED`, `PENDING`, `REJECTED`…) for the account;
   * undefined when the provider has no template by that name.
   * @throws DomainError-free Error when the account has no credentials or the provider fails.
   */
  templateStatus(
    tenantId: string,
    name: string,
    signal?: AbortSignal,
  ): Promise<{ name: string; status: string; language: string } | undefined>;
  /**
   * Template `name` as the provider holds it (status, language, category and components with their
   * text); undefined when there is none. Throws as {@link CloudWhatsApp.templateStatus}.
   */
  template(tenantId: string, name: string, signal?: AbortSignal): Promise<CloudTemplateInfo | undefined>;
}

/** A message template at the provider (`GET /{waba-id}/message_templates` entries). */
export interface CloudTemplateInfo {
  name: string;
  status: string;
  language: string;
  category: string | null;
  components: { type: string; format?: string; text?: string }[];
}

/**
 * The Cloud API provider over the accounts' credentials in `service`. A send is refused for good
 * when the account has no credentials, the phone has no recorded opt-in, or the template has no
 * WhatsApp counterpart.
 */
export function cloudWhatsApp(service: WhatsAppService, fetcher: typeof fetch = fetch): CloudWhatsApp {
  async function upload(
    c: WhatsAppCredentials,
    file: OutgoingWhatsApp['attachments'][number],
    signal: AbortSignal,
  ): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.contentType);
    form.set('file', new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.filename);
    const res = await fetcher(endpoint(c, `${c.phoneNumberId}/media`), {
      method: 'POST',
      headers: { authorization: `Bearer ${c.accessToken}` },
      body: form,
      signal,
    });
    if (!res.ok) throw await graphFailure(res, 'o anexo');
    return ((await res.json()) as { id: string }).id;
  }

  return {
    async send(message: OutgoingWhatsApp, options: SendOptions): Promise<SendReceipt> {
      const tenantId = message.tenantId;
      const c = tenantId ? await service.credentials(tenantId) : undefined;
      if (!tenantId || !c)
        throw new SendFailure('Integração WhatsApp não configurada para a conta', true, 'whatsapp_not_configured');
      if (!(await service.hasOptIn(tenantId, message.to))) {
        throw new SendFailure(
          'O paciente não autorizou mensagens por WhatsApp (opt-in não registrado)',
          true,
          'whatsapp_no_opt_in',
        );
      }
      let template;
      try {
        template = message.template && cloudTemplate(message.template.name, message.template.data);
      } catch (error) {
        throw new SendFailure('Os dados da mensagem não servem ao modelo do WhatsApp', true, 'whatsapp_template_data', {
          cause: error,
        });
      }
      if (!template)
        throw new SendFailure(
          `Modelo sem versão aprovada no WhatsApp: ${message.template?.name ?? '?'}`,
          true,
          'whatsapp_template_unknown',
        );
      const pdf = message.attachments[0];
      if (pdf) {
        const id = await upload(c, pdf, options.signal);
        template.components.unshift({
          type: 'header',
          parameters: [{ type: 'document', document: { id, filename: pdf.filename } }],
        });
      }
      const res = await fetcher(endpoint(c, `${c.phoneNumberId}/messages`), {
        method: 'POST',
        headers: { authorization: `Bearer ${c.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to.replace(/^\+/, ''),
          type: 'template',
          template,
        }),
        signal: options.signal,
      });
      if (!res.ok) throw await graphFailure(res, 'a mensagem');
      const wamid = ((await res.json()) as { messages?: { id: string }[] }).messages?.[0]?.id;
      if (wamid) await service.track(tenantId, wamid, message.messageId);
      return wamid ? { providerId: wamid } : {};
    },

    async templateStatus(tenantId, name, signal) {
      const found = await this.template(tenantId, name, signal);
      return found && { name: found.name, status: found.status, language: found.language };
    },

    async template(tenantId, name, signal) {
      const c = await service.credentials(tenantId);
      if (!c)
        throw new SendFailure('Integração WhatsApp não configurada para a conta', true, 'whatsapp_not_configured');
      const url = `${endpoint(c, `${c.businessAccountId}/message_templates`)}?name=${encodeURIComponent(name)}`;
      const res = await fetcher(url, {
        headers: { authorization: `Bearer ${c.accessToken}` },
        ...(signal ? { signal } : {}),
      });
      if (!res.ok) throw await graphFailure(res, 'a consulta do modelo');
      const found = ((await res.json()) as { data?: (CloudTemplateInfo & { category?: string })[] }).data?.find(
        (t) => t.name === name,
      );
      return (
        found && {
          name: found.name,
          status: found.status,
          language: found.language,
          category: found.category ?? null,
          components: (found.components ?? []).map((k) => ({
            type: k.type,
            ...(k.format ? { format: k.format } : {}),
            ...(k.text ? { text: k.text } : {}),
          })),
        }
      );
    },
  };
}
