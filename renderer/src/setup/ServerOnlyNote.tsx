import { Alert } from '@mantine/core';

/** Why a server-only section is off (no server, or signed in without it); nothing when it works. */
export function ServerOnlyNote(props: { reason: string | null }) {
  if (!props.reason) return null;
  return (
    <Alert color="orange" variant="light" mb="md" role="note">
      {props.reason}
    </Alert>
  );
}
