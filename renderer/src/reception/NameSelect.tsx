import { NativeSelect } from '@mantine/core';

/** A native select of named things (the agenda's clinic, the week's professional), by id. */
export function NameSelect(props: {
  label: string;
  options: readonly { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <NativeSelect
      aria-label={props.label}
      data={props.options.map((o) => ({ value: o.id, label: o.name }))}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}
