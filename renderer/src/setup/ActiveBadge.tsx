import { Badge } from '@mantine/core';

/** A list row's status: green `on` while active, grey `off` otherwise (texts already translated). */
export function ActiveBadge(props: { active: boolean; on: string; off: string }) {
  return (
    <Badge color={props.active ? 'green' : 'gray'} variant="light">
      {props.active ? props.on : props.off}
    </Badge>
  );
}
