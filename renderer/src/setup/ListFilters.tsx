import { Group, Switch, TextInput } from '@mantine/core';

/**
 * The row above an administration list: the search box (its label doubles as placeholder) and
 * the switch that brings the inactive ones too. Controlled: the section keeps both values, since
 * its live query depends on them.
 */
export function ListFilters(props: {
  /** Translated label and placeholder of the search box. */
  searchLabel: string;
  /** Translated label of the switch ("Mostrar inativos", "Mostrar desativados"…). */
  inactiveLabel: string;
  query: string;
  onQuery: (query: string) => void;
  showInactive: boolean;
  onShowInactive: (show: boolean) => void;
}) {
  return (
    <Group mb="md" align="center">
      <TextInput
        aria-label={props.searchLabel}
        placeholder={props.searchLabel}
        value={props.query}
        onChange={(event) => props.onQuery(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Switch
        label={props.inactiveLabel}
        checked={props.showInactive}
        onChange={(event) => props.onShowInactive(event.currentTarget.checked)}
      />
    </Group>
  );
}
