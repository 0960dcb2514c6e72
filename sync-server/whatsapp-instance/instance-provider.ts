/**
 * The self-hosted instance adapter behind the messaging provider port, and the account's choice
 * between it and the Cloud API (MSG-031): an account with an instance configuration sends through it,
 * any other through the Cloud API adapter. An instance sends the rendered text (a connected phone has
 * no Meta template rule) and then each attachment as a document; the opt-in rule is the same as the
 * Cloud API's. The provider's message ids go to `whatsapp_messages`, so statuses from the instance's
 * webhook answer `GET /whatsapp/message/{id}/status` as the Cloud API's do.
 */
import {
  SendFailure,
  type OutgoingWhatsApp,
  type SendOptions,
  type SendReceipt,
  type WhatsAppProvider,
} from '../messaging/providers.js';
import type { WhatsAppService } from '../whatsapp/whatsapp-service.js';
import type { EvolutionClient } from './evolution-client.js';
import type { InstanceService } from './instance-service.js';

/** The instance adapter: sends through the account's configured instance. */
export function instanceWhatsApp(
  instances: InstanceService,
  whatsapp: WhatsAppService,
  client: EvolutionClient,
): WhatsAppProvider {
  return {
    async send(message: OutgoingWhatsApp, options: SendOptions): Promise<SendReceipt> {
      const tenantId = message.tenantId;
      const target = tenantId ? await instances.target(tenantId, 'instance') : undefined;
      if (!tenantId || !target)
        throw new SendFailure('Instância de WhatsApp não configurada para a conta', true, 'instance_not_configured');
      if (!(await whatsapp.hasOptIn(tenantId, message.to))) {
        throw new SendFailure(
          'O paciente não autorizou mensagens por WhatsApp (opt-in não registrado)',
          true,
          'whatsapp_no_opt_in',
        );
      }
      const number = message.to.replace(/^\+/, '');
      const id = await client.sendText(target, number, message.text, options.signal);
      if (id) await whatsapp.track(tenantId, id, message.messageId);
      for (const file of message.attachments) {
        const fileId = await client.sendDocument(target, number, file, options.signal);
        if (fileId) await whatsapp.track(tenantId, fileId, message.messageId);
      }
      return id ? { providerId: id } : {};
    },
  };
}

/** The account's WhatsApp: its instance when it configured one, else `cloud`. */
export function routedWhatsApp(
  instances: InstanceService,
  instance: WhatsAppProvider,
  cloud: WhatsAppProvider,
): WhatsAppProvider {
  return {
    async send(message, options) {
      const viaInstance = message.tenantId !== undefined && (await instances.configured(message.tenantId));
      return (viaInstance ? instance : cloud).send(message, options);
    },
  };
}
