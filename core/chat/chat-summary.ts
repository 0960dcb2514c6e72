/** A user's chats as the list shows them: the other members, the last message, what is unread. */
import { z } from 'zod';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { chatMembers, chatMessageOutput, chatMessages, type ChatMember, type ChatMessage } from './chat-records.js';

/**
 * How many of `messages` arrived for `member` after their read mark: others' messages only. Times are
 * compared as instants, since desks write their own offsets.
 */
export function unreadOf(messages: readonly ChatMessage[], member: Pick<ChatMember, 'user' | 'readAt'>): number {
  const readAt = member.readAt === null ? -Infinity : Date.parse(member.readAt);
  return messages.filter((m) => m.from !== member.user && Date.parse(m.createdAt) > readAt).length;
}

/** One chat of the caller. */
export const chatSummaryOutput = z
  .object({
    chat: z.string(),
    members: z.array(z.string()).describe('ids dos usuários da conversa, você incluído'),
    last: chatMessageOutput.nullable(),
    unread: z.number().int(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Chat' });

/** `user`'s chats, the one with the most recent message first. */
export async function chatSummaries(
  ctx: Pick<OperationContext, 'store'>,
  user: string,
): Promise<z.output<typeof chatSummaryOutput>[]> {
  const mine = await ctx.store.collection(chatMembers).find({ selector: { user } });
  const summaries = await Promise.all(
    mine.map(async (member: Stored<ChatMember>) => {
      const messages = await ctx.store
        .collection(chatMessages)
        .find({ selector: { chat: member.chat }, sort: [{ createdAt: 'asc' }, { id: 'asc' }] });
      const last = messages.reduce<ChatMessage | null>(
        (latest, m) => (latest === null || Date.parse(m.createdAt) >= Date.parse(latest.createdAt) ? m : latest),
        null,
      );
      return {
        chat: member.chat,
        members: member.members,
        last,
        unread: unreadOf(messages, member),
        readAt: member.readAt,
      };
    }),
  );
  const at = (s: { last: ChatMessage | null }) => (s.last ? Date.parse(s.last.createdAt) : 0);
  return summaries.sort((a, b) => at(b) - at(a));
}
