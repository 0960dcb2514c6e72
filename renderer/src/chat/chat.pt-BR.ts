/** Brazilian Portuguese texts of the chat and the notification bell (the reference for chat.en.ts). */
export const chatPtBR = {
  'chat.open': 'Chat',
  'chat.openUnread_one': 'Chat: {{count}} mensagem não lida',
  'chat.openUnread_other': 'Chat: {{count}} mensagens não lidas',
  'chat.title': 'Chat da equipe',
  'chat.people': 'Pessoas',
  'chat.noPeople': 'Nenhum outro usuário nesta conta.',
  'chat.pick': 'Escolha uma pessoa para conversar.',
  'chat.empty': 'Nenhuma mensagem ainda. Escreva a primeira.',
  'chat.with': 'Conversa com {{name}}',
  'chat.you': 'Você',
  'chat.text': 'Mensagem',
  'chat.textHint': 'Enter envia; Shift+Enter quebra a linha',
  'chat.send': 'Enviar',
  'chat.unread_one': '{{count}} não lida',
  'chat.unread_other': '{{count}} não lidas',
  'chat.readBy': 'Lida',
  'chat.failed': 'Não foi possível enviar: {{reason}}',
  'notification.open': 'Notificações',
  'notification.openNew_one': 'Notificações: {{count}} nova',
  'notification.openNew_other': 'Notificações: {{count}} novas',
  'notification.title': 'Notificações',
  'notification.empty': 'Nenhuma notificação.',
  'notification.clear': 'Zerar contador',
  'notification.markRead': 'Marcar como lida',
  'notification.markUnread': 'Marcar como não lida',
  'notification.unread': 'Não lida',
} as const;

/** A key of the chat's texts. */
export type ChatMessageKey = keyof typeof chatPtBR;
