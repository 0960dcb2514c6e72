import { Button, Group, Kbd, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Props of {@link DialogActions}. */
export interface DialogActionsProps {
  /** What Ctrl+Enter does, shown after the keys (already translated). */
  hint: string;
  /** The submit button's text (already translated). */
  submitLabel: string;
  /** Shows the submit button busy while the operation runs. */
  loading: boolean;
  onCancel: () => void;
}

/**
 * The foot of every form dialog: the Ctrl+Enter hint on the left, cancel and submit on the right, so
 * every dialog of the desk reads and behaves the same way. The submit button submits the enclosing form.
 */
export function DialogActions({ hint, submitLabel, loading, onCancel }: DialogActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Text size="xs" c="dimmed">
        <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> {hint}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
