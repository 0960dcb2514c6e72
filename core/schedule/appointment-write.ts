/**
 * What the appointment operations share: loading one, checking the records it points at, placing its
 * times in the clinic's zone, and writing a status change through the transition table.
 */
import { users } from '#core/access/user.js';
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { missingReference, nowIso, requireRecord, requireReference } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { specialties } from '#core/specialty/specialty-record.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { appointments, type Appointment } from './appointment-record.js';
import { MAX_APPOINTMENT_MINUTES } from './occupancy.js';
import { requireTransition, type AppointmentAction } from './status.js';
import { inZone, utcKey } from './time.js';

/** The appointment with `id`, or 404 (also for another tenant's id). */
export function loadAppointment(store: Store, id: string): Promise<Stored<Appointment>> {
  return requireRecord(store.collection(appointments), id, 'Agendamento');
}

/** The clinic with `id` named by the input field `path`, or 400 naming it. */
export function loadClinic(store: Store, id: string, path = 'clinic'): Promise<Stored<Clinic>> {
  return requireReference(store.collection(clinics), id, 'Clínica', path);
}

/** @throws DomainError `validation` naming `path` unless `id` is an active user of the account. */
export async function requireProfessional(store: Store, id: string, path = 'professional'): Promise<void> {
  const user = await store.collection(users).get(id);
  if (!user?.active) throw missingReference('Profissional', path, id, 'não é profissional ativo desta conta');
}

/** The records an appointment points at, as the request names them. */
export interface AppointmentRefs {
  clinic: string;
  professional: string;
  patient: string;
  specialty?: string | undefined;
  events?: readonly string[] | undefined;
  insurance?: string | undefined;
  insurancePlan?: string | undefined;
  place?: string | undefined;
}

/**
 * Checks every record the appointment points at and answers its clinic.
 * @throws DomainError `not_found` naming the first missing field (404, as a path id: another
 *   account's id looks missing everywhere); `validation` for a plan or place the parent lacks.
 */
export async function checkRefs(store: Store, refs: AppointmentRefs): Promise<Stored<Clinic>> {
  const clinic = await loadClinic(store, refs.clinic);
  await requireProfessional(store, refs.professional);
  const patient = await store.collection(patients).get(refs.patient);
  if (!patient?.active) throw missingReference('Paciente', 'patient', refs.patient, 'não é paciente ativo desta conta');
  if (refs.specialty)
    await requireReference(store.collection(specialties), refs.specialty, 'Especialidade', 'specialty');
  for (const [i, event] of (refs.events ?? []).entries())
    await requireReference(store.collection(events), event, 'Evento', `events.${i}`);
  if (refs.insurance) {
    const insurance = await requireReference(store.collection(insurances), refs.insurance, 'Convênio', 'insurance');
    if (refs.insurancePlan && !insurance.plans.some((p) => p.id === refs.insurancePlan))
      throw new DomainError('validation', 'Plano não pertence ao convênio', [
        { path: 'insurancePlan', message: 'plano desconhecido' },
      ]);
  } else if (refs.insurancePlan) {
    throw new DomainError('validation', 'Informe o convênio do plano', [
      { path: 'insurance', message: 'obrigatório com insurancePlan' },
    ]);
  }
  if (refs.place && !clinic.places.some((p) => p.id === refs.place && p.active))
    throw new DomainError('validation', 'Local de atendimento desconhecido', [
      { path: 'place', message: 'não é um local ativo da clínica' },
    ]);
  return clinic;
}

/** `start`/`end` placed in the clinic's zone, with their UTC keys. */
export interface PlacedTimes {
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  timeZone: string;
}

/**
 * Places a requested range in the clinic's zone.
 * @throws DomainError `validation` naming `end` when it is not after `start` or the range exceeds
 *   {@link MAX_APPOINTMENT_MINUTES}.
 */
export function placeTimes(
  start: string,
  end: string,
  timeZone: string,
  maxMinutes = MAX_APPOINTMENT_MINUTES,
): PlacedTimes {
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (to <= from)
    throw new DomainError('validation', 'Requisição inválida', [
      { path: 'end', message: 'o fim deve ser depois do início' },
    ]);
  if (to - from > maxMinutes * 60_000)
    throw new DomainError('validation', 'Requisição inválida', [
      { path: 'end', message: `no máximo ${maxMinutes / 60} horas` },
    ]);
  return {
    start: inZone(start, timeZone),
    end: inZone(end, timeZone),
    startUtc: utcKey(start),
    endUtc: utcKey(end),
    timeZone,
  };
}

/**
 * Applies `action` of the transition table to the appointment and stores it in one transaction.
 *
 * @param afterWrite runs in the transaction once the record is written (e.g. the double-booking recheck).
 * @param change the record as the action leaves it, from the current one (status, history and
 *   `updatedAt` are set here on top).
 * @throws DomainError `not_found`; `invalid_transition` (409) when the table forbids the action;
 *   `conflict` when someone changed the appointment meanwhile.
 */
export async function transition(
  ctx: OperationContext,
  id: string,
  action: AppointmentAction,
  change: (current: Stored<Appointment>, tx: Store) => Appointment | Promise<Appointment> = (current) => current,
  reason?: string,
  afterWrite?: (saved: Stored<Appointment>, tx: Store) => Promise<void>,
): Promise<Stored<Appointment>> {
  return ctx.store.transaction(async (tx) => {
    const current = await loadAppointment(tx, id);
    const to = requireTransition(current.status, action);
    const at = nowIso(ctx);
    const changed = await change(current, tx);
    const history =
      to === current.status
        ? changed.history
        : [
            ...changed.history,
            { at, by: ctx.actor.id, from: current.status, to, action, ...(reason ? { reason } : {}) },
          ];
    const next: Appointment = { ...changed, status: to, history, updatedAt: at };
    const saved = await tx.collection(appointments).update(id, current._rev, next);
    await afterWrite?.(saved, tx);
    return saved;
  });
}
