import { useTranslation } from 'react-i18next';
import type { TotemTicket } from './kiosk-api.js';

/** What became of the slip: printing, printed, the printer failed, or this totem does not print. */
export type Print = 'pending' | 'printed' | 'failed' | 'none';

/**
 * The totem's last screen: the ticket's code, whether the patient was checked in (or already was), and
 * what became of the slip; when nothing printed, it asks the patient to photograph the screen.
 */
export function TicketCard(props: {
  ticket: TotemTicket;
  checkedIn: boolean;
  already: boolean;
  print: Print;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { print } = props;
  return (
    <section
      className={`ticket-card${print === 'printed' || print === 'pending' ? '' : ' ticket-card-photo'}`}
      aria-label={t('totem.yourTicket')}
    >
      {props.already ? (
        <p className="ticket-ok">{t('totem.alreadyCheckedIn', { code: props.ticket.code })}</p>
      ) : (
        props.checkedIn && <p className="ticket-ok">{t('totem.checkedIn')}</p>
      )}
      <p className="ticket-caption">{t('totem.yourTicket')}</p>
      <p className="ticket-code" data-testid="ticket-code">
        {props.ticket.code}
      </p>
      <p className="totem-lead">{t('totem.waitPanel')}</p>
      {print === 'printed' && <p className="ticket-print">{t('totem.printing')}</p>}
      {(print === 'none' || print === 'failed') && (
        <p className="ticket-print ticket-photo" role="status">
          {print === 'none' ? t('totem.noPrinter') : t('totem.printFailed')} {t('totem.photograph')}
        </p>
      )}
      <button type="button" className="choice choice-primary choice-small" onClick={props.onDone}>
        <span className="choice-label">{t('totem.done')}</span>
      </button>
    </section>
  );
}

/** The slip the printer gets (hidden on screen, shown by the print style sheet). */
export function PrintSlip(props: { clinic: string; ticket: TotemTicket }) {
  const { t } = useTranslation();
  return (
    <div className="print-slip" aria-hidden="true">
      <p className="slip-clinic">{props.clinic}</p>
      <p className="slip-title">{t('totem.slipTitle')}</p>
      <p className="slip-code">{props.ticket.code}</p>
      <p className="slip-time">{new Date(props.ticket.issuedAt).toLocaleString('pt-BR')}</p>
      <p className="slip-hint">{t('totem.waitPanel')}</p>
    </div>
  );
}
