import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, isIsoDate, maskDate, parseDate } from '#core/br/format.js';

/** What {@link DateField} takes besides Mantine's label, width, description… */
export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** The date as ISO `YYYY-MM-DD`, or '' for none. */
  value: string;
  /**
   * Called as the person types: with the ISO date once the text is a day that exists, otherwise with ''
   * (as a native date input does, so a screen never sees half a date).
   */
  onChange: (value: string) => void;
  /**
   * Hand out the typed text (`25/11/20`) instead of '' while it is not a date, so a form's validation
   * refuses it rather than silently saving no date.
   */
  keepTyped?: boolean;
}

/**
 * The desk's one date input: types and shows `dd/mm/aaaa` whatever the browser's language (a native
 * `<input type=date>` follows the browser, and shows `mm/dd/yyyy` on an en-US Windows), masked as the
 * digits come, handing the form ISO dates. Says itself when the text is not a date, once the person
 * leaves the field.
 */
export function DateField(props: DateFieldProps) {
  const { value, onChange, keepTyped, error, onBlur, ...rest } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(() => (isIsoDate(value) ? formatDate(value) : value));
  const [left, setLeft] = useState(false);
  // What this field last handed out: a new `value` from outside (another day chosen) replaces the text.
  const emitted = useRef(value);
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(isIsoDate(value) ? formatDate(value) : value);
  }, [value]);

  const invalid = text !== '' && parseDate(text) === undefined;
  return (
    <TextInput
      placeholder={t('input.datePlaceholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...rest}
      value={text}
      error={invalid && (left || error) ? t('input.dateInvalid') : error}
      onChange={(event) => {
        const next = maskDate(event.currentTarget.value);
        setText(next);
        const out = parseDate(next) ?? (keepTyped ? next : '');
        emitted.current = out;
        onChange(out);
      }}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}
