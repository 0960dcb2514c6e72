import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, testActor, type MasterDataHarness } from '#core/common/testing.js';
import { createPlace } from '#core/clinic/places-ops.js';
import type { Clock } from '#core/clock.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { callTicket, getTicket, recallTicket, resetTicket, startTicket } from './call-ops.js';
import { getTicketControl, saveTicketControl } from './control-ops.js';
import { moduleCollections } from '#core/module.js';
import { ticketModule } from './module.js';
import { createTicket, createTicketForPlace } from './issue-ops.js';
import { listPanelTickets } from './panel-ops.js';

/** A clock the test moves; starts 2026-11-23 09:00 in São Paulo. */
function movingClock(iso = '2026-11-23T12:00:00.000Z'): Clock & { set(iso: string): void; tick(): void } {
  let now = Date.parse(iso);
  return { now: () => new Date(now), set: (at) => void (now = Date.parse(at)), tick: () => void (now += 1000) };
}

const clock = movingClock();
let h: MasterDataHarness;
beforeAll(async () => {
  h = await openMasterData(moduleCollections(ticketModule), clock);
});
afterAll(() => h.close());

async function clinicWithPlaces(timeZone = 'America/Sao_Paulo') {
  const { clinic } = await h.run(createClinic, { name: `Clínica ${Math.random()}`, timeZone });
  const desk = (await h.run(createPlace, { id: clinic.id, name: 'Guichê 1', kind: 'desk' })).place;
  const room = (await h.run(createPlace, { id: clinic.id, name: 'Consultório 2', kind: 'room', ticketPrefix: 'C' }))
    .place;
  return { clinic, desk, room };
}

async function issue(clinic: string, service: string, priorityReason?: 'elderly' | 'elderly80') {
  clock.tick();
  const { ticket } = await h.run(createTicket, { clinic, service, ...(priorityReason ? { priorityReason } : {}) });
  return ticket;
}

async function callNext(id: string, placeId: string) {
  clock.tick();
  return (await h.run(callTicket, { id, placeId })).ticket;
}

describe('issuing tickets', () => {
  it('numbers each service apart (N001, N002, P001) and restarts at the clinic’s midnight', async () => {
    clock.set('2026-11-23T12:00:00.000Z');
    const { clinic } = await clinicWithPlaces();
    expect((await issue(clinic.id, 'N')).code).toBe('N001');
    expect((await issue(clinic.id, 'N')).code).toBe('N002');
    const p = await issue(clinic.id, 'P', 'elderly');
    expect(p).toMatchObject({ code: 'P001', class: 'priority', status: 'waiting', day: '2026-11-23' });
    // 23:59 in São Paulo is already the 24th in UTC: still the same clinic day.
    clock.set('2026-11-24T02:59:00.000Z');
    expect((await issue(clinic.id, 'N')).code).toBe('N003');
    clock.set('2026-11-24T03:00:00.000Z');
    expect(await issue(clinic.id, 'N')).toMatchObject({ code: 'N001', day: '2026-11-24' });
    clock.set('2026-11-23T12:00:00.000Z');
  });

  it('reads the day in the clinic’s own zone (Manaus is an hour behind Brasília)', async () => {
    clock.set('2026-11-24T03:30:00.000Z');
    const { clinic } = await clinicWithPlaces('America/Manaus');
    expect((await issue(clinic.id, 'N')).day).toBe('2026-11-23');
    clock.set('2026-11-23T12:00:00.000Z');
  });

  it('makes 80+ super-priority and refuses unknown services, clinics and patients, storing nothing', async () => {
    const { clinic, room } = await clinicWithPlaces();
    expect((await issue(clinic.id, 'P', 'elderly80')).class).toBe('super');
    const bad = await h.failure(createTicket, { clinic: clinic.id, service: 'X' });
    expect(bad.code).toBe('validation');
    expect(bad.details.map((d) => d.path)).toEqual(['service']);
    const invalid = await h.failure(createTicket, { clinic: clinic.id, service: 'n', priorityReason: 'old' });
    expect(invalid.details.map((d) => d.path).sort()).toEqual(['priorityReason', 'service']);
    expect((await h.failure(createTicket, { clinic: 'nao-existe' })).details[0]?.path).toBe('clinic');
    const otherTenant = testActor(['*'], 't2');
    expect((await h.failure(createTicket, { clinic: clinic.id }, otherTenant)).code).toBe('not_found');
    expect((await h.failure(createTicket, { clinic: clinic.id, patient: 'ninguem' })).details[0]?.path).toBe('patient');
    const panel = await h.run(getTicketControl, { id: clinic.id });
    expect(panel.waiting.map((w) => [w.service, w.count])).toEqual([['P', 1]]);
    const forRoom = await h.run(createTicketForPlace, { id: clinic.id, placeId: room.id });
    expect(forRoom.ticket).toMatchObject({ code: 'C001', place: room.id, class: 'normal' });
  });

  it('uses the services a clinic saves, refusing repeated prefixes', async () => {
    const { clinic } = await clinicWithPlaces();
    const services = [
      { prefix: 'N', name: 'Normal' },
      { prefix: 'P', name: 'Prioritário', class: 'priority' as const },
      { prefix: 'E', name: 'Exames' },
    ];
    await h.run(saveTicketControl, { id: clinic.id, services, priorityRatio: 3 });
    expect((await issue(clinic.id, 'E')).code).toBe('E001');
    const control = await h.run(getTicketControl, { id: clinic.id });
    expect(control).toMatchObject({ priorityRatio: 3, services: [{ prefix: 'N' }, { prefix: 'P' }, { prefix: 'E' }] });
    const repeated = await h.failure(saveTicketControl, {
      id: clinic.id,
      services: [...services, { prefix: 'E', name: 'Outra' }],
      priorityRatio: 2,
    });
    expect(repeated.details.map((d) => d.path)).toEqual(['services.3.prefix']);
  });
});

describe('calling tickets', () => {
  it('calls super-priority first, then 2 priority per normal, oldest first, with times recorded', async () => {
    const { clinic, desk } = await clinicWithPlaces();
    for (let i = 0; i < 3; i++) await issue(clinic.id, 'N');
    await issue(clinic.id, 'P');
    await issue(clinic.id, 'P');
    await issue(clinic.id, 'P');
    await issue(clinic.id, 'P', 'elderly80');
    const order: string[] = [];
    for (;;) {
      const called = await callNext(clinic.id, desk.id);
      if (!called) break;
      order.push(called.code);
      expect(called).toMatchObject({ status: 'called', calledPlace: desk.id, calledBy: 'user-recepcao' });
      expect(Date.parse(called.calledAt!)).toBeGreaterThan(Date.parse(called.issuedAt));
    }
    expect(order).toEqual(['P004', 'P001', 'N001', 'P002', 'P003', 'N002', 'N003']);
    expect(await h.run(callTicket, { id: clinic.id, placeId: desk.id })).toEqual({
      message: 'Nenhuma senha aguardando',
      ticket: null,
    });
  });

  it('leaves a place’s own tickets to that place', async () => {
    const { clinic, desk, room } = await clinicWithPlaces();
    await h.run(createTicketForPlace, { id: clinic.id, placeId: room.id });
    expect(await callNext(clinic.id, desk.id)).toBeNull();
    expect((await callNext(clinic.id, room.id))?.code).toBe('C001');
  });

  it('calls a given ticket or patient, recalls, resets to the line and starts', async () => {
    const { clinic, desk, room } = await clinicWithPlaces();
    const { patient } = await h.run(createPatient, { name: 'Maria da Silva' });
    const n1 = await issue(clinic.id, 'N');
    clock.tick();
    const withPatient = (await h.run(createTicket, { clinic: clinic.id, patient: patient.id })).ticket;
    const byPatient = await h.run(callTicket, { id: clinic.id, placeId: room.id, patient: patient.id });
    expect(byPatient.ticket?.id).toBe(withPatient.id);
    const given = await h.run(callTicket, { id: clinic.id, placeId: desk.id, ticket: n1.id });
    expect(given.ticket?.code).toBe('N001');
    const again = await h.failure(callTicket, { id: clinic.id, placeId: desk.id, ticket: n1.id });
    expect(again.code).toBe('invalid_transition');

    clock.tick();
    const recalled = await h.run(recallTicket, { id: clinic.id, placeId: room.id });
    expect(recalled.ticket).toMatchObject({ id: withPatient.id, recalls: 1 });
    const panel = await h.run(listPanelTickets, { id: clinic.id });
    expect(panel.calls.map((c) => [c.code, c.placeName, c.recalls])).toEqual([
      ['N002', 'Consultório 2', 1],
      ['N001', 'Guichê 1', 0],
    ]);

    const reset = await h.run(resetTicket, { id: clinic.id, placeId: desk.id });
    expect(reset.ticket).toMatchObject({ id: n1.id, status: 'waiting', issuedAt: n1.issuedAt });
    expect(reset.ticket.calledAt).toBeUndefined();
    expect((await h.run(listPanelTickets, { id: clinic.id })).waiting).toBe(1);
    expect((await callNext(clinic.id, desk.id))?.id).toBe(n1.id);

    clock.tick();
    const started = await h.run(startTicket, { id: n1.id });
    expect(started.status).toBe('started');
    expect(Date.parse(started.startedAt!)).toBeGreaterThan(Date.parse(started.calledAt!));
    expect((await h.failure(startTicket, { id: n1.id })).code).toBe('invalid_transition');
    expect((await h.failure(resetTicket, { id: clinic.id, placeId: desk.id, ticket: n1.id })).code).toBe(
      'invalid_transition',
    );
    const control = await h.run(getTicketControl, { id: clinic.id });
    expect(control.places.map((p) => [p.name, p.current?.code])).toEqual([
      ['Guichê 1', 'N001'],
      ['Consultório 2', 'N002'],
    ]);
    expect((await h.run(getTicket, { id: n1.id })).recalls).toBe(0);
  });

  it('answers the same 404 for another account’s clinic, place or ticket', async () => {
    const { clinic, desk } = await clinicWithPlaces();
    const t = await issue(clinic.id, 'N');
    const other = testActor(['*'], 't2');
    expect((await h.failure(callTicket, { id: clinic.id, placeId: desk.id }, other)).code).toBe('not_found');
    expect((await h.failure(getTicket, { id: t.id }, other)).code).toBe('not_found');
    expect((await h.failure(callTicket, { id: clinic.id, placeId: 'x' })).details[0]?.path).toBe('placeId');
    const noPermission = testActor(['clinic:read']);
    expect((await h.failure(callTicket, { id: clinic.id, placeId: desk.id }, noPermission)).code).toBe('forbidden');
  });
});
