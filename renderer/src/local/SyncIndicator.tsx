import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '#core/sync/status.js';
import type { ServerStatus } from '../server/health.js';
import { recheckServerStatus } from '../server/useServerStatus.js';
import { openReview } from '../sync-review/open-review.js';
import { useLocalCoreState } from './LocalCoreProvider.js';
import { syncLabel } from './sync-label.js';

/**
 * The installation's sync status as it changes; null for a demo, before the local core is ready and
 * outside a LocalCoreProvider (signed in, not enrolled).
 */
export function useSyncStatus(): SyncStatus | null {
  const state = useLocalCoreState();
  const sync = state.kind === 'ready' ? state.value.sync : null;
  const [status, setStatus] = useState<SyncStatus | null>(sync ? sync.handle.status : null);
  useEffect(() => {
    if (!sync) {
      setStatus(null);
      return;
    }
    const subscription = sync.status$.subscribe(setStatus);
    return () => subscription.unsubscribe();
  }, [sync]);
  return sync ? status : null;
}

/**
 * The shell's always-visible sync state: in sync, offline, N changes waiting, conflicts to review.
 * Announced politely (aria-live) without a second `status` role beside the server line. `server` is
 * the server line's status: the network dropping shows here at once.
 */
export function SyncIndicator(props: { server: ServerStatus }) {
  const { t } = useTranslation();
  const state = useLocalCoreState();
  const status = useSyncStatus();
  // The server line polls slowly; when sync sees the link change, it checks at once.
  const online = status?.online;
  useEffect(() => {
    if (online !== undefined) recheckServerStatus();
  }, [online]);
  if (state.kind !== 'ready') return null;
  const label = syncLabel(state.value.sync ? status : null, props.server);
  return (
    <p className={`sync-indicator sync-indicator--${label.tone}`} aria-live="polite" data-testid="sync-indicator">
      <span className="status-dot" aria-hidden="true" />
      {label.tone === 'review' ? (
        <button type="button" className="sync-indicator-link" onClick={openReview}>
          {t(label.key, label.vars)}
        </button>
      ) : (
        t(label.key, label.vars)
      )}
    </p>
  );
}
