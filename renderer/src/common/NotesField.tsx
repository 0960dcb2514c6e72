import { Textarea } from '@mantine/core';

/** A form's free-text notes: grows from two to five lines as the text does; the core's message shows under it. */
export function NotesField(props: {
  /** The field's label (already translated). */
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
}) {
  return (
    <Textarea
      label={props.label}
      autosize
      minRows={2}
      maxRows={5}
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}
