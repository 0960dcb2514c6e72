import { Alert } from '@mantine/core';
import { formFailure } from '../common/domain-errors.js';

/** A section list's read failure (the core's message), above the list; nothing while it reads fine. */
export function LoadError(props: { error: unknown }) {
  if (props.error === undefined || props.error === null) return null;
  return (
    <Alert color="red" variant="light" role="alert" mb="md">
      {formFailure(props.error, []).general}
    </Alert>
  );
}
