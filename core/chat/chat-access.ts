/**
 * Who may chat: a signed-in user of the account, in the chats they are a member of. API keys and
 * installations have no person behind them, so they neither send nor read (a message "from" a desk
 * would answer to nobody).
 */
import { users } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { missingReference, notFound } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { chatMembers, memberId, type ChatMember } from './chat-records.js';

/** Permission to read one's chats and notifications: every signed-in person of a desk role holds it. */
export const OWN_READ = 'profile:read';
/** Permission to send, mark read and clear: the same people. */
export const OWN_WRITE = 'profile:write';

/**
 * The user id of `actor`.
 * @throws DomainError `forbidden` for anything but a user (API key, installation, system)
 */
export function userOf(actor: Actor): string {
  if (actor.kind !== 'user') {
    throw new DomainError('forbidden', 'Só um usuário da conta conversa e recebe notificações', [
      { path: '', message: `credencial do tipo ${actor.kind}` },
    ]);
  }
  return actor.id;
}

/**
 * The user id of `actor`, or an id no member or notification carries: a credential with no person
 * behind it reaches no chat or notification by id, so it gets the same 404 as a missing one.
 */
export function userOrNobody(actor: Actor): string {
  return actor.kind === 'user' ? actor.id : '';
}

/**
 * The active user `id` of the account.
 * @throws DomainError `validation` on `path` when there is none
 */
export async function requireActiveUser(store: Store, id: string, path: string): Promise<void> {
  const user = await store.collection(users).get(id);
  if (!user || !user.active) throw missingReference('Usuário', path, id, 'não é um usuário ativo desta conta');
}

/**
 * `user`'s member record of `chat`.
 * @throws DomainError `not_found` when the chat does not exist or `user` is not in it (the same 404:
 *   a chat one is not in is not shown to exist)
 */
export async function requireMembership(store: Store, chat: string, user: string): Promise<Stored<ChatMember>> {
  const member = await store.collection(chatMembers).get(memberId(chat, user));
  if (!member) throw notFound('Conversa', 'id', chat);
  return member;
}
