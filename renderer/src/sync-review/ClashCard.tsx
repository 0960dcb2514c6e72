import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { removeAppointment } from '#core/schedule/appointment-flow-ops.js';
import { getAvailability } from '#core/schedule/availability-ops.js';
import { utcKey } from '#core/schedule/time.js';
import { isDomainError } from '#core/errors.js';
import type { RunOperation } from '../local/hooks.js';
import { moveAppointment } from '../reception/move-appointment.js';
import { clashBookings, clashStandsHere } from './clash.js';
import { appointmentTitle, zoneOf } from './describe/collections.js';
import type { EntryDescription } from './describe/describe.js';
import { APPOINTMENT_STATUS } from '#core/sync/review/fields.js';
import { phone, shortInstant } from '#core/sync/review/formats.js';
import type { Lookup } from './describe/lookup.js';
import type { ReviewEntry } from './review-client.js';

type Doc = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const SLOTS_SHOWN = 6;

/** The patient's ways to be reached (to tell them of a cancellation), formatted. */
function contactOf(lookup: Lookup, patientId: unknown): string {
  const patient = lookup.get('patients', patientId);
  if (!patient) return 'contato não encontrado nesta estação';
  const ways = [
    str(patient.cellPhone) && `celular ${phone(str(patient.cellPhone))}`,
    str(patient.phone) && `telefone ${phone(str(patient.phone))}`,
    str(patient.email) && `e-mail ${str(patient.email)}`,
  ].filter(Boolean);
  return ways.length > 0 ? ways.join(' · ') : 'sem telefone nem e-mail no cadastro';
}

function patientName(lookup: Lookup, id: unknown): string {
  const p = lookup.get('patients', id);
  return str(p?.socialName) || str(p?.name) || 'paciente';
}

function failureText(error: unknown): string {
  if (!isDomainError(error)) return 'Não foi possível fazer a alteração nesta estação.';
  const details = error.details.map((d) => d.message).filter(Boolean);
  return [error.message, ...details].join(' — ');
}

/** One booking of the clash: who, when, with whom, and the actions on it. */
function BookingBlock(props: {
  booking: Doc;
  lookup: Lookup;
  run: RunOperation;
  busy: boolean;
  onAction(work: () => Promise<string>): void;
}) {
  const { booking, lookup, run } = props;
  const zone = zoneOf(booking, lookup);
  const name = patientName(lookup, booking.patient);
  const [slots, setSlots] = useState<{ start: string; end: string }[] | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('Horário em choque com outro agendamento');
  const durationMs = Date.parse(str(booking.endUtc)) - Date.parse(str(booking.startUtc));

  useEffect(() => {
    let live = true;
    const day = str(booking.start).slice(0, 10);
    if (!day || typeof booking.clinic !== 'string' || typeof booking.professional !== 'string') return;
    const today = new Date().toISOString().slice(0, 10);
    run(getAvailability, {
      clinic: booking.clinic,
      professional: booking.professional,
      date: day < today ? today : day,
      days: 7,
    }).then(
      (answer) => live && setSlots(answer.slots.slice(0, SLOTS_SHOWN)),
      () => live && setSlots([]),
    );
    return () => {
      live = false;
    };
  }, [run, booking.clinic, booking.professional, booking.start, booking.updatedAt]);

  const moveTo = (start: string) =>
    props.onAction(async () => {
      const startUtc = utcKey(start);
      const endUtc = utcKey(new Date(Date.parse(startUtc) + durationMs));
      await moveAppointment(run, str(booking.id), {
        professional: str(booking.professional),
        startUtc,
        endUtc,
        overbooking: false,
      });
      return `A consulta de ${name} foi movida para ${shortInstant(startUtc, zone)}.`;
    });
  const cancel = () =>
    props.onAction(async () => {
      await run(removeAppointment, { id: str(booking.id), reason: reason.trim(), cancelledBy: 'clinic' });
      return `A consulta de ${name} foi desmarcada. Avise: ${contactOf(lookup, booking.patient)}.`;
    });

  const titleId = `clash-${str(booking.id)}`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={titleId} data-testid="clash-booking">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Text fw={600} id={titleId}>
            {appointmentTitle(booking, lookup, zone)}
          </Text>
          <Badge variant="light">{APPOINTMENT_STATUS[String(booking.status)] ?? '—'}</Badge>
        </Group>
        <Text size="sm">Contato: {contactOf(lookup, booking.patient)}</Text>
        <Text size="sm" fw={500}>
          Mover {name} para um horário livre:
        </Text>
        {slots === null ? (
          <Text size="sm" c="dimmed">
            Procurando horários livres…
          </Text>
        ) : slots.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum horário livre deste profissional nos próximos 7 dias.
          </Text>
        ) : (
          <Group gap="xs" role="group" aria-label={`Horários livres para ${name}`}>
            {slots.map((slot) => (
              <Button
                key={slot.start}
                size="xs"
                variant="default"
                disabled={props.busy}
                aria-label={`Mover ${name} para ${shortInstant(slot.start, zone)}`}
                onClick={() => moveTo(slot.start)}
              >
                {shortInstant(slot.start, zone)}
              </Button>
            ))}
          </Group>
        )}
        {cancelling ? (
          <Stack gap="xs">
            <Text size="sm">
              Desmarcar a consulta de {name}? Avise: {contactOf(lookup, booking.patient)}.
            </Text>
            <TextInput
              label="Motivo da desmarcação"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              size="sm"
            />
            <Group gap="xs">
              <Button size="xs" color="red" disabled={props.busy || !reason.trim()} onClick={cancel}>
                Confirmar desmarcação de {name}
              </Button>
              <Button size="xs" variant="default" onClick={() => setCancelling(false)}>
                Voltar
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button size="xs" variant="subtle" color="red" disabled={props.busy} onClick={() => setCancelling(true)}>
              Desmarcar {name}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A double booking in the review list: both bookings with their patients' contacts, and what
 * resolves it — move one to a free slot offered right here, cancel one, or keep both as an encaixe.
 * The card leaves the list only when the server no longer finds the clash; meanwhile, once this desk
 * resolved it, it says the change is on its way.
 */
export function ClashCard(props: {
  entry: ReviewEntry;
  description: EntryDescription;
  lookup: Lookup;
  /** Whether `lookup` was read for the list shown (before, the bookings are not known yet). */
  ready: boolean;
  run: RunOperation;
  /**
   * Called after a change made here (or when the clash is found gone here), to follow it until the
   * server settles the entry; `done` says what was done here ("A consulta de … foi movida para …").
   */
  onChanged: (done?: string) => void;
  where: string;
}) {
  const { entry, lookup } = props;
  const bookings = clashBookings(entry, lookup);
  const stands = !props.ready || clashStandsHere(bookings);
  const [busy, setBusy] = useState(false);
  const changed = useRef(props.onChanged);
  changed.current = props.onChanged;
  // Gone here already (moved on the agenda, or by another desk): follow it until the server agrees.
  useEffect(() => {
    if (!stands) changed.current();
  }, [stands]);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `review-${entry.id}`;

  const act = (work: () => Promise<string>) => {
    setBusy(true);
    setFailure(null);
    work().then(
      (message) => {
        setDone(message);
        setBusy(false);
        props.onChanged(message);
      },
      (error: unknown) => {
        setFailure(failureText(error));
        setBusy(false);
      },
    );
  };
  const listed = bookings[0]!;
  const keepBoth = () =>
    act(async () => {
      await moveAppointment(props.run, str(listed.id), {
        professional: str(listed.professional),
        startUtc: str(listed.startUtc),
        endUtc: str(listed.endUtc),
        overbooking: true,
      });
      return `Os dois agendamentos ficam no horário; a consulta de ${patientName(lookup, listed.patient)} é um encaixe.`;
    });

  return (
    <Paper component="article" withBorder p="md" aria-labelledby={titleId} data-testid="review-entry" data-clash="true">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={4} id={titleId}>
            Dois agendamentos no mesmo horário
          </Title>
          <Badge color="orange">Choque de horários</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {props.where}
        </Text>
        <Text size="sm">{props.description.explanation}</Text>
        {!props.ready ? null : stands ? (
          <>
            {bookings.map((booking) => (
              <BookingBlock
                key={str(booking.id)}
                booking={booking}
                lookup={lookup}
                run={props.run}
                busy={busy}
                onAction={act}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" disabled={busy} onClick={keepBoth}>
                Manter os dois (encaixe)
              </Button>
            </Group>
          </>
        ) : (
          <Alert color="green" role="status" data-testid="clash-pending" title="Choque resolvido">
            {done ? `${done} ` : ''}O aviso sai da lista assim que a alteração chegar ao servidor.
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" title="Não foi possível">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
