import { TextInput, type TextInputProps } from '@mantine/core';

/** A money field as every finance dialog has it: `R$` beside, typed `1.234,56`, the decimal keyboard. */
export function MoneyInput(
  props: Omit<TextInputProps, 'onChange'> & { value: string; onChange: (text: string) => void },
) {
  const { onChange, ...rest } = props;
  return <TextInput leftSection="R$" inputMode="decimal" {...rest} onChange={(e) => onChange(e.currentTarget.value)} />;
}
