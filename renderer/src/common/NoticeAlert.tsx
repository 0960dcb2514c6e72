import { Alert } from '@mantine/core';

/**
 * A list screen's green "done" line (added, removed, sent…), announced politely to screen readers
 * and closed by the person; nothing when there is no notice.
 */
export function NoticeAlert(props: { notice: string | null; onClose: () => void }) {
  if (!props.notice) return null;
  return (
    <Alert color="green" role="status" variant="light" mb="md" withCloseButton onClose={props.onClose}>
      {props.notice}
    </Alert>
  );
}
