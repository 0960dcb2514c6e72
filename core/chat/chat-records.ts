/**
 * Chat between the account's users (spec §4.4 "Chat": read status of a chat, send a message to a user
 * or chat; record "Chat", "Message"). A chat is a set of users; a direct chat between two users has an
 * id derived from the pair, so two desks that start it offline write the same chat, not two. Messages
 * are written once and never edited; each member's read mark is a record of its own (`chat_members`),
 * written only by that member, so marking read never races with someone sending.
 */
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** A message as stored. `createdAt` is when it was typed (the sender's clock, ISO-8601 with offset). */
export interface ChatMessage extends RecordBase {
  /** The chat's id. */
  chat: string;
  /** The sender's user id. */
  from: string;
  /** Plain text, 1 to 4000 characters. */
  text: string;
}

/** One member of a chat and how far they read. Id: {@link memberId}. */
export interface ChatMember extends RecordBase {
  chat: string;
  /** The member's user id. */
  user: string;
  /** Every member's user id, sorted (the same on every member record of the chat). */
  members: string[];
  /** When the member last read the chat (ISO-8601 with offset); null before the first read. */
  readAt: string | null;
}

/** The `chat_messages` collection: a chat's messages in order of creation. */
export const chatMessages = defineCollection<ChatMessage>({
  name: 'chat_messages',
  fields: { chat: 'string', from: 'string', createdAt: 'string' },
  indexes: [['chat', 'createdAt']],
});

/** The `chat_members` collection: a user's chats, and each member's read mark. */
export const chatMembers = defineCollection<ChatMember>({
  name: 'chat_members',
  fields: { chat: 'string', user: 'string' },
  indexes: [['user'], ['chat']],
});

/** Namespace of the derived chat ids (a fixed random UUID: RFC 9562 §5.5). */
const CHAT_NAMESPACE = '5b0e5f0a-3c2d-4b7e-9d1a-6f4c2e8a9b10';

/** The id of the direct chat between two users: the same whichever of them starts it, on any desk. */
export function directChatId(a: string, b: string): string {
  return uuidv5(`direct:${[a, b].sort().join(':')}`, CHAT_NAMESPACE);
}

/** The id of `user`'s member record in `chat`. */
export function memberId(chat: string, user: string): string {
  return uuidv5(`member:${chat}:${user}`, CHAT_NAMESPACE);
}

/** Longest message text. */
export const MAX_TEXT = 4000;

/** A message as answered (spec record "Message"). */
export const chatMessageOutput = z
  .object({ ...recordOutputFields, chat: z.string(), from: z.string(), text: z.string() })
  .meta({ id: 'ChatMessage' });

/** A member record as answered. */
export const chatMemberOutput = z.object({
  ...recordOutputFields,
  chat: z.string(),
  user: z.string(),
  members: z.array(z.string()).min(2),
  readAt: z.string().nullable(),
});
