/**
 * Chat operations (spec §4.4 "Chat"): send a message to a user or chat, get a chat's read status, and
 * mark it read; plus the caller's chats and a chat's messages. The desk runs the same operations on its
 * own store, so a message typed offline is stored there and replicated when the desk is back.
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { refInput } from '#core/references.js';
import type { Stored } from '#core/store/record.js';
import { OWN_READ, OWN_WRITE, requireActiveUser, requireMembership, userOf, userOrNobody } from './chat-access.js';
import { notifyUsers } from './notify.js';
import { chatSummaries, chatSummaryOutput, unreadOf } from './chat-summary.js';
import {
  chatMembers,
  chatMessageOutput,
  chatMessages,
  directChatId,
  MAX_TEXT,
  memberId,
  type ChatMember,
  type ChatMessage,
} from './chat-records.js';

const GROUP = 'Chat';

/** Makes sure every member of `chat` has a member record (the first message creates them). */
async function ensureMembers(ctx: OperationContext, chat: string, members: string[]): Promise<void> {
  const collection = ctx.store.collection(chatMembers);
  for (const user of members) {
    if (await collection.get(memberId(chat, user))) continue;
    const base = newRecordBase(ctx);
    await collection.insert({ ...base, id: memberId(chat, user), chat, user, members, readAt: null });
  }
}

const sendInput = z
  .strictObject({
    to: refInput(() => users)
      .optional()
      .describe('o usuário destinatário (uma conversa direta)'),
    chat: idInput.optional().describe('uma conversa de que o remetente participa'),
    text: z.string().trim().min(1, 'escreva a mensagem').max(MAX_TEXT),
  })
  .refine((v) => (v.to === undefined) !== (v.chat === undefined), {
    message: 'informe o destinatário (to) ou a conversa (chat), um dos dois',
    path: ['to'],
  });

/** `chat.send`: `POST /chat/message` (201), to a user (`to`) or to a chat one is in (`chat`). */
export const sendChatMessage = defineOperation({
  name: 'chat.send',
  group: GROUP,
  summary: 'Envia uma mensagem a um usuário ou a uma conversa',
  permission: OWN_WRITE,
  input: sendInput,
  output: z.object({ message: z.string(), chatMessage: chatMessageOutput }),
  http: { method: 'POST', path: '/chat/message', status: 201 },
  example: { to: EXAMPLE_ID, text: 'O paciente das 10h chegou.' },
  async run(ctx, input) {
    const from = userOf(ctx.actor);
    let chat: string;
    if (input.to !== undefined) {
      if (input.to === from) {
        throw new DomainError('validation', 'Escolha outro usuário', [{ path: 'to', message: 'é você mesmo' }]);
      }
      await requireActiveUser(ctx.store, input.to, 'to');
      chat = directChatId(from, input.to);
      await ensureMembers(ctx, chat, [from, input.to].sort());
    } else {
      chat = input.chat!;
      const member = await ctx.store.collection(chatMembers).get(memberId(chat, from));
      if (!member) {
        throw new DomainError('validation', 'Conversa não encontrada', [
          { path: 'chat', message: `você não participa desta conversa: ${chat}` },
        ]);
      }
    }
    const chatMessage = await ctx.store
      .collection(chatMessages)
      .insert(compact<ChatMessage>({ ...newRecordBase(ctx), chat, from, text: input.text }));
    // Sending is reading what came before: one's own message never counts as unread.
    const { members } = await markRead(ctx, chat, from);
    const sender = await ctx.store.collection(users).get(from);
    await notifyUsers(
      ctx,
      members.filter((user) => user !== from),
      {
        kind: 'chat.message',
        title: `Nova mensagem de ${sender?.name ?? 'um colega'}`,
        body: input.text.length > 120 ? `${input.text.slice(0, 119)}…` : input.text,
        link: { collection: 'chat_messages', id: chatMessage.id },
      },
    );
    return { message: 'Mensagem enviada', chatMessage };
  },
});

/** The messages of `chat`, oldest first. */
export async function messagesOf(ctx: Pick<OperationContext, 'store'>, chat: string): Promise<Stored<ChatMessage>[]> {
  return ctx.store.collection(chatMessages).find({ selector: { chat }, sort: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/**
 * Moves `user`'s read mark of `chat` to now, or past the newest message when a desk's clock is behind
 * (a message typed there would otherwise stay unread after reading it).
 */
async function markRead(ctx: OperationContext, chat: string, user: string): Promise<Stored<ChatMember>> {
  const member = await requireMembership(ctx.store, chat, user);
  const messages = await messagesOf(ctx, chat);
  const newest = Math.max(0, ...messages.map((m) => Date.parse(m.createdAt)));
  const now = nowIso(ctx);
  const readAt = newest > Date.parse(now) ? messages.find((m) => Date.parse(m.createdAt) === newest)!.createdAt : now;
  if (member.readAt !== null && Date.parse(member.readAt) >= Date.parse(readAt)) return member;
  const { _rev, ...current } = member;
  return ctx.store.collection(chatMembers).update(member.id, _rev, { ...current, readAt, updatedAt: now });
}

const readStatusOutput = z
  .object({
    chat: z.string(),
    members: z.array(z.object({ user: z.string(), readAt: z.string().nullable() })),
    unread: z.number().int().describe('mensagens de outros depois da sua última leitura'),
  })
  .meta({ id: 'ChatReadStatus' });

async function readStatus(ctx: OperationContext, chat: string): Promise<z.output<typeof readStatusOutput>> {
  const me = userOrNobody(ctx.actor);
  const member = await requireMembership(ctx.store, chat, me);
  const records = await ctx.store.collection(chatMembers).find({ selector: { chat } });
  const messages = await messagesOf(ctx, chat);
  return {
    chat,
    members: records.map((r) => ({ user: r.user, readAt: r.readAt })).sort((a, b) => a.user.localeCompare(b.user)),
    unread: unreadOf(messages, member),
  };
}

/** `chat.readStatus`: `GET /chat/{id}/read`, who read the chat up to when, and the caller's unread count. */
export const getChatReadStatus = defineOperation({
  name: 'chat.readStatus',
  group: GROUP,
  summary: 'Mostra o status de leitura de uma conversa',
  permission: OWN_READ,
  input: z.strictObject({ id: idInput }),
  output: readStatusOutput,
  http: { method: 'GET', path: '/chat/{id}/read' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => readStatus(ctx, id),
});

/** `chat.markRead`: `PUT /chat/{id}/read`, the caller read the chat up to now. */
export const markChatRead = defineOperation({
  name: 'chat.markRead',
  group: GROUP,
  summary: 'Marca uma conversa como lida por você',
  permission: OWN_WRITE,
  input: z.strictObject({ id: idInput }),
  output: readStatusOutput,
  http: { method: 'PUT', path: '/chat/{id}/read' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    await markRead(ctx, id, userOrNobody(ctx.actor));
    return readStatus(ctx, id);
  },
});

/** `chat.list`: `GET /chat/`, the caller's chats, the most recent first, with unread counts. */
export const listChats = defineOperation({
  name: 'chat.list',
  group: GROUP,
  summary: 'Lista as suas conversas, com as mensagens não lidas',
  permission: OWN_READ,
  input: z.strictObject({}),
  output: z.object({ items: z.array(chatSummaryOutput) }),
  http: { method: 'GET', path: '/chat/' },
  example: {},
  run: async (ctx) => ({ items: await chatSummaries(ctx, userOf(ctx.actor)) }),
});

/** `chat.messages`: `GET /chat/{id}/message`, a chat's messages, oldest first. */
export const listChatMessages = defineOperation({
  name: 'chat.messages',
  group: GROUP,
  summary: 'Lista as mensagens de uma conversa',
  permission: OWN_READ,
  input: z.strictObject({ id: idInput }),
  output: z.object({ items: z.array(chatMessageOutput) }),
  http: { method: 'GET', path: '/chat/{id}/message' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    await requireMembership(ctx.store, id, userOrNobody(ctx.actor));
    return { items: await messagesOf(ctx, id) };
  },
});

export const chatOperations = [sendChatMessage, getChatReadStatus, markChatRead, listChats, listChatMessages];
