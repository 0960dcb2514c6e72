/**
 * The agenda's "Chamar" at a place calls the ticket the patient took at the totem: real RxDB, the
 * totem's own check-in, the panel's own list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, testActor, type MasterDataHarness } from '#core/common/testing.js';
import { createPlace } from '#core/clinic/places-ops.js';
import type { Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { invoke } from '#core/operation.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { attendAppointment, callAppointment, startAttendance } from '#core/schedule/appointment-flow-ops.js';
import { createAppointment, getAppointment } from '#core/schedule/appointment-ops.js';
import { moduleCollections } from '#core/module.js';
import { scheduleModule } from '#core/schedule/module.js';
import { STATUS } from '#core/schedule/status.js';
import { professionalRecord } from '#core/schedule/testing.js';
import { callTicket, getTicket } from './call-ops.js';
import { ticketModule } from './module.js';
import { listPanelTickets } from './panel-ops.js';
import { tickets } from './ticket-record.js';
import { totemCheckIn } from './totem-ops.js';

let now = Date.parse('2026-11-23T12:00:00.000Z'); // 09:00 in São Paulo
const clock: Clock = { now: () => new Date(now) };
const totem: Actor = testActor(['attendance:read', 'attendance:write', 'ticket:read', 'clinic:read', 'account:read']);
/** Someone who runs the agenda but not the ticket queue. */
const agendaOnly: Actor = testActor(['appointment:read', 'appointment:write', 'ticket:read', 'clinic:read']);

let h: MasterDataHarness;
let clinic: string;
let desk: string;
let room: string;
let professional: string;
let slot = 0;

beforeAll(async () => {
  h = await openMasterData([users, ...moduleCollections(scheduleModule, ticketModule)], clock);
  clinic = (
    await h.run(createClinic, {
      name: 'Clínica Central',
      openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '07:00', closes: '22:00' })),
    })
  ).clinic.id;
  desk = (await h.run(createPlace, { id: clinic, name: 'Guichê 2', kind: 'desk' })).place.id;
  room = (await h.run(createPlace, { id: clinic, name: 'Consultório 3', kind: 'room' })).place.id;
  professional = uuidV7Ids.next();
  await h.ctx.store.collection(users).insert(professionalRecord(professional, 't1', 'Dra. Ana Lima'));
});
afterAll(() => h.close());

/** Books a new patient today, each case on its own half hour: the appointment. */
async function bookedToday(name: string) {
  const patient = (await h.run(createPatient, { name })).patient.id;
  const start = Date.parse('2026-11-23T14:00:00Z') + slot++ * 1_800_000;
  const { appointment } = await h.run(createAppointment, {
    clinic,
    professional,
    patient,
    start: new Date(start).toISOString(),
    end: new Date(start + 1_800_000).toISOString(),
  });
  return appointment;
}

/** Books today and checks in at the totem: the appointment and its ticket. */
async function checkedInAtTotem(name: string) {
  const appointment = await bookedToday(name);
  now += 60_000;
  const { ticket } = await h.run(totemCheckIn, { id: clinic, appointment: appointment.id }, totem);
  now += 60_000;
  return { appointment: appointment.id, ticket: ticket.id, code: ticket.code };
}

/** The appointment's status and its ticket's, to show that a refusal changed neither. */
async function states(a: { appointment: string; ticket: string }) {
  const appointment = await h.run(getAppointment, { id: a.appointment });
  const ticket = await h.run(getTicket, { id: a.ticket });
  return { appointment: appointment.status, history: appointment.history.length, ticket: ticket.status };
}

describe('appointment.call at a place', () => {
  it('calls the totem ticket at that place: the panel shows its code and the place', async () => {
    const a = await checkedInAtTotem('Maria Aparecida Souza');
    const called = await h.run(callAppointment, { id: a.appointment, placeId: desk });
    expect(called.status).toBe(STATUS.called);
    expect(called.ticket).toEqual({
      id: a.ticket,
      code: a.code,
      place: desk,
      placeName: 'Guichê 2',
      calledAt: new Date(now).toISOString().replace('Z', '+00:00'),
    });

    const ticket = await h.run(getTicket, { id: a.ticket });
    expect(ticket).toMatchObject({ status: 'called', calledPlace: desk, calledBy: 'user-recepcao' });
    expect(ticket.calledAt).toBe(called.ticket!.calledAt);
    const panel = await h.run(listPanelTickets, { id: clinic });
    expect(panel.calls[0]).toMatchObject({ ticket: a.ticket, code: a.code, placeName: 'Guichê 2', recalls: 0 });

    // Called again from the agenda (the patient did not come): the appointment's call repeats, the
    // ticket already called stays as it is (recalling it is the queue's "Rechamar").
    now += 60_000;
    const again = await h.run(callAppointment, { id: a.appointment, placeId: desk });
    expect(again.status).toBe(STATUS.called);
    expect(again.ticket).toBeUndefined();
    expect((await h.run(getTicket, { id: a.ticket })).calledAt).toBe(ticket.calledAt);
  });

  it('without placeId calls the appointment only, exactly as before', async () => {
    const a = await checkedInAtTotem('João Pedro Alves');
    const before = await h.run(listPanelTickets, { id: clinic });
    const called = await h.run(callAppointment, { id: a.appointment });
    expect(called.status).toBe(STATUS.called);
    expect('ticket' in called).toBe(false);
    expect((await h.run(getTicket, { id: a.ticket })).status).toBe('waiting');
    expect(await h.run(listPanelTickets, { id: clinic })).toEqual(before);
  });

  it('gives the desk’s “Chegou” a ticket in the one queue: the panel counts it and the agenda’s call reaches it', async () => {
    const before = await h.run(listPanelTickets, { id: clinic });
    const appointment = await bookedToday('Ana Clara Dias');
    const arrived = await h.run(attendAppointment, { id: appointment.id });
    expect(arrived.status).toBe(STATUS.waiting);
    const ticket = await h.run(getTicket, { id: arrived.ticket!.id });
    expect(ticket).toMatchObject({ code: arrived.ticket!.code, appointment: appointment.id, status: 'waiting' });
    expect((await h.run(listPanelTickets, { id: clinic })).waiting).toBe(before.waiting + 1);

    const called = await h.run(callAppointment, { id: appointment.id, placeId: desk });
    expect(called.ticket).toMatchObject({ code: ticket.code, placeName: 'Guichê 2' });
    const panel = await h.run(listPanelTickets, { id: clinic });
    expect(panel.waiting).toBe(before.waiting);
    expect(panel.calls[0]).toMatchObject({ code: ticket.code, placeName: 'Guichê 2' });
  });

  it('takes the ticket out of the line when the attendance starts without a call on the panel', async () => {
    const appointment = await bookedToday('Rita de Cássia Moura');
    const arrived = await h.run(attendAppointment, { id: appointment.id });
    const before = await h.run(listPanelTickets, { id: clinic });
    now += 60_000;
    await h.run(startAttendance, { id: appointment.id });
    expect(await h.run(getTicket, { id: arrived.ticket!.id })).toMatchObject({ status: 'started' });
    expect((await h.run(listPanelTickets, { id: clinic })).waiting).toBe(before.waiting - 1);
  });

  it('still records the arrival when an offline desk has no ticket number of the day left', async () => {
    const appointment = await bookedToday('Sérgio Tavares');
    const offline = {
      next: () => Promise.reject(new DomainError('conflict', 'Sem números disponíveis offline')),
    };
    const arrived = await invoke(attendAppointment, { ...h.ctx, numbers: offline }, { id: appointment.id });
    expect(arrived.status).toBe(STATUS.waiting);
    expect(arrived.ticket).toBeUndefined();
  });

  it('makes the desk’s arrival of an 80+ patient super-priority from the record, and takes a declared reason', async () => {
    const elder = (await h.run(createPatient, { name: 'José Ferreira', birthDate: '1940-11-23' })).patient.id;
    const start = Date.parse('2026-11-23T14:00:00Z') + slot++ * 1_800_000;
    const { appointment } = await h.run(createAppointment, {
      clinic,
      professional,
      patient: elder,
      start: new Date(start).toISOString(),
      end: new Date(start + 1_800_000).toISOString(),
    });
    const arrived = await h.run(attendAppointment, { id: appointment.id });
    expect(await h.run(getTicket, { id: arrived.ticket!.id })).toMatchObject({
      class: 'super',
      priorityReason: 'elderly80',
    });
    const pregnant = await bookedToday('Paula Reis');
    const declared = await h.run(attendAppointment, { id: pregnant.id, priorityReason: 'pregnant' });
    expect(await h.run(getTicket, { id: declared.ticket!.id })).toMatchObject({
      class: 'priority',
      priorityReason: 'pregnant',
    });
  });

  it('refuses a caller without ticket:write, naming placeId, and changes nothing', async () => {
    const a = await checkedInAtTotem('Carlos Eduardo Lima');
    const before = await states(a);
    const refused = await h.failure(callAppointment, { id: a.appointment, placeId: desk }, agendaOnly);
    expect(refused.code).toBe('forbidden');
    expect(refused.details.map((d) => d.path)).toEqual(['placeId']);
    expect(await states(a)).toEqual(before);
    // The appointment's own call stays theirs.
    expect((await h.run(callAppointment, { id: a.appointment }, agendaOnly)).status).toBe(STATUS.called);
  });

  it('refuses an unknown place (404 naming placeId) and changes nothing', async () => {
    const a = await checkedInAtTotem('Beatriz Nunes');
    const before = await states(a);
    const unknown = await h.failure(callAppointment, { id: a.appointment, placeId: 'nao-existe' });
    expect(unknown.code).toBe('not_found');
    expect(unknown.details.map((d) => d.path)).toEqual(['placeId']);
    expect(await states(a)).toEqual(before);
  });

  it('leaves a ticket issued for another place to that place, changing nothing', async () => {
    const a = await checkedInAtTotem('Rafael Moreira');
    // A ticket bound to the room, as another installation may have stored it.
    const col = h.ctx.store.collection(tickets);
    const stored = (await col.get(a.ticket))!;
    await col.update(stored.id, stored._rev, { ...stored, place: room });
    const before = await states(a);

    const refused = await h.failure(callAppointment, { id: a.appointment, placeId: desk });
    expect(refused.code).toBe('validation');
    expect(refused.details.map((d) => d.path)).toEqual(['placeId']);
    expect(await states(a)).toEqual(before);
    // The queue's call of that given ticket follows the same rule.
    const byQueue = await h.failure(callTicket, { id: clinic, placeId: desk, ticket: a.ticket });
    expect(byQueue.details.map((d) => d.path)).toEqual(['placeId']);

    const byRoom = await h.run(callAppointment, { id: a.appointment, placeId: room });
    expect(byRoom.ticket).toMatchObject({ code: a.code, placeName: 'Consultório 3' });
    expect((await h.run(listPanelTickets, { id: clinic })).calls[0]).toMatchObject({ placeName: 'Consultório 3' });
  });
});
