import { Alert, Badge, Button, Divider, Drawer, Group, Kbd, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#core/actor.js';
import { formatCpf, formatPhone } from '#core/br/format.js';
import { listPlaces } from '#core/clinic/places-ops.js';
import { attendAppointment, callAppointment } from '#core/schedule/appointment-flow-ops.js';
import { confirmAppointment, unconfirmAppointment } from '#core/schedule/confirmation-ops.js';
import { nextStatus } from '#core/schedule/status.js';
import { PRIORITY_REASONS, type PriorityReason } from '#core/ticket/ticket-record.js';
import { formFailure } from '../common/domain-errors.js';
import { NoticeAlert } from '../common/NoticeAlert.js';
import { useLocalCore, useRun } from '../local/hooks.js';
import { useLocalCoreState } from '../local/LocalCoreProvider.js';
import { AppointmentCharge } from './AppointmentCharge.js';
import { AppointmentNotes } from './AppointmentNotes.js';
import { CancelBox } from './CancelBox.js';
import { InsuranceAuthorization } from './InsuranceAuthorization.js';
import { MOVES, type Move } from './panel-moves.js';
import { clockTime } from './day-grid.js';
import type { DayAppointment } from './load-day.js';
import { typingIn } from './shortcuts.js';
import { placeToCall, readStationPlaces, saveStationPlace } from './station-place.js';
import { statusColor, statusKey } from './status-style.js';

/**
 * One appointment, beside the day: who, when, status and confirmation, and what the reception does
 * with it (confirm/unconfirm, check in, call, regress to waiting, no-show, cancel with reason, notes,
 * copart and payment method, the insurer's authorization when the appointment has insurance). Buttons
 * follow the core's transition table; cancelling asks once for the reason, and `onCancelled` then gets
 * the appointment's id (its slot is offered to the wait list); no-show asks once. "Chegou" issues the
 * patient's ticket in the clinic's one queue (issue 19) and says its code. "Chamar" calls at the
 * station's place at `clinicId` (Settings), so the patient's ticket is called too and the panel says
 * which; a station with no place asks for one at its first call and keeps it. Offline, the call says
 * the panel shows it once the server is back.
 */
export function AppointmentPanel(props: {
  appointment: DayAppointment | null;
  professional: string;
  timeZone: string;
  /** The appointment's clinic (the agenda's): where the station's place is looked up. */
  clinicId?: string | undefined;
  onClose: () => void;
  onCancelled?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const run = useRun();
  const { actor } = useLocalCore();
  const a = props.appointment;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [asking, setAsking] = useState<Move | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The clinic's places, while this station is asked which one it calls from. */
  const [askingPlace, setAskingPlace] = useState<{ id: string; name: string }[] | null>(null);
  /** A legal priority the patient declares at the desk ("Chegou" sends it; age comes from the record). */
  const [declared, setDeclared] = useState<PriorityReason | ''>('');
  const coreState = useLocalCoreState();
  const sync = coreState.kind === 'ready' ? coreState.value.sync : null;

  useEffect(() => {
    setError(null);
    setAsking(null);
    setAskingPlace(null);
    setDeclared('');
    setNotice(null);
    setCancelling(false);
    // Reset only when another appointment opens, not when this one changes.
  }, [a?.id]);

  const act = async (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(formFailure(failure, []).general);
    } finally {
      setBusy(false);
    }
  };

  const bookedStatus = a !== null && nextStatus(a.status, 'confirmation') !== undefined;
  const canCancel = a !== null && nextStatus(a.status, 'cancelByPatient') !== undefined;
  const toggleConfirmation = () =>
    a &&
    bookedStatus &&
    void act(() => run(a.confirmed ? unconfirmAppointment : confirmAppointment, { id: a.id, channel: 'reception' }));

  /** Calls the open appointment, at `placeId` when given, and says what the panel will show. */
  const callAt = async (placeId?: string) => {
    if (!a) return;
    const answer = await run(callAppointment, placeId ? { id: a.id, placeId } : { id: a.id });
    // The call is stored here and pushed when the server answers again: the hall's panel reads the server.
    const offline = sync !== null && !sync.handle.status.online;
    const parts = [
      answer.ticket ? t('panel.ticketCalled', { code: answer.ticket.code, place: answer.ticket.placeName }) : null,
      offline && placeId ? t('panel.callOffline') : null,
    ].filter((part): part is string => part !== null);
    if (parts.length > 0) setNotice(parts.join('. '));
  };

  // Read at each call: Settings may have changed the place since the panel opened. A station with no
  // place (or one no longer active) asks once, here, instead of calling a patient the panel never shows.
  const call = async () => {
    const clinicId = props.clinicId;
    if (!clinicId || !can(actor, 'ticket:write')) return callAt();
    const { items } = await run(listPlaces, { id: clinicId, active: true });
    const placeId = placeToCall(readStationPlaces(globalThis.localStorage), { id: clinicId, places: items }, true);
    if (placeId) return callAt(placeId);
    if (items.length === 0) return callAt();
    // By name, as Settings lists them.
    setAskingPlace(
      items.map((p) => ({ id: p.id, name: p.name })).sort((x, y) => x.name.localeCompare(y.name, 'pt-BR')),
    );
  };

  const choosePlace = (placeId: string | null) => {
    setAskingPlace(null);
    if (placeId && props.clinicId) saveStationPlace(globalThis.localStorage, props.clinicId, placeId);
    void act(() => callAt(placeId ?? undefined));
  };

  /** Runs `move` on the open appointment; one that asks first only opens its question. */
  const doMove = (move: Move, confirmed = false) => {
    if (!a) return;
    if (move.ask && !confirmed) {
      setAsking(move);
      return;
    }
    setAsking(null);
    void act(async () => {
      if (move.action === 'call') return call();
      if (move.action === 'checkIn') {
        const arrived = await run(attendAppointment, declared ? { id: a.id, priorityReason: declared } : { id: a.id });
        if (arrived.ticket) setNotice(t('panel.arrivedTicket', { code: arrived.ticket.code }));
        return;
      }
      await run(move.op, { id: a.id });
    });
  };

  const onKey = (event: KeyboardEvent) => {
    if (!a || typingIn(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'c') toggleConfirmation();
    else if (key === 'x' && canCancel) setCancelling(true);
    else {
      const move = MOVES.find((m) => m.key === key && nextStatus(a.status, m.action) !== undefined);
      if (!move) return;
      doMove(move);
    }
    event.preventDefault();
  };
  // The panel's letters work wherever focus is (a button that just did its job may vanish).
  const keyHandler = useRef(onKey);
  keyHandler.current = onKey;
  useEffect(() => {
    if (!a) return;
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [a]);

  return (
    <Drawer
      opened={a !== null}
      onClose={props.onClose}
      position="right"
      size={440}
      title={a?.patientName}
      classNames={{ title: 'panel-title' }}
    >
      {a && (
        <Stack gap="md" className="appointment-panel" data-testid="appointment-panel">
          <Group gap="xs">
            <Badge color={statusColor[a.status]} size="lg" variant="light" data-testid="panel-status">
              {t(statusKey[a.status])}
            </Badge>
            {a.confirmed ? (
              <Badge color="green" variant="outline" size="lg" leftSection="✓">
                {t('appointment.confirmed')}
              </Badge>
            ) : (
              bookedStatus && (
                <Badge color="gray" variant="outline" size="lg">
                  {t('appointment.notConfirmed')}
                </Badge>
              )
            )}
          </Group>
          <div>
            <Text fw={600}>
              {clockTime(a.start, props.timeZone)} – {clockTime(a.end, props.timeZone)} · {props.professional}
            </Text>
            {a.patientCpf && <Text size="sm">CPF {formatCpf(a.patientCpf)}</Text>}
            {a.patientPhone && <Text size="sm">{t('panel.phone', { phone: formatPhone(a.patientPhone) })}</Text>}
          </div>
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
          {nextStatus(a.status, 'checkIn') !== undefined && (
            <NativeSelect
              label={t('panel.declaredPriority')}
              description={t('panel.declaredPriorityHint')}
              value={declared}
              onChange={(event) => setDeclared(event.currentTarget.value as PriorityReason | '')}
              data={[
                { value: '', label: t('panel.noDeclaredPriority') },
                ...PRIORITY_REASONS.filter((r) => r !== 'elderly' && r !== 'elderly80').map((r) => ({
                  value: r,
                  label: t(`totem.reason.${r}`),
                })),
              ]}
            />
          )}
          <Group gap="xs">
            {bookedStatus && (
              <Button
                variant={a.confirmed ? 'default' : 'filled'}
                color={a.confirmed ? undefined : 'green'}
                onClick={toggleConfirmation}
                loading={busy}
                rightSection={<Kbd size="xs">C</Kbd>}
                data-autofocus
              >
                {a.confirmed ? t('panel.unconfirm') : t('panel.confirm')}
              </Button>
            )}
            {MOVES.filter((m) => nextStatus(a.status, m.action) !== undefined).map((m) => (
              <Button
                key={m.action}
                variant={m.variant}
                color={m.color}
                onClick={() => doMove(m)}
                disabled={busy}
                rightSection={<Kbd size="xs">{m.key.toUpperCase()}</Kbd>}
              >
                {t(m.label)}
              </Button>
            ))}
          </Group>
          {askingPlace && (
            <Stack gap="xs" className="ask-box" data-testid="ask-place">
              <Text fw={600}>{t('panel.askPlace')}</Text>
              <Group gap="xs">
                {askingPlace.map((place, i) => (
                  <Button key={place.id} onClick={() => choosePlace(place.id)} autoFocus={i === 0}>
                    {place.name}
                  </Button>
                ))}
                <Button variant="default" onClick={() => choosePlace(null)}>
                  {t('panel.callWithoutTicket')}
                </Button>
              </Group>
            </Stack>
          )}
          {asking && nextStatus(a.status, asking.action) !== undefined && asking.ask && (
            <Group gap="xs" className="ask-box" justify="flex-end">
              <Text fw={600} c="red" mr="auto">
                {t(asking.ask.question)}
              </Text>
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('panel.keep')}
              </Button>
              <Button color="red" onClick={() => doMove(asking, true)} loading={busy} autoFocus>
                {t(asking.ask.confirm)}
              </Button>
            </Group>
          )}
          <Divider />
          <AppointmentNotes key={a.id} id={a.id} notes={a.notes} busy={busy} act={act} />
          {nextStatus(a.status, 'charge') !== undefined && (
            <>
              <Divider />
              <AppointmentCharge appointment={a} busy={busy} act={act} />
            </>
          )}
          {a.insurance && (
            <>
              <Divider />
              <InsuranceAuthorization key={a.id} appointment={a.id} timeZone={props.timeZone} />
            </>
          )}
          {nextStatus(a.status, 'cancelByPatient') !== undefined && (
            <>
              <Divider />
              <CancelBox
                key={a.id}
                id={a.id}
                open={cancelling}
                onOpen={() => setCancelling(true)}
                onKeep={() => setCancelling(false)}
                busy={busy}
                act={act}
                onCancelled={() => {
                  props.onClose();
                  props.onCancelled?.(a.id);
                }}
              />
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
