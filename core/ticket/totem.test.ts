import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '../access/user.js';
import type { Actor } from '../actor.js';
import { createClinic } from '../clinic/clinic-ops.js';
import { clinics, events } from '../clinic/index.js';
import { testActor } from '../clinic/common/testing.js';
import type { Clock } from '../clock.js';
import { isDomainError, type DomainError } from '../errors.js';
import { uuidV7Ids } from '../ids.js';
import { insurances } from '../insurance/insurance-record.js';
import { memoryNumberSource } from '../numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '../operation.js';
import { memoryOutbox } from '../outbox.js';
import { createPatient } from '../patient/patient-ops.js';
import { listPatients } from '../patient/patient-list.js';
import { patients } from '../patient/patient-record.js';
import { createAppointment, getAppointment } from '../schedule/appointment-ops.js';
import { appointments, receivables, scheduleBlocks, scheduleSettings } from '../schedule/index.js';
import { professionalRecord } from '../schedule/testing.js';
import { specialties } from '../specialty/specialty-record.js';
import type { Database } from '../store/port.js';
import { memoryStorage, openRxdbDatabase } from '../store/rxdb/index.js';
import { callTicket } from './call-ops.js';
import { ticketCollections } from './index.js';
import { totemCheckIn, totemLookup } from './totem-ops.js';

let now = Date.parse('2026-11-23T12:00:00.000Z'); // 09:00 in São Paulo
const clock: Clock = { now: () => new Date(now) };
let database: Database;
let clinic: string;
let professional: string;
let ctx: OperationContext;
const numbers = memoryNumberSource();
/** The kiosk's key: exactly the permissions of the totem role. */
const totem: Actor = testActor(['attendance:read', 'attendance:write', 'ticket:read', 'clinic:read', 'account:read']);

const contextFor = (actor: Actor): OperationContext => ({
  store: database.forTenant(actor.tenantId),
  actor,
  clock,
  ids: uuidV7Ids,
  outbox: memoryOutbox(),
  numbers,
});
const run = <I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  input: z.input<I>,
  actor: Actor = testActor(),
) => invoke(op, contextFor(actor), input);
async function failure(op: Operation, input: unknown, actor: Actor = totem): Promise<DomainError> {
  try {
    await invoke(op, contextFor(actor), input);
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error(`${op.name} should have failed`);
}

beforeAll(async () => {
  database = await openRxdbDatabase({
    name: `totem-${Math.random().toString(36).slice(2)}`,
    storage: memoryStorage(),
    collections: [
      clinics,
      events,
      patients,
      specialties,
      insurances,
      users,
      appointments,
      scheduleBlocks,
      scheduleSettings,
      receivables,
      ...ticketCollections,
    ],
    multiInstance: false,
  });
  ctx = contextFor(testActor());
  clinic = (
    await run(createClinic, {
      name: 'Clínica Central',
      openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '07:00', closes: '22:00' })),
    })
  ).clinic.id;
  professional = uuidV7Ids.next();
  await ctx.store.collection(users).insert(professionalRecord(professional, 't1', 'Dra. Ana Lima'));
});
afterAll(() => database.close());

async function patientWithCpf(name: string, cpf: string) {
  return (await run(createPatient, { name, cpf })).patient.id;
}

async function book(patient: string, start: string, end: string) {
  return (await run(createAppointment, { clinic, professional, patient, start, end })).appointment;
}

describe('self check-in at the totem', () => {
  it('finds today’s appointments by CPF, showing only the first name, and checks one in with a ticket', async () => {
    const patient = await patientWithCpf('Maria Aparecida Souza', '529.982.247-25');
    const today = await book(patient, '2026-11-23T14:00:00Z', '2026-11-23T14:30:00Z');
    await book(patient, '2026-11-24T14:00:00Z', '2026-11-24T14:30:00Z'); // tomorrow: not shown

    const found = await run(totemLookup, { id: clinic, cpf: '52998224725' }, totem);
    expect(found).toEqual({
      firstName: 'Maria',
      appointments: [{ id: today.id, start: '2026-11-23T11:00:00.000-03:00', time: '11:00', professional: 'Dra. Ana' }],
    });

    now += 60_000;
    const checked = await run(totemCheckIn, { id: clinic, appointment: today.id, cpf: '529.982.247-25' }, totem);
    expect(checked.ticket).toMatchObject({
      code: 'N001',
      status: 'waiting',
      patient,
      appointment: today.id,
      issuedAt: '2026-11-23T12:01:00.000+00:00',
    });
    expect(checked.firstName).toBe('Maria');
    // The same check-in as the reception's: the appointment waits, its history says who and when.
    const appointment = await run(getAppointment, { id: today.id });
    expect(appointment.status).toBe(2);
    expect(appointment.history.at(-1)).toMatchObject({ action: 'checkIn', by: totem.id, from: 1, to: 2 });

    // Pressed twice: the same ticket, no second number; the appointment is no longer offered.
    const again = await run(totemCheckIn, { id: clinic, appointment: today.id }, totem);
    expect(again.ticket.id).toBe(checked.ticket.id);
    expect((await run(totemLookup, { id: clinic, cpf: '52998224725' }, totem)).appointments).toEqual([]);
  });

  it('gives a walk-in ticket to a patient without an appointment (and to an unknown CPF)', async () => {
    const patient = await patientWithCpf('João Pedro', '111.444.777-35');
    expect(await run(totemLookup, { id: clinic, cpf: '11144477735' }, totem)).toEqual({
      firstName: 'João',
      appointments: [],
    });
    const walkIn = await run(
      totemCheckIn,
      { id: clinic, cpf: '11144477735', service: 'P', priorityReason: 'elderly' },
      totem,
    );
    expect(walkIn.ticket).toMatchObject({ code: 'P001', class: 'priority', patient });
    expect(walkIn.ticket.appointment).toBeUndefined();

    expect(await run(totemLookup, { id: clinic, cpf: '390.533.447-05' }, totem)).toEqual({
      firstName: null,
      appointments: [],
    });
    const anonymous = await run(totemCheckIn, { id: clinic }, totem);
    expect(anonymous.ticket.patient).toBeUndefined();
  });

  it('refuses a bad CPF, another day’s or another patient’s appointment, changing nothing', async () => {
    const patient = await patientWithCpf('Ana Clara', '868.051.990-18');
    const tomorrow = await book(patient, '2026-11-24T15:00:00Z', '2026-11-24T15:30:00Z');
    const bad = await failure(totemLookup, { id: clinic, cpf: '123.456.789-00' });
    expect(bad.details.map((d) => d.path)).toEqual(['cpf']);
    expect((await failure(totemCheckIn, { id: clinic, appointment: tomorrow.id })).details[0]?.path).toBe(
      'appointment',
    );
    const today = await book(patient, '2026-11-23T16:00:00Z', '2026-11-23T16:30:00Z');
    const wrongCpf = await failure(totemCheckIn, { id: clinic, appointment: today.id, cpf: '529.982.247-25' });
    expect(wrongCpf.code).toBe('not_found');
    expect((await run(getAppointment, { id: today.id })).status).toBe(1);
  });

  it('lets the totem do only this: no patient list, no appointment, no call', async () => {
    expect((await failure(listPatients, {})).code).toBe('forbidden');
    expect((await failure(callTicket, { id: clinic, placeId: 'x' })).code).toBe('forbidden');
    expect((await failure(getAppointment, { id: uuidV7Ids.next() })).code).toBe('forbidden');
  });
});
