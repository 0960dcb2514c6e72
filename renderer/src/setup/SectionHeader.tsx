import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An administration section's heading (`id` is what the section's `aria-labelledby` names) with
 * its main action, such as "Nova clínica", on the right.
 */
export function SectionHeader(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Group justify="space-between" mb="md">
      <Title order={3} id={props.id}>
        {props.title}
      </Title>
      {props.children}
    </Group>
  );
}
