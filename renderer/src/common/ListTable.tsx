import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading of {@link ListTable}: its text (none for an actions column), width in px, alignment. */
export interface ListColumn {
  label?: string;
  w?: number;
  ta?: 'right';
}

/**
 * The list screens' table (patients, budgets, wait list): bordered, striped, rows lit on hover, the
 * headings from `columns`, the rows as children and, when `empty` is given, that text centred under
 * the headings (the caller gives it only once the list has loaded and holds nothing).
 */
export function ListTable(props: {
  /** The table's accessible name (already translated). */
  label: string;
  /** Headings, left to right; a plain string is a heading's text. */
  columns: readonly (string | ListColumn)[];
  empty?: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            {props.columns.map((column, i) => {
              const { label, w, ta } = typeof column === 'string' ? { label: column } : column;
              return (
                <Table.Th key={i} {...(w === undefined ? {} : { w })} {...(ta ? { ta } : {})}>
                  {label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{props.children}</Table.Tbody>
      </Table>
      {props.empty && (
        <Text p="lg" c="dimmed" ta="center">
          {props.empty}
        </Text>
      )}
    </Paper>
  );
}
