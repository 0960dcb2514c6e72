/**
 * The totem kiosk (issue #9): self check-in by CPF on an on-screen keypad, or a walk-in ticket; shows
 * and prints the ticket, then forgets everything. Big touch targets, pt-BR, no keyboard; any screen
 * left alone returns to the start, so no patient's name stays in the hall.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidCpf } from '../../../core/br/cpf.js';
import { PRIORITY_REASONS } from '../../../core/ticket/ticket-record.js';
import { desktopBridge } from '../platform/bridge.js';
import { checkIn, clinicName, KioskApiError, lookup, type TotemAppointment, type TotemTicket } from './kiosk-api.js';
import type { KioskConfig } from './kiosk-config.js';
import { cpfMask, Keypad } from './Keypad.js';
import './totem.css';

/** How long a screen waits for a touch before going back to the start. */
const IDLE_MS = 30_000;
/** How long the ticket stays on screen. */
const TICKET_MS = 15_000;

type Step =
  | { kind: 'start' }
  | { kind: 'cpf'; digits: string; error?: string }
  | { kind: 'appointments'; cpf: string; firstName: string | null; appointments: TotemAppointment[] }
  | { kind: 'service'; cpf?: string }
  | { kind: 'priority'; cpf?: string }
  | { kind: 'working' }
  | { kind: 'ticket'; ticket: TotemTicket; firstName: string | null; checkedIn: boolean }
  | { kind: 'error'; message: string };

/** The totem screen for one clinic. */
export function TotemApp({ config }: { config: KioskConfig }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [touches, setTouches] = useState(0);
  const [clinic, setClinic] = useState('');

  useEffect(() => {
    clinicName(config).then(setClinic, () => setClinic(''));
  }, [config]);

  // Back to the start when nobody touches the screen: the next person never sees the last one's name.
  useEffect(() => {
    if (step.kind === 'start' || step.kind === 'working') return;
    const timer = setTimeout(() => setStep({ kind: 'start' }), step.kind === 'ticket' ? TICKET_MS : IDLE_MS);
    return () => clearTimeout(timer);
  }, [step, touches]);

  // The slip prints as soon as the ticket shows. In the desktop app the bridge prints silently to the
  // totem's configured printer (nobody is there to click a dialog); a plain browser gets window.print().
  useEffect(() => {
    if (step.kind !== 'ticket') return;
    const bridge = desktopBridge();
    if (bridge) void bridge.print();
    else window.print();
  }, [step]);

  const fail = (error: unknown) =>
    setStep({
      kind: 'error',
      message: error instanceof KioskApiError ? `${t('totem.error')} (${error.message})` : t('totem.offline'),
    });

  const issue = async (request: Parameters<typeof checkIn>[1], checkedIn: boolean) => {
    setStep({ kind: 'working' });
    try {
      const answer = await checkIn(config, request);
      setStep({ kind: 'ticket', ticket: answer.ticket, firstName: answer.firstName, checkedIn });
    } catch (error) {
      fail(error);
    }
  };

  const findCpf = async (digits: string) => {
    if (!isValidCpf(digits)) {
      setStep({ kind: 'cpf', digits, error: t('totem.cpfInvalid') });
      return;
    }
    setStep({ kind: 'working' });
    try {
      const found = await lookup(config, digits);
      setStep({ kind: 'appointments', cpf: digits, ...found });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <div className="totem" onPointerDown={() => setTouches((n) => n + 1)}>
      <header className="totem-header">
        <span className="totem-brand">{clinic || t('app.name')}</span>
        {step.kind !== 'start' && step.kind !== 'working' && step.kind !== 'ticket' && (
          <button type="button" className="totem-back" onClick={() => setStep({ kind: 'start' })}>
            ← {t('totem.back')}
          </button>
        )}
      </header>
      <main className="totem-screen">
        {step.kind === 'start' && (
          <>
            <h1 className="totem-title">{t('totem.welcome')}</h1>
            <p className="totem-lead">{t('totem.touchToStart')}</p>
            <div className="totem-choices">
              <button
                type="button"
                className="choice choice-primary"
                onClick={() => setStep({ kind: 'cpf', digits: '' })}
              >
                <span className="choice-label">{t('totem.haveAppointment')}</span>
                <span className="choice-hint">{t('totem.haveAppointmentHint')}</span>
              </button>
              <button type="button" className="choice" onClick={() => setStep({ kind: 'service' })}>
                <span className="choice-label">{t('totem.walkIn')}</span>
                <span className="choice-hint">{t('totem.walkInHint')}</span>
              </button>
            </div>
          </>
        )}
        {step.kind === 'cpf' && (
          <>
            <h1 className="totem-title">{t('totem.typeCpf')}</h1>
            <output className="cpf-display" aria-live="polite">
              {cpfMask(step.digits) || '___.___.___-__'}
            </output>
            <p className="totem-error" role="alert">
              {step.error ?? ' '}
            </p>
            <Keypad
              onDigit={(d) => step.digits.length < 11 && setStep({ kind: 'cpf', digits: step.digits + d })}
              onClear={() => setStep({ kind: 'cpf', digits: step.digits.slice(0, -1) })}
              onConfirm={() => void findCpf(step.digits)}
              canConfirm={step.digits.length === 11}
            />
          </>
        )}
        {step.kind === 'appointments' && (
          <>
            <h1 className="totem-title">
              {step.firstName ? t('totem.hello', { name: step.firstName }) : t('totem.helloUnknown')}
            </h1>
            {step.appointments.length > 0 ? (
              <>
                <p className="totem-lead">{t('totem.chooseAppointment')}</p>
                <div className="totem-choices">
                  {step.appointments.map((a) => (
                    <button
                      key={a.id}
                      type="button"
                      className="choice choice-primary"
                      onClick={() => void issue({ appointment: a.id, cpf: step.cpf }, true)}
                    >
                      <span className="choice-label">
                        {t('totem.appointmentWith', { time: a.time, professional: a.professional })}
                      </span>
                    </button>
                  ))}
                </div>
              </>
            ) : (
              <>
                <p className="totem-lead">{t('totem.noAppointment')}</p>
                <div className="totem-choices">
                  <button type="button" className="choice" onClick={() => setStep({ kind: 'service', cpf: step.cpf })}>
                    <span className="choice-label">{t('totem.takeTicket')}</span>
                  </button>
                </div>
              </>
            )}
          </>
        )}
        {step.kind === 'service' && (
          <>
            <h1 className="totem-title">{t('totem.chooseService')}</h1>
            <div className="totem-choices">
              <button
                type="button"
                className="choice choice-primary"
                onClick={() => void issue(step.cpf ? { cpf: step.cpf } : {}, false)}
              >
                <span className="choice-label">{t('totem.normal')}</span>
              </button>
              <button type="button" className="choice" onClick={() => setStep({ kind: 'priority', cpf: step.cpf })}>
                <span className="choice-label">{t('totem.priority')}</span>
                <span className="choice-hint">{t('totem.priorityHint')}</span>
              </button>
            </div>
          </>
        )}
        {step.kind === 'priority' && (
          <>
            <h1 className="totem-title">{t('totem.whichPriority')}</h1>
            <div className="reason-grid">
              {PRIORITY_REASONS.map((reason) => (
                <button
                  key={reason}
                  type="button"
                  className="reason"
                  onClick={() =>
                    void issue({ service: 'P', priorityReason: reason, ...(step.cpf ? { cpf: step.cpf } : {}) }, false)
                  }
                >
                  {t(`totem.reason.${reason}`)}
                </button>
              ))}
            </div>
          </>
        )}
        {step.kind === 'working' && <p className="totem-lead totem-working">{t('totem.working')}</p>}
        {step.kind === 'ticket' && (
          <section className="ticket-card" aria-label={t('totem.yourTicket')}>
            {step.checkedIn && <p className="ticket-ok">{t('totem.checkedIn')}</p>}
            <p className="ticket-caption">{t('totem.yourTicket')}</p>
            <p className="ticket-code" data-testid="ticket-code">
              {step.ticket.code}
            </p>
            <p className="totem-lead">{t('totem.waitPanel')}</p>
            <p className="ticket-print">{t('totem.printing')}</p>
            <button
              type="button"
              className="choice choice-primary choice-small"
              onClick={() => setStep({ kind: 'start' })}
            >
              <span className="choice-label">{t('totem.done')}</span>
            </button>
          </section>
        )}
        {step.kind === 'error' && (
          <>
            <p className="totem-error totem-error-big" role="alert">
              {step.message}
            </p>
            <button type="button" className="choice choice-small" onClick={() => setStep({ kind: 'start' })}>
              <span className="choice-label">{t('totem.back')}</span>
            </button>
          </>
        )}
      </main>
      {step.kind === 'ticket' && (
        <div className="print-slip" aria-hidden="true">
          <p className="slip-clinic">{clinic}</p>
          <p className="slip-title">{t('totem.slipTitle')}</p>
          <p className="slip-code">{step.ticket.code}</p>
          <p className="slip-time">{new Date(step.ticket.issuedAt).toLocaleString('pt-BR')}</p>
          <p className="slip-hint">{t('totem.waitPanel')}</p>
        </div>
      )}
    </div>
  );
}
