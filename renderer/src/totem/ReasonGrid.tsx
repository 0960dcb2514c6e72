import { useTranslation } from 'react-i18next';
import type { PriorityReason } from '#core/ticket/ticket-record.js';

/**
 * The legal priorities as large buttons (the walk-in's choice, or a patient with an appointment
 * declaring one); `none`, when given, comes first for "no priority".
 */
export function ReasonGrid(props: {
  reasons: readonly PriorityReason[];
  onChoose: (reason: PriorityReason) => void;
  none?: { label: string; onChoose: () => void };
}) {
  const { t } = useTranslation();
  return (
    <div className="reason-grid">
      {props.none && (
        <button type="button" className="reason reason-none" onClick={props.none.onChoose}>
          {props.none.label}
        </button>
      )}
      {props.reasons.map((reason) => (
        <button key={reason} type="button" className="reason" onClick={() => props.onChoose(reason)}>
          {t(`totem.reason.${reason}`)}
        </button>
      ))}
    </div>
  );
}
