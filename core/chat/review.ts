/**
 * Describers of the chat and notification collections (core/chat): how the sync review names a chat
 * message, a member's read mark, a notification and a counter, in words, never ids.
 */
import { moment, ref, text } from '#core/sync/review/fields.js';
import type { CollectionDescriber } from '#core/sync/review/describer.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Chat and notification describers, by collection name (the `review` of each collection in module.ts). */
export const chatReview = {
  chat_messages: {
    noun: 'Mensagem do chat',
    title: (doc) => `Mensagem do chat: ${str(doc.text).slice(0, 40)}`.trim(),
    fields: { from: ref('De', 'users'), text: text('Texto') },
  },
  chat_members: {
    noun: 'Leitura do chat',
    title: () => 'Leitura de uma conversa do chat',
    fields: { user: ref('Usuário', 'users'), readAt: moment('Lida em') },
  },
  notifications: {
    noun: 'Notificação',
    title: (doc) => `Notificação ${str(doc.title)}`.trim(),
    fields: { user: ref('Para', 'users'), title: text('Título'), readAt: moment('Lida em') },
  },
  notification_counters: {
    noun: 'Contador de notificações',
    title: () => 'Contador de notificações novas',
    fields: { user: ref('Usuário', 'users'), clearedAt: moment('Zerado em') },
  },
} satisfies Record<string, CollectionDescriber>;
