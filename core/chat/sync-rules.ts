/**
 * Sync rules of chat and notifications. What an installation may change is what the operations change:
 * a message is written once; a member record moves only its read mark, forward; a notification only
 * its read status; a counter only its clearing time, forward. Two desks of one user doing either at
 * once merge to the later mark instead of going to the review list.
 */
import type { ErrorDetail } from '#core/errors.js';
import type { ConflictHandler, SyncRules } from '#core/sync/record-rules.js';
import { OWN_READ, OWN_WRITE } from './chat-access.js';

type Doc = Record<string, unknown>;

const instant = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : -Infinity);
const later = (a: unknown, b: unknown): unknown => (instant(b) > instant(a) ? b : a);

/** The fields of `next` that differ from `previous`, among `fixed`. */
function changed(next: Doc, previous: Doc, fixed: readonly string[]): ErrorDetail[] {
  return fixed
    .filter((field) => JSON.stringify(next[field]) !== JSON.stringify(previous[field]))
    .map((path) => ({ path, message: 'não muda depois de criado' }));
}

const access = { readPermission: OWN_READ, writePermission: OWN_WRITE };

/** `chat_messages`: inserted, never edited. */
export const chatMessageSyncRules: SyncRules = {
  ...access,
  check: (_next, previous) => (previous ? [{ path: 'text', message: 'uma mensagem enviada não é editada' }] : []),
};

/** Keeps `master` with the later of the two values of `field`. */
const laterOf =
  (field: string): ConflictHandler =>
  (master, _assumed, pushed) => ({ ...master, [field]: later(master[field], pushed[field]) });

/** `chat_members`: only the read mark moves, and only forward. */
export const chatMemberSyncRules: SyncRules = {
  ...access,
  check(next, previous) {
    if (!previous) return [];
    const problems = changed(next, previous, ['chat', 'user', 'members']);
    if (previous.readAt !== null && instant(next.readAt) < instant(previous.readAt)) {
      problems.push({ path: 'readAt', message: 'a leitura não volta atrás' });
    }
    return problems;
  },
  resolveConflict: laterOf('readAt'),
};

/** `notifications`: only `readAt` changes; of two desks, the later action on it wins. */
export const notificationSyncRules: SyncRules = {
  ...access,
  check: (next, previous) => (previous ? changed(next, previous, ['user', 'kind', 'title', 'body', 'link']) : []),
  resolveConflict: (master, assumed, pushed) =>
    assumed !== undefined && pushed.readAt === assumed.readAt ? master : { ...master, readAt: pushed.readAt },
};

/** `notification_counters`: the clearing time only moves forward. */
export const notificationCounterSyncRules: SyncRules = {
  ...access,
  check(next, previous) {
    if (!previous) return [];
    const problems = changed(next, previous, ['user']);
    if (instant(next.clearedAt) < instant(previous.clearedAt)) {
      problems.push({ path: 'clearedAt', message: 'o contador não volta atrás' });
    }
    return problems;
  },
  resolveConflict: laterOf('clearedAt'),
};
