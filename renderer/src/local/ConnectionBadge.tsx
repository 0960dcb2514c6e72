import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerStatus } from '../server/health.js';
import { offlineBadge } from './sync-label.js';
import { useSyncStatus } from './SyncIndicator.js';
import './connection.css';

/**
 * The header's offline badge (issue 19): "Offline · 3 a enviar" while the desk works
 * without the server, gone as soon as it is back. Reads sync's status when the station syncs, the
 * server line alone otherwise (signed in offline before enrolment).
 */
export function ConnectionBadge(props: { server: ServerStatus }) {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const badge = offlineBadge(props.server, status);
  if (!badge) return null;
  return (
    <Tooltip label={t('header.offlineHint')} multiline w={280}>
      <span className="connection-badge" data-testid="header-offline">
        <span className="status-dot" aria-hidden="true" />
        {t(badge.key, badge.vars)}
      </span>
    </Tooltip>
  );
}
