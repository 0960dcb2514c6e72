import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { testActor } from '#core/common/testing.js';
import type { Clock } from '#core/clock.js';
import { isDomainError, type DomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { listPatients } from '#core/patient/patient-list-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { createAppointment, getAppointment } from '#core/schedule/appointment-ops.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { scheduleBlocks } from '#core/schedule/block-record.js';
import { receivables } from '#core/schedule/receivable-record.js';
import { scheduleSettings } from '#core/schedule/settings-record.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { specialties } from '#core/specialty/specialty-record.js';
import type { Database } from '#core/store/port.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { callTicket } from './call-ops.js';
import { moduleCollections } from '#core/module.js';
import { installOpened } from '#core/module-testing.js';
import { ticketModule } from './module.js';
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
  const collections = [
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
    ...moduleCollections(ticketModule),
  ];
  // The modules' declarations: the totem's grants on patients and appointments among them.
  installOpened(collections);
  database = await openRxdbDatabase({
    name: `totem-${Math.random().toString(36).slice(2)}`,
    storage: memoryStorage(),
    collections,
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

async function patientWithCpf(name: string, cpf: string, birthDate = '1980-05-17') {
  return (await run(createPatient, { name, cpf, birthDate })).patient.id;
}

async function book(patient: string, start: string, end: string) {
  return (await run(createAppointment, { clinic, professional, patient, start, end })).appointment;
}

describe('self check-in at the totem', () => {
  it('finds today’s appointments by CPF, showing only the first name, and checks one in with a ticket', async () => {
    const patient = await patientWithCpf('Maria Aparecida Souza', '529.982.247-25');
    const today = await book(patient, '2026-11-23T14:00:00Z', '2026-11-23T14:30:00Z');
    await book(patient, '2026-11-24T14:00:00Z', '2026-11-24T14:30:00Z'); // tomorrow: not shown

    const found = await run(totemLookup, { id: clinic, cpf: '52998224725', birthDate: '1980-05-17' }, totem);
    const shown = { id: today.id, start: '2026-11-23T11:00:00.000-03:00', time: '11:00', professional: 'Dra. Ana' };
    expect(found).toEqual({ firstName: 'Maria', priorityReason: null, appointments: [shown], checkedIn: [] });

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

    // Pressed twice: the same ticket, no second number, and the patient is told so.
    const again = await run(totemCheckIn, { id: clinic, appointment: today.id }, totem);
    expect(again.ticket.id).toBe(checked.ticket.id);
    expect(again).toMatchObject({ alreadyCheckedIn: true, message: 'Você já fez o check-in — senha N001' });
    // Back at the totem later: the appointment is shown as checked in, with its ticket, not offered again.
    expect(await run(totemLookup, { id: clinic, cpf: '52998224725', birthDate: '1980-05-17' }, totem)).toEqual({
      firstName: 'Maria',
      priorityReason: null,
      appointments: [],
      checkedIn: [{ ...shown, ticket: 'N001' }],
    });
  });

  it('gives a walk-in ticket to a patient without an appointment (and to an unknown CPF)', async () => {
    const patient = await patientWithCpf('João Pedro', '111.444.777-35');
    expect(await run(totemLookup, { id: clinic, cpf: '11144477735', birthDate: '1980-05-17' }, totem)).toEqual({
      firstName: 'João',
      priorityReason: null,
      appointments: [],
      checkedIn: [],
    });
    const walkIn = await run(
      totemCheckIn,
      { id: clinic, cpf: '11144477735', birthDate: '1980-05-17', priorityReason: 'lapInfant' },
      totem,
    );
    expect(walkIn.ticket).toMatchObject({ code: 'P001', class: 'priority', priorityReason: 'lapInfant', patient });
    expect(walkIn.ticket.appointment).toBeUndefined();

    expect(await run(totemLookup, { id: clinic, cpf: '390.533.447-05', birthDate: '1980-05-17' }, totem)).toEqual({
      firstName: null,
      priorityReason: null,
      appointments: [],
      checkedIn: [],
    });
    const anonymous = await run(totemCheckIn, { id: clinic }, totem);
    expect(anonymous.ticket.patient).toBeUndefined();
  });

  it('refuses a bad CPF, another day’s or another patient’s appointment, changing nothing', async () => {
    const patient = await patientWithCpf('Ana Clara', '868.051.990-18');
    const tomorrow = await book(patient, '2026-11-24T15:00:00Z', '2026-11-24T15:30:00Z');
    const bad = await failure(totemLookup, { id: clinic, cpf: '123.456.789-00', birthDate: '1980-05-17' });
    expect(bad.details.map((d) => d.path)).toEqual(['cpf']);
    expect((await failure(totemCheckIn, { id: clinic, appointment: tomorrow.id })).details[0]?.path).toBe(
      'appointment',
    );
    const today = await book(patient, '2026-11-23T16:00:00Z', '2026-11-23T16:30:00Z');
    const wrongCpf = await failure(totemCheckIn, { id: clinic, appointment: today.id, cpf: '529.982.247-25' });
    expect(wrongCpf.code).toBe('not_found');
    expect((await run(getAppointment, { id: today.id })).status).toBe(1);
  });

  it('asks a second factor: a CPF alone is refused, a wrong birth date reveals nothing and checks nothing in', async () => {
    const patient = await patientWithCpf('Beatriz Nunes Costa', '714.602.380-01', '1975-08-30');
    const today = await book(patient, '2026-11-23T17:00:00Z', '2026-11-23T17:30:00Z');
    const alone = await failure(totemLookup, { id: clinic, cpf: '71460238001' });
    expect(alone.code).toBe('validation');
    expect(alone.details.map((d) => d.path)).toEqual(['birthDate']);

    const unknown = await run(totemLookup, { id: clinic, cpf: '390.533.447-05', birthDate: '1975-08-30' }, totem);
    const wrong = await run(totemLookup, { id: clinic, cpf: '71460238001', birthDate: '1975-08-31' }, totem);
    expect(wrong).toEqual(unknown);
    expect(JSON.stringify(wrong)).not.toMatch(/Beatriz|17:00|14:00|Ana/);
    // A wrong appointment code with her CPF answers the same as well.
    const otherCode = await run(totemLookup, { id: clinic, cpf: '71460238001', appointment: uuidV7Ids.next() }, totem);
    expect(otherCode).toEqual(unknown);
    // A walk-in ticket with her CPF and a wrong date is anonymous: no name, not linked to her.
    const walkIn = await run(totemCheckIn, { id: clinic, cpf: '71460238001', birthDate: '1975-08-31' }, totem);
    expect(walkIn.firstName).toBeNull();
    expect(walkIn.ticket.patient).toBeUndefined();
    expect((await run(getAppointment, { id: today.id })).status).toBe(1);

    const right = await run(totemLookup, { id: clinic, cpf: '71460238001', birthDate: '1975-08-30' }, totem);
    expect(right).toMatchObject({ firstName: 'Beatriz', appointments: [{ id: today.id, time: '14:00' }] });
  });

  it('derives 60+ and 80+ from the birth date for patients with an appointment, and calls 80+ first', async () => {
    const other = (
      await run(createClinic, {
        name: 'Clínica Norte',
        openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '07:00', closes: '22:00' })),
        places: [{ name: 'Guichê 1', kind: 'desk' }],
      })
    ).clinic;
    const bookThere = async (name: string, cpf: string, birthDate: string, hour: number) => {
      const patient = await patientWithCpf(name, cpf, birthDate);
      const start = `2026-11-23T${hour}:00:00Z`;
      const end = `2026-11-23T${hour}:30:00Z`;
      return (await run(createAppointment, { clinic: other.id, professional, patient, start, end })).appointment;
    };
    // José turns 86 today (the clinic's calendar), Antônia is 88, Carla 62, Paula 35 and pregnant.
    const jose = await bookThere('José Ferreira', '153.509.460-56', '1940-11-23', 18);
    const antonia = await bookThere('Antônia Ribeiro', '600.451.580-96', '1938-02-10', 19);
    const carla = await bookThere('Carla Mendes', '248.438.034-80', '1964-01-05', 20);
    const paula = await bookThere('Paula Reis', '417.621.290-00', '1991-06-01', 21);
    const checkIn = async (a: { id: string }, extra: Record<string, string> = {}) => {
      now += 60_000;
      return (await run(totemCheckIn, { id: other.id, appointment: a.id, ...extra }, totem)).ticket;
    };
    const normal = await run(totemCheckIn, { id: other.id }, totem);
    const c = await checkIn(carla, { priorityReason: 'elderly80' }); // the record says 62: 60+, not 80+
    const p = await checkIn(paula, { priorityReason: 'pregnant' });
    const j = await checkIn(jose);
    expect(
      (await run(totemLookup, { id: other.id, cpf: '60045158096', birthDate: '1938-02-10' }, totem)).priorityReason,
    ).toBe('elderly80');
    const a = await checkIn(antonia, { priorityReason: 'elderly' }); // touched 60+: the record knows better
    expect([c, p, j, a].map((t) => [t.code, t.class, t.priorityReason])).toEqual([
      ['P001', 'priority', 'elderly'],
      ['P002', 'priority', 'pregnant'],
      ['P003', 'super', 'elderly80'],
      ['P004', 'super', 'elderly80'],
    ]);
    // Ratio 2: José and Antônia (80+, in arrival order) before Carla and Paula who came earlier; the
    // normal ticket after two priority calls.
    const order = [];
    for (let i = 0; i < 5; i++)
      order.push((await run(callTicket, { id: other.id, placeId: other.places[0]!.id })).ticket?.code);
    expect(order).toEqual(['P003', 'P004', normal.ticket.code, 'P001', 'P002']);
  });

  it('lets the totem do only this: no patient list, no appointment, no call', async () => {
    expect((await failure(listPatients, {})).code).toBe('forbidden');
    expect((await failure(callTicket, { id: clinic, placeId: 'x' })).code).toBe('forbidden');
    expect((await failure(getAppointment, { id: uuidV7Ids.next() })).code).toBe('forbidden');
  });
});
