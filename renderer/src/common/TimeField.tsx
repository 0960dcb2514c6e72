import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTime, maskTime, parseTime } from '#core/br/format.js';

/** What {@link TimeField} takes besides Mantine's label, width, description… */
export interface TimeFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** The time as `HH:mm` (24 h), or '' for none. */
  value: string;
  /**
   * Called as the person types: `HH:mm` once the text is a time of the day (`9:30` → `09:30`), otherwise
   * '' (as a native time input does, so a screen never sees half a time).
   */
  onChange: (value: string) => void;
}

/**
 * The desk's one time input: `HH:mm` on the 24-hour clock whatever the browser's language (a native
 * `<input type=time>` shows `02:30 PM` on an en-US browser), masked as the digits come.
 */
export function TimeField(props: TimeFieldProps) {
  const { value, onChange, error, onBlur, ...rest } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [left, setLeft] = useState(false);
  const emitted = useRef(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(value);
  }, [value]);

  const invalid = text !== '' && parseTime(text) === undefined;
  return (
    <TextInput
      placeholder={t('input.timePlaceholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      {...rest}
      value={text}
      error={invalid && (left || error) ? t('input.timeInvalid') : error}
      onChange={(event) => {
        const next = maskTime(event.currentTarget.value);
        setText(next);
        const out = parseTime(next) ?? '';
        emitted.current = out;
        onChange(out);
      }}
      onBlur={(event) => {
        setLeft(true);
        // `9:30` reads back as `09:30` once the person moves on.
        if (isTime(emitted.current) && text !== emitted.current) setText(emitted.current);
        onBlur?.(event);
      }}
    />
  );
}
