/**
 * How the desk's sync review names a queued message, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber } from '#core/sync/review/describer.js';
import { choice, counted, moment, number, text } from '#core/sync/review/fields.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const MESSAGE: CollectionDescriber = {
  noun: 'Mensagem',
  title: (doc) => {
    const channel = { email: 'e-mail', whatsapp: 'WhatsApp', sms: 'SMS', webhook: 'integração' }[str(doc.channel)];
    return `Mensagem${channel ? ` por ${channel}` : ''}${str(doc.to) ? ` para ${str(doc.to)}` : ''}`;
  },
  fields: {
    channel: choice('Canal', { email: 'E-mail', whatsapp: 'WhatsApp', sms: 'SMS', webhook: 'Integração' }),
    to: text('Destinatário'),
    status: choice('Situação', { pending: 'Na fila', sending: 'Enviando', sent: 'Enviada', failed: 'Não enviada' }),
    attempts: number('Tentativas'),
    nextAttemptAt: moment('Próxima tentativa'),
    lastError: text('Último erro'),
    sentAt: moment('Enviada em'),
    attachments: counted('Anexos', 'anexo', 'anexos'),
  },
};

/** Messaging describers, by collection name (the `review` of each collection in module.ts). */
export const messagingReview = {
  outbox_messages: MESSAGE,
} satisfies Record<string, CollectionDescriber>;
