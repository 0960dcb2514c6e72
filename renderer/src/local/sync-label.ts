/**
 * What the shell's sync indicator says, from core/sync's status: one tone and one message, the most
 * urgent first (conflicts a person must resolve, then being offline, then changes waiting).
 */
import type { SyncStatus } from '../../../core/sync/status.js';
import type { MessageKey } from '../i18n/index.js';

/** The indicator's colour family. */
export type SyncTone = 'ok' | 'waiting' | 'offline' | 'review' | 'demo';

/** The indicator's tone, text key and interpolation values. */
export interface SyncLabel {
  tone: SyncTone;
  key: MessageKey;
  vars: Record<string, string>;
}

/** The label for `status`; `null` means a demo installation (no server, nothing to sync). */
export function syncLabel(status: SyncStatus | null): SyncLabel {
  if (!status) return { tone: 'demo', key: 'sync.demo', vars: {} };
  const review = status.conflicts + status.rejections;
  if (review > 0) return { tone: 'review', key: 'sync.review', vars: { count: String(review) } };
  const count = String(status.pendingPushes);
  if (!status.online)
    return status.pendingPushes > 0
      ? { tone: 'offline', key: 'sync.offlineWaiting', vars: { count } }
      : { tone: 'offline', key: 'sync.offline', vars: {} };
  if (status.pendingPushes > 0) return { tone: 'waiting', key: 'sync.waiting', vars: { count } };
  return { tone: 'ok', key: 'sync.ok', vars: {} };
}
