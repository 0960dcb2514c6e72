import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link DialogForm}. */
export interface DialogFormProps {
  /** Runs on submit (Enter in a field, the submit button); the browser's own submit never happens. */
  onSubmit: () => void | Promise<void>;
  /** The message that concerns no single field (already translated), shown as an alert; none hides it. */
  error?: string | null | undefined;
  /** What comes above the alert, e.g. the clinic and day the dialog acts on. */
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The body of every form dialog: a form the browser does not validate (the core's messages show under
 * the fields instead), its parts stacked, the optional intro first and then the general error, so
 * every dialog of the desk reads the same way.
 */
export function DialogForm({ onSubmit, error, intro, children }: DialogFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="md">
        {intro}
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
