/** Push contracts of the chat and notification collections (core/sync/push-contract.ts). */
import { z } from 'zod';
import { storedRecord, type PushContract } from '#core/sync/push-contract.js';
import { chatMemberOutput, chatMessageOutput, MAX_TEXT } from './chat-records.js';
import { notificationCounterOutput, notificationOutput } from './notification-records.js';

/** Push contract of `chat_messages`. */
export const chatMessagePush: PushContract = {
  record: storedRecord(chatMessageOutput, { text: z.string().min(1).max(MAX_TEXT) }),
  deletes: { refuse: 'uma mensagem enviada não é apagada: ela fica na conversa' },
  sample: (refs) => ({ chat: refs.idOf('chat_members'), from: refs.professional, text: 'Paciente chegou' }),
};

/** Push contract of `chat_members`. */
export const chatMemberPush: PushContract = {
  record: storedRecord(chatMemberOutput, {}),
  deletes: { refuse: 'ninguém sai de uma conversa apagando o registro' },
  sample: (refs) => ({
    chat: refs.idOf('chat_members'),
    user: refs.professional,
    members: [refs.professional, refs.idOf('users')],
    readAt: null,
  }),
};

/** Push contract of `notifications`. */
export const notificationPush: PushContract = {
  record: storedRecord(notificationOutput, {}),
  deletes: { refuse: 'uma notificação não é apagada: marque-a como lida' },
  sample: (refs) => ({
    user: refs.professional,
    kind: 'sync.review',
    title: 'Conflito para revisar',
    body: null,
    link: null,
    readAt: null,
  }),
};

/** Push contract of `notification_counters`. */
export const notificationCounterPush: PushContract = {
  record: storedRecord(notificationCounterOutput, {}),
  deletes: { refuse: 'o contador é zerado pela operação, não apagado' },
  sample: (refs) => ({ user: refs.professional, clearedAt: '2026-11-23T09:00:00-03:00' }),
};
