import { maskDate, parseDate } from '#core/br/format.js';
import { useTranslation } from 'react-i18next';

/** Formats typed digits as a CPF while they are typed: `529.982.2`. */
export function cpfMask(digits: string): string {
  const d = digits.slice(0, 11);
  const parts = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean);
  return parts.join('.') + (d.length > 9 ? `-${d.slice(9)}` : '');
}

/** Formats typed digits as a date while they are typed: `23/11/19` (the shared mask). */
export const dateMask = maskDate;

/**
 * The `yyyy-mm-dd` of 8 typed digits `ddmmyyyy`, or undefined when they are no real date between
 * 1900 and `today` (a birth date).
 */
export function typedBirthDate(digits: string, today: Date = new Date()): string | undefined {
  if (!/^\d{8}$/.test(digits)) return undefined;
  const iso = parseDate(maskDate(digits));
  if (!iso || iso < '1900-01-01' || Date.parse(`${iso}T00:00:00Z`) > today.getTime()) return undefined;
  return iso;
}

/** A numeric keypad with large keys: the totem has no keyboard. */
export function Keypad(props: {
  /** What the keys type, for screen readers. */
  label?: string;
  onDigit: (d: string) => void;
  onClear: () => void;
  onConfirm: () => void;
  canConfirm: boolean;
}) {
  const { t } = useTranslation();
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return (
    <div className="keypad" role="group" aria-label={props.label ?? t('totem.typeCpf')}>
      {keys.map((k) => (
        <button key={k} type="button" className="key" onClick={() => props.onDigit(k)}>
          {k}
        </button>
      ))}
      <button type="button" className="key key-clear" onClick={props.onClear}>
        {t('totem.clear')}
      </button>
      <button type="button" className="key" onClick={() => props.onDigit('0')}>
        0
      </button>
      <button type="button" className="key key-confirm" onClick={props.onConfirm} disabled={!props.canConfirm}>
        {t('totem.confirm')}
      </button>
    </div>
  );
}
