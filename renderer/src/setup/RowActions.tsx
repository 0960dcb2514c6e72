import { Button, Group, Table } from '@mantine/core';
import { ToggleActiveButton } from './ToggleActiveButton.js';

/**
 * A list row's last cell: the button that opens the row (Editar, Agenda…) and its
 * {@link ToggleActiveButton}, right-aligned on one line.
 */
export function RowActions(props: {
  /** The opening button: its text, accessible name, whether it is off, what it does. */
  open: { label: string; ariaLabel: string; disabled?: boolean; onClick: () => void };
  /** The row's state and name, as {@link ToggleActiveButton} takes them. */
  active: boolean;
  name: string;
  offline: boolean;
  person?: boolean;
  onToggle: () => void;
}) {
  const { open } = props;
  return (
    <Table.Td>
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          aria-label={open.ariaLabel}
          {...(open.disabled === undefined ? {} : { disabled: open.disabled })}
          onClick={open.onClick}
        >
          {open.label}
        </Button>
        <ToggleActiveButton
          active={props.active}
          name={props.name}
          offline={props.offline}
          {...(props.person ? { person: true } : {})}
          onToggle={props.onToggle}
        />
      </Group>
    </Table.Td>
  );
}
