/**
 * One send: render the template, resolve the attachments, hand the result to the channel's
 * provider. Every failure comes out as a {@link SendFailure} saying whether a retry can help.
 */
import { isDomainError } from '#core/errors.js';
import type { QueuedMessage } from '#core/messaging/message.js';
import type { Store } from '#core/store/port.js';
import { fitSms } from '../sms/sms-text.js';
import { MAX_ATTACHMENT_BYTES, type AttachmentRegistry } from './attachments.js';
import { SendFailure, type OutgoingAttachment, type Providers, type SendReceipt } from './providers.js';
import type { RenderedMessage, TemplateRegistry } from './templates.js';

/** What a send needs besides the message. */
export interface SendDeps {
  /** The message's tenant store, for attachment resolvers. */
  store: Store;
  providers: Providers;
  templates: TemplateRegistry;
  attachments: AttachmentRegistry;
  signal: AbortSignal;
}

function render(message: QueuedMessage, templates: TemplateRegistry): RenderedMessage {
  const template = templates.get(message.template);
  if (!template) {
    throw new SendFailure(`Modelo de mensagem desconhecido: ${message.template}`, true, 'template_unknown');
  }
  try {
    return template(message.data);
  } catch (error) {
    // The same data renders the same way on every retry.
    throw new SendFailure('Os dados da mensagem não servem ao modelo', true, 'template_data', { cause: error });
  }
}

async function resolveAll(message: QueuedMessage, deps: SendDeps): Promise<OutgoingAttachment[]> {
  const files: OutgoingAttachment[] = [];
  let bytes = 0;
  for (const ref of message.attachments) {
    const resolve = deps.attachments.get(ref.kind);
    if (!resolve) throw new SendFailure(`Tipo de anexo desconhecido: ${ref.kind}`, true, 'attachment_unknown');
    let file: OutgoingAttachment;
    try {
      file = await resolve(deps.store, ref);
    } catch (error) {
      // Not permanent: a desk queues a send beside a record it made offline, and sync may push the
      // two in separate groups; the backoff gives the record time to arrive before the send fails.
      if (isDomainError(error) && error.code === 'not_found') {
        throw new SendFailure(`Anexo não encontrado (${ref.kind})`, false, 'attachment_missing', { cause: error });
      }
      throw new SendFailure(`Não foi possível gerar o anexo (${ref.kind})`, false, 'attachment_error', {
        cause: error,
      });
    }
    bytes += file.content.byteLength;
    if (bytes > MAX_ATTACHMENT_BYTES) {
      throw new SendFailure('Anexos grandes demais para envio', true, 'attachment_too_large');
    }
    files.push(file);
  }
  return files;
}

function noProvider(message: QueuedMessage): SendFailure {
  // The worker only takes channels it has a provider for; this guards a provider removed mid-pass.
  return new SendFailure(`Canal sem provedor configurado: ${message.channel}`, false, 'no_provider');
}

/**
 * Sends `message` once.
 *
 * @throws SendFailure: `permanent` for an unknown template or attachment kind, data the template
 *   refuses, attachments over {@link MAX_ATTACHMENT_BYTES}, or a
 *   provider's permanent refusal; transient for everything else (a provider error that is not a
 *   SendFailure included, and a missing attachment record, which sync may still bring).
 */
export async function sendMessage(message: QueuedMessage, deps: SendDeps): Promise<SendReceipt> {
  const rendered = render(message, deps.templates);
  // An SMS carries no file: its references (a budget's PDF) only say what the message is about.
  const files = message.channel === 'sms' ? [] : await resolveAll(message, deps);
  const options = { signal: deps.signal };
  try {
    switch (message.channel) {
      case 'email': {
        if (!deps.providers.email) throw noProvider(message);
        return await deps.providers.email.send(
          { messageId: message.id, to: message.to, ...rendered, attachments: files },
          options,
        );
      }
      case 'whatsapp': {
        if (!deps.providers.whatsapp) throw noProvider(message);
        return await deps.providers.whatsapp.send(
          {
            messageId: message.id,
            to: message.to,
            text: rendered.text,
            attachments: files,
            tenantId: deps.store.tenantId,
            template: { name: message.template, data: message.data },
          },
          options,
        );
      }
      case 'sms': {
        if (!deps.providers.sms) throw noProvider(message);
        return await deps.providers.sms.send(
          {
            messageId: message.id,
            to: message.to,
            text: fitSms(rendered.sms ?? rendered.text),
            tenantId: deps.store.tenantId,
          },
          options,
        );
      }
      case 'webhook':
        throw noProvider(message);
    }
  } catch (error) {
    if (error instanceof SendFailure) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SendFailure(`Falha no envio: ${reason}`, false, 'provider_error', { cause: error });
  }
}

/** The channels `providers` can deliver. */
export function deliverableChannels(providers: Providers): QueuedMessage['channel'][] {
  const channels: QueuedMessage['channel'][] = [];
  if (providers.email) channels.push('email');
  if (providers.whatsapp) channels.push('whatsapp');
  if (providers.sms) channels.push('sms');
  return channels;
}
