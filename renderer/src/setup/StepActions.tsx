import { Button, Group, Kbd, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The foot of an assistant step: the Ctrl+Enter hint on the left, then whatever else the step
 * offers (skip, add another) and its submit button, which submits the step's form.
 */
export function StepActions(props: { loading: boolean; label: string; children?: ReactNode; disabled?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="xs" c="dimmed">
        <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> {props.label.toLowerCase()}
      </Text>
      <Group gap="sm">
        {props.children}
        <Button type="submit" loading={props.loading} disabled={props.disabled}>
          {props.label}
        </Button>
      </Group>
    </Group>
  );
}
