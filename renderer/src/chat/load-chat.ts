/**
 * What the desk's chat panel shows, read from the local store: the account's other active users, each
 * with their direct chat's unread count, and one chat's messages with who read them.
 */
import { users } from '#core/access/user.js';
import { chatMembers, chatMessages, directChatId, type ChatMessage } from '#core/chat/chat-records.js';
import { messagesOf } from '#core/chat/chat-ops.js';
import { chatSummaries } from '#core/chat/chat-summary.js';
import type { OperationContext } from '#core/operation.js';

/** One person in the list. */
export interface ChatPerson {
  id: string;
  name: string;
  chat: string;
  unread: number;
}

/** The chat panel's list: other active users by name, with unread counts. */
export interface ChatRoster {
  people: ChatPerson[];
  totalUnread: number;
}

/** Collections the roster reads (the panel refreshes when one changes). */
export const ROSTER_COLLECTIONS = [users, chatMembers, chatMessages];

/** The roster of `me`. */
export async function loadRoster(ctx: OperationContext, me: string): Promise<ChatRoster> {
  const [all, summaries] = await Promise.all([
    ctx.store.collection(users).find({ selector: { active: true } }),
    chatSummaries(ctx, me),
  ]);
  const unreadByChat = new Map(summaries.map((s) => [s.chat, s.unread]));
  const people = all
    .filter((u) => u.id !== me && u.role !== 'totem')
    .map((u) => {
      const chat = directChatId(me, u.id);
      return { id: u.id, name: u.name, chat, unread: unreadByChat.get(chat) ?? 0 };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return { people, totalUnread: summaries.reduce((sum, s) => sum + s.unread, 0) };
}

/** A chat's messages, and when the other member last read it (null: never, or no chat yet). */
export interface ChatThread {
  messages: ChatMessage[];
  otherReadAt: string | null;
  myUnread: number;
}

/** The thread of `chat` as `me` sees it. */
export async function loadThread(ctx: OperationContext, chat: string, me: string): Promise<ChatThread> {
  const [messages, members] = await Promise.all([
    messagesOf(ctx, chat),
    ctx.store.collection(chatMembers).find({ selector: { chat } }),
  ]);
  const mine = members.find((m) => m.user === me);
  const other = members.find((m) => m.user !== me);
  const readAt = mine?.readAt ? Date.parse(mine.readAt) : -Infinity;
  return {
    messages,
    otherReadAt: other?.readAt ?? null,
    myUnread: messages.filter((m) => m.from !== me && Date.parse(m.createdAt) > readAt).length,
  };
}

/** `dd/mm HH:mm` in the desk's time zone. */
export function shortMoment(iso: string): string {
  return new Date(iso).toLocaleString('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}
