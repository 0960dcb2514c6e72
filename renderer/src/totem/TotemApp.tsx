/**
 * The totem kiosk (issues #9, #19): self check-in by CPF and birth date on an on-screen keypad, or a
 * walk-in ticket; shows the ticket, prints it where it can (the desktop app, silently), then forgets
 * everything. Big touch targets, pt-BR, no keyboard; any screen left alone returns to the start, so
 * no patient's name stays in the hall. A totem that cannot reach its server, or whose key was
 * revoked, says so on its start screen before anyone begins.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidCpf } from '#core/br/cpf.js';
import { PRIORITY_REASONS } from '#core/ticket/ticket-record.js';
import { desktopBridge } from '../platform/bridge.js';
import {
  checkIn,
  clinicName,
  KioskApiError,
  lookup,
  type CheckedInAppointment,
  type TotemAppointment,
  type TotemTicket,
} from './kiosk-api.js';
import type { KioskConfig } from './kiosk-config.js';
import { cpfMask, dateMask, typedBirthDate } from './Keypad.js';
import { KeypadEntry } from './KeypadEntry.js';
import { ReasonGrid } from './ReasonGrid.js';
import { PrintSlip, TicketCard, type Print } from './TicketCard.js';
import './totem.css';

/** How long a screen waits for a touch before going back to the start. */
const IDLE_MS = 30_000;
/** How long a printed ticket stays on screen. */
const TICKET_MS = 15_000;
/** How long a ticket nothing printed stays on screen: time to take a photo of it. */
const PHOTO_MS = 45_000;
/** How often the start screen checks that the server answers and the key still works. */
export const HEALTH_MS = 30_000;

/** A patient identified by CPF and birth date. */
interface Who {
  cpf: string;
  birthDate: string;
}

type Step =
  | { kind: 'start' }
  | { kind: 'cpf'; digits: string; error?: string }
  | { kind: 'birth'; cpf: string; digits: string; error?: string }
  | {
      kind: 'appointments';
      who: Who;
      firstName: string | null;
      priorityReason: string | null;
      appointments: TotemAppointment[];
      checkedIn: CheckedInAppointment[];
    }
  | { kind: 'askPriority'; who: Who; appointment: string }
  | { kind: 'service'; who?: Who | undefined }
  | { kind: 'priority'; who?: Who | undefined }
  | { kind: 'working' }
  | { kind: 'ticket'; ticket: TotemTicket; checkedIn: boolean; already: boolean }
  | { kind: 'error'; message: string };

/** Reasons a patient identified by a birth date may declare: age is the record's (60+ and 80+ are not asked). */
const DECLARED_REASONS = PRIORITY_REASONS.filter((r) => r !== 'elderly' && r !== 'elderly80');

/** True when an answer says the totem cannot work at all: no server, or its key refused. */
function outOfService(error: unknown): boolean {
  if (!(error instanceof KioskApiError)) return true;
  return error.status === 401 || error.status === 403 || error.status >= 500;
}

/** The totem screen for one clinic. */
export function TotemApp({ config }: { config: KioskConfig }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [touches, setTouches] = useState(0);
  const [clinic, setClinic] = useState('');
  /** null until the first check answers. */
  const [working, setWorking] = useState<boolean | null>(null);
  const [print, setPrint] = useState<Print>('pending');

  const check = useCallback(() => {
    clinicName(config).then(
      (name) => {
        setClinic(name);
        setWorking(true);
      },
      // Any refusal of this plain read (a revoked key, another clinic's key, a server error) or no answer
      // at all means nothing else would work either; only "too many requests" is passing.
      (error: unknown) => setWorking(error instanceof KioskApiError && error.status === 429),
    );
  }, [config]);

  // On start and then periodically: a patient learns the totem is out of service before typing a CPF.
  useEffect(() => {
    check();
    const timer = setInterval(check, HEALTH_MS);
    return () => clearInterval(timer);
  }, [check]);

  // Back to the start when nobody touches the screen: the next person never sees the last one's name.
  useEffect(() => {
    if (step.kind === 'start' || step.kind === 'working') return;
    const wait = step.kind !== 'ticket' ? IDLE_MS : print === 'printed' ? TICKET_MS : PHOTO_MS;
    const timer = setTimeout(() => setStep({ kind: 'start' }), wait);
    return () => clearTimeout(timer);
  }, [step, touches, print]);

  // The slip prints as soon as the ticket shows, silently, through the desktop app's bridge (to the
  // totem's configured printer: nobody is there to click a dialog). A plain browser would open its
  // print dialog in front of the patient: it prints nothing and the screen says to photograph the code.
  useEffect(() => {
    if (step.kind !== 'ticket') return;
    const bridge = desktopBridge();
    if (!bridge) {
      setPrint('none');
      return;
    }
    setPrint('pending');
    let current = true;
    bridge.print().then(
      (result) => current && setPrint(result.ok ? 'printed' : 'failed'),
      () => current && setPrint('failed'),
    );
    return () => {
      current = false;
    };
  }, [step]);

  const fail = (error: unknown) => {
    if (outOfService(error)) {
      setWorking(false);
      setStep({ kind: 'start' });
      return;
    }
    const message =
      error instanceof KioskApiError && error.status === 429 ? t('totem.tooManyAttempts') : t('totem.error');
    setStep({ kind: 'error', message });
  };

  const issue = async (request: Parameters<typeof checkIn>[1], checkedIn: boolean) => {
    setStep({ kind: 'working' });
    try {
      const answer = await checkIn(config, request);
      setStep({ kind: 'ticket', ticket: answer.ticket, checkedIn, already: answer.alreadyCheckedIn });
    } catch (error) {
      fail(error);
    }
  };

  const confirmCpf = (digits: string) => {
    if (!isValidCpf(digits)) setStep({ kind: 'cpf', digits, error: t('totem.cpfInvalid') });
    else setStep({ kind: 'birth', cpf: digits, digits: '' });
  };

  const find = async (cpf: string, digits: string) => {
    const birthDate = typedBirthDate(digits);
    if (!birthDate) {
      setStep({ kind: 'birth', cpf, digits, error: t('totem.birthDateInvalid') });
      return;
    }
    setStep({ kind: 'working' });
    try {
      const found = await lookup(config, cpf, birthDate);
      setStep({ kind: 'appointments', who: { cpf, birthDate }, ...found });
    } catch (error) {
      fail(error);
    }
  };

  const chooseAppointment = (s: Extract<Step, { kind: 'appointments' }>, appointment: string) => {
    // The record proves 60+/80+: nothing to ask. Otherwise the patient may declare another reason.
    if (s.priorityReason) void issue({ appointment, cpf: s.who.cpf }, true);
    else setStep({ kind: 'askPriority', who: s.who, appointment });
  };

  const outOfServiceNow = working === false && step.kind === 'start';

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
        {outOfServiceNow && (
          <section className="totem-out" role="alert" data-testid="totem-out-of-service">
            <h1 className="totem-title">{t('totem.outOfService')}</h1>
            <p className="totem-lead">{t('totem.outOfServiceHint')}</p>
          </section>
        )}
        {step.kind === 'start' && !outOfServiceNow && (
          <>
            <h1 className="totem-title">{t('totem.welcome')}</h1>
            <p className="totem-lead">{t('totem.touchToStart')}</p>
            <div className="totem-choices">
              <button
                type="button"
                className="choice choice-primary"
                disabled={working === null}
                onClick={() => setStep({ kind: 'cpf', digits: '' })}
              >
                <span className="choice-label">{t('totem.haveAppointment')}</span>
                <span className="choice-hint">{t('totem.haveAppointmentHint')}</span>
              </button>
              <button
                type="button"
                className="choice"
                disabled={working === null}
                onClick={() => setStep({ kind: 'service' })}
              >
                <span className="choice-label">{t('totem.walkIn')}</span>
                <span className="choice-hint">{t('totem.walkInHint')}</span>
              </button>
            </div>
          </>
        )}
        {step.kind === 'cpf' && (
          <>
            <KeypadEntry
              title={t('totem.typeCpf')}
              display={cpfMask(step.digits) || '___.___.___-__'}
              error={step.error}
              onDigit={(d) => step.digits.length < 11 && setStep({ kind: 'cpf', digits: step.digits + d })}
              onClear={() => setStep({ kind: 'cpf', digits: step.digits.slice(0, -1) })}
              onConfirm={() => confirmCpf(step.digits)}
              canConfirm={step.digits.length === 11}
            />
          </>
        )}
        {step.kind === 'birth' && (
          <>
            <KeypadEntry
              title={t('totem.typeBirthDate')}
              lead={t('totem.birthDateHint')}
              display={dateMask(step.digits) || 'DD/MM/AAAA'}
              displayClass="birth-display"
              error={step.error}
              label={t('totem.typeBirthDate')}
              onDigit={(d) =>
                step.digits.length < 8 && setStep({ kind: 'birth', cpf: step.cpf, digits: step.digits + d })
              }
              onClear={() => setStep({ kind: 'birth', cpf: step.cpf, digits: step.digits.slice(0, -1) })}
              onConfirm={() => void find(step.cpf, step.digits)}
              canConfirm={step.digits.length === 8}
            />
          </>
        )}
        {step.kind === 'appointments' && (
          <>
            <h1 className="totem-title">
              {step.firstName ? t('totem.hello', { name: step.firstName }) : t('totem.notFound')}
            </h1>
            {step.checkedIn.map((a) => (
              <p key={a.id} className="totem-already" role="status">
                {a.ticket
                  ? t('totem.alreadyCheckedIn', { code: a.ticket })
                  : t('totem.alreadyCheckedInDesk', { time: a.time })}
              </p>
            ))}
            {step.appointments.length > 0 ? (
              <>
                <p className="totem-lead">{t('totem.chooseAppointment')}</p>
                <div className="totem-choices">
                  {step.appointments.map((a) => (
                    <button
                      key={a.id}
                      type="button"
                      className="choice choice-primary"
                      onClick={() => chooseAppointment(step, a.id)}
                    >
                      <span className="choice-label">
                        {t('totem.appointmentWith', { time: a.time, professional: a.professional })}
                      </span>
                    </button>
                  ))}
                </div>
              </>
            ) : step.checkedIn.length > 0 ? (
              <div className="totem-choices">
                <button
                  type="button"
                  className="choice choice-primary choice-small"
                  onClick={() => setStep({ kind: 'start' })}
                >
                  <span className="choice-label">{t('totem.done')}</span>
                </button>
              </div>
            ) : (
              <>
                <p className="totem-lead">{step.firstName ? t('totem.noAppointment') : t('totem.notFoundHint')}</p>
                <div className="totem-choices">
                  <button
                    type="button"
                    className="choice"
                    onClick={() => setStep({ kind: 'service', who: step.firstName ? step.who : undefined })}
                  >
                    <span className="choice-label">{t('totem.takeTicket')}</span>
                  </button>
                  {!step.firstName && (
                    <button
                      type="button"
                      className="choice choice-small"
                      onClick={() => setStep({ kind: 'cpf', digits: '' })}
                    >
                      <span className="choice-label">{t('totem.tryAgain')}</span>
                    </button>
                  )}
                </div>
              </>
            )}
          </>
        )}
        {step.kind === 'askPriority' && (
          <>
            <h1 className="totem-title">{t('totem.askPriority')}</h1>
            <p className="totem-lead">{t('totem.askPriorityHint')}</p>
            <ReasonGrid
              reasons={DECLARED_REASONS}
              none={{
                label: t('totem.noPriority'),
                onChoose: () => void issue({ appointment: step.appointment, cpf: step.who.cpf }, true),
              }}
              onChoose={(reason) =>
                void issue({ appointment: step.appointment, cpf: step.who.cpf, priorityReason: reason }, true)
              }
            />
          </>
        )}
        {step.kind === 'service' && (
          <>
            <h1 className="totem-title">{t('totem.chooseService')}</h1>
            <div className="totem-choices">
              <button
                type="button"
                className="choice choice-primary"
                onClick={() => void issue({ ...step.who }, false)}
              >
                <span className="choice-label">{t('totem.normal')}</span>
              </button>
              <button type="button" className="choice" onClick={() => setStep({ kind: 'priority', who: step.who })}>
                <span className="choice-label">{t('totem.priority')}</span>
                <span className="choice-hint">{t('totem.priorityHint')}</span>
              </button>
            </div>
          </>
        )}
        {step.kind === 'priority' && (
          <>
            <h1 className="totem-title">{t('totem.whichPriority')}</h1>
            <ReasonGrid
              reasons={step.who ? DECLARED_REASONS : PRIORITY_REASONS}
              onChoose={(reason) => void issue({ priorityReason: reason, ...step.who }, false)}
            />
          </>
        )}
        {step.kind === 'working' && <p className="totem-lead totem-working">{t('totem.working')}</p>}
        {step.kind === 'ticket' && (
          <TicketCard
            ticket={step.ticket}
            checkedIn={step.checkedIn}
            already={step.already}
            print={print}
            onDone={() => setStep({ kind: 'start' })}
          />
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
      {step.kind === 'ticket' && <PrintSlip clinic={clinic} ticket={step.ticket} />}
    </div>
  );
}
