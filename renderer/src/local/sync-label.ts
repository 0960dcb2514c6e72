/**
 * What the shell says about the connection, from core/sync's status and the server line's check: the
 * footer's indicator (one tone and one message, the most urgent first: conflicts a person must
 * resolve, then being offline, then changes waiting) and the header's offline badge.
 */
import type { SyncStatus } from '#core/sync/status.js';
import type { MessageKey } from '../i18n/index.js';
import type { ServerStatus } from '../server/health.js';

/** The indicator's colour family. */
export type SyncTone = 'ok' | 'waiting' | 'offline' | 'review' | 'demo';

/** The indicator's tone, text key and interpolation values (`count` a number: it picks the plural). */
export interface SyncLabel {
  tone: SyncTone;
  key: MessageKey;
  vars: { count?: number };
}

/**
 * Whether the desk is offline: the server line saw it (the browser's `offline` event, a failed health
 * check) or sync did (a failed request, a broken stream). Sync's "not yet known" before its first
 * answer is not offline; the server line's check settles it within seconds.
 */
export function isOffline(server: ServerStatus, status: SyncStatus | null): boolean {
  if (server === 'offline') return true;
  return status !== null && !status.online && status.lastSyncAt !== null;
}

/**
 * The footer label for `status`; `null` means a demo installation (no server, nothing to sync).
 * `server` is the server line's status: a dropped network shows offline at once, never "Sincronizado"
 * while sync's own requests have yet to fail.
 */
export function syncLabel(status: SyncStatus | null, server: ServerStatus = 'online'): SyncLabel {
  if (!status) return { tone: 'demo', key: 'sync.demo', vars: {} };
  const review = status.conflicts + status.rejections;
  if (review > 0) return { tone: 'review', key: 'sync.review', vars: { count: review } };
  const count = status.pendingPushes;
  if (!status.online || server === 'offline')
    return count > 0
      ? { tone: 'offline', key: 'sync.offlineWaiting', vars: { count } }
      : { tone: 'offline', key: 'sync.offline', vars: {} };
  if (count > 0) return { tone: 'waiting', key: 'sync.waiting', vars: { count } };
  return { tone: 'ok', key: 'sync.ok', vars: {} };
}

/**
 * The header's badge: shown only while offline, with the changes waiting to be sent; `null` online
 * (the badge disappears when the connection is back).
 */
export function offlineBadge(server: ServerStatus, status: SyncStatus | null): SyncLabel | null {
  if (!isOffline(server, status)) return null;
  const count = status?.pendingPushes ?? 0;
  return count > 0
    ? { tone: 'offline', key: 'header.offlineWaiting', vars: { count } }
    : { tone: 'offline', key: 'header.offline', vars: {} };
}
