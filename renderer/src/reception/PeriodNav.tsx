import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The agenda toolbar's left side: previous, current and next period (day or week) and the title the
 * grid is labelled by.
 */
export function PeriodNav(props: {
  previous: string;
  current: string;
  next: string;
  onStep: (n: -1 | 1) => void;
  onCurrent: () => void;
  titleId: string;
  title: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="wrap">
      <Tooltip label={props.previous}>
        <ActionIcon variant="default" size="lg" aria-label={props.previous} onClick={() => props.onStep(-1)}>
          ‹
        </ActionIcon>
      </Tooltip>
      <Button variant="default" onClick={props.onCurrent}>
        {props.current}
      </Button>
      <Tooltip label={props.next}>
        <ActionIcon variant="default" size="lg" aria-label={props.next} onClick={() => props.onStep(1)}>
          ›
        </ActionIcon>
      </Tooltip>
      <Title order={3} id={props.titleId} className="day-title">
        {props.title}
      </Title>
    </Group>
  );
}
