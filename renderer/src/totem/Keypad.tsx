import { useTranslation } from 'react-i18next';

/** Formats typed digits as a CPF while they are typed: `529.982.2`. */
export function cpfMask(digits: string): string {
  const d = digits.slice(0, 11);
  const parts = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean);
  return parts.join('.') + (d.length > 9 ? `-${d.slice(9)}` : '');
}

/** Formats typed digits as a date while they are typed: `23/11/19`. */
export function dateMask(digits: string): string {
  const d = digits.slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 8)].filter(Boolean).join('/');
}

/**
 * The `yyyy-mm-dd` of 8 typed digits `ddmmyyyy`, or undefined when they are no real date between
 * 1900 and `today` (a birth date).
 */
export function typedBirthDate(digits: string, today: Date = new Date()): string | undefined {
  const match = /^(\d{2})(\d{2})(\d{4})$/.exec(digits);
  if (!match) return undefined;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const real = date.getUTCDate() === Number(dd) && date.getUTCMonth() === Number(mm) - 1;
  if (!real || Number(yyyy) < 1900 || date.getTime() > today.getTime()) return undefined;
  return `${yyyy}-${mm}-${dd}`;
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
