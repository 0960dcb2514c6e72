import { Alert } from '@mantine/core';
import type { Notice } from './use-notice.js';

/**
 * Shows a section's {@link Notice} (from `useNotice`) above its list, closable; nothing when there
 * is none. Success reads as a polite `status`, failure as an `alert`.
 */
export function NoticeAlert(props: { notice: Notice | null; onClose: () => void }) {
  const { notice } = props;
  if (!notice) return null;
  return (
    <Alert
      color={notice.ok ? 'green' : 'red'}
      role={notice.ok ? 'status' : 'alert'}
      variant="light"
      mb="md"
      withCloseButton
      onClose={props.onClose}
    >
      {notice.text}
    </Alert>
  );
}
