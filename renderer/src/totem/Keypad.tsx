import { useTranslation } from 'react-i18next';

/** Formats typed digits as a CPF while they are typed: `529.982.2`. */
export function cpfMask(digits: string): string {
  const d = digits.slice(0, 11);
  const parts = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean);
  return parts.join('.') + (d.length > 9 ? `-${d.slice(9)}` : '');
}

/** A numeric keypad with large keys: the totem has no keyboard. */
export function Keypad(props: {
  onDigit: (d: string) => void;
  onClear: () => void;
  onConfirm: () => void;
  canConfirm: boolean;
}) {
  const { t } = useTranslation();
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return (
    <div className="keypad" role="group" aria-label={t('totem.typeCpf')}>
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
