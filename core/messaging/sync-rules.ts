/**
 * What an installation may push of `outbox_messages`: it queues new messages offline, and nothing
 * else. Status, attempts, errors and send times belong to the server's delivery worker; a desk that
 * pushed `sent` or reset `attempts` would hide a failure from the clinic or send a message twice.
 */
import type { ErrorDetail } from '#core/errors.js';
import type { SyncRules } from '#core/sync/record-rules.js';

/** The problems of a pushed message: none for a fresh pending one, one for anything else. */
export function outboxPushProblems(
  next: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): ErrorDetail[] {
  if (previous) return [{ path: 'status', message: 'mensagens já enfileiradas só mudam no servidor' }];
  const fresh = next.status === 'pending' && next.attempts === 0 && next.sentAt === null && next.lastError === null;
  return fresh ? [] : [{ path: 'status', message: 'uma instalação só enfileira mensagens pendentes, sem tentativas' }];
}

/** Sync rules of `outbox_messages` (core/sync/record-rules.ts). */
export const outboxSyncRules: SyncRules = {
  readPermission: 'session:read',
  writePermission: 'session:write',
  check: outboxPushProblems,
};
