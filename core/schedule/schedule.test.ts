import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '#core/common/testing.js';
import { removeAppointment } from './appointment-flow-ops.js';
import { generateFinanceRecord, setCopart } from './appointment-money-ops.js';
import { createAppointment, editAppointment, getAppointment } from './appointment-ops.js';
import { createSelfAppointment, getAvailability } from './availability-ops.js';
import { createBlock, listBlocks, unlockBlocks } from './block-ops.js';
import { confirmAppointment, unconfirmAppointment } from './confirmation-ops.js';
import { notifyByEmail, notifyByWhatsapp } from './notification-ops.js';
import { validateReturn } from './return-check-ops.js';
import { listAppointments } from './schedule-view-ops.js';
import { saveScheduleSettings } from './settings-ops.js';
import { acceptShare, listShares, shareSchedule } from './sharing-ops.js';
import { openSchedule, type ScheduleHarness } from './testing.js';
import { createWaitListEntry, removeWaitListEntry, waitListMatches } from './wait-list-ops.js';
import { STATUS } from './status.js';
import { appointments } from './appointment-record.js';

let h: ScheduleHarness;
beforeAll(async () => {
  h = await openSchedule();
});
afterAll(() => h.close());

const book = (start: string, end: string, extra: Record<string, unknown> = {}) =>
  h.run(createAppointment, {
    clinic: h.clinic,
    professional: h.professionals[0],
    patient: h.patient,
    start,
    end,
    ...extra,
  });

describe('booking', () => {
  it('keeps the clinic offset on the wire, whatever offset the caller sent', async () => {
    const { message, appointment } = await book('2026-11-24T12:00:00Z', '2026-11-24T12:30:00Z');
    expect(message).toBe('Agendamento criado');
    expect(appointment).toMatchObject({
      start: '2026-11-24T09:00:00.000-03:00',
      end: '2026-11-24T09:30:00.000-03:00',
      status: STATUS.scheduled,
      patientConfirmation: { confirmed: false, at: null, channel: null },
      overbooking: false,
      selfBooked: false,
    });
    expect(appointment).not.toHaveProperty('startUtc');
  });

  it('refuses an overlapping slot with 409 naming start, and accepts it as an explicit encaixe', async () => {
    await book('2026-11-24T10:00:00-03:00', '2026-11-24T10:30:00-03:00');
    const error = await h.failure(createAppointment, {
      clinic: h.clinic,
      professional: h.professionals[0],
      patient: h.patient,
      start: '2026-11-24T10:15:00-03:00',
      end: '2026-11-24T10:45:00-03:00',
    });
    expect(error.code).toBe('conflict');
    expect(error.details[0]?.path).toBe('start');
    const { appointment } = await book('2026-11-24T10:15:00-03:00', '2026-11-24T10:45:00-03:00', { overbooking: true });
    expect(appointment.overbooking).toBe(true);
    // Back to back is not an overlap; another professional is free at that time.
    await book('2026-11-24T10:30:00-03:00', '2026-11-24T11:00:00-03:00');
    await h.run(createAppointment, {
      clinic: h.clinic,
      professional: h.professionals[1],
      patient: h.patient,
      start: '2026-11-24T10:00:00-03:00',
      end: '2026-11-24T10:30:00-03:00',
    });
  });

  it('names every bad field and stores nothing', async () => {
    const error = await h.failure(createAppointment, { clinic: h.clinic, start: '24/11/2026 10:00', end: 'x' });
    expect(error.code).toBe('validation');
    expect(error.details.map((d) => d.path)).toEqual(
      expect.arrayContaining(['professional', 'patient', 'start', 'end']),
    );
    const reversed = await h.failure(createAppointment, {
      clinic: h.clinic,
      professional: h.professionals[0],
      patient: h.patient,
      start: '2026-11-24T15:00:00-03:00',
      end: '2026-11-24T14:00:00-03:00',
    });
    expect(reversed.details[0]?.path).toBe('end');
  });

  it('answers 400 naming an unknown professional, 400 for a malformed appointment id, 404 for an unknown one', async () => {
    const error = await h.failure(createAppointment, {
      clinic: h.clinic,
      professional: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b',
      patient: h.patient,
      start: '2026-11-24T15:00:00-03:00',
      end: '2026-11-24T15:30:00-03:00',
    });
    expect([error.code, error.details[0]?.path]).toEqual(['validation', 'professional']);
    expect(error.message).toBe('Profissional não encontrado');
    expect((await h.failure(getAppointment, { id: 'abc' })).code).toBe('validation');
    expect((await h.failure(getAppointment, { id: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b' })).code).toBe('not_found');
  });

  it('moving into an occupied slot is 409; cancelling frees the slot for another booking', async () => {
    const { appointment: a } = await book('2026-11-25T09:00:00-03:00', '2026-11-25T09:30:00-03:00');
    const { appointment: b } = await book('2026-11-25T09:30:00-03:00', '2026-11-25T10:00:00-03:00');
    const move = {
      id: b.id,
      clinic: h.clinic,
      professional: h.professionals[0],
      patient: h.patient,
      start: a.start,
      end: a.end,
    };
    expect((await h.failure(editAppointment, move)).code).toBe('conflict');
    const cancelled = await h.run(removeAppointment, { id: a.id, reason: 'Paciente viajou' });
    expect(cancelled).toMatchObject({ status: STATUS.cancelledByPatient, cancellation: { reason: 'Paciente viajou' } });
    const moved = await h.run(editAppointment, move);
    expect(moved.start).toBe(a.start);
    expect(moved.history.at(-1)).toMatchObject({ action: 'move' });
  });

  it('lists a day in start order, without cancelled ones unless asked', async () => {
    const day = await h.run(listAppointments, {
      clinic: h.clinic,
      professional: h.professionals[0],
      date: '2026-11-25',
    });
    expect(day.items.map((a) => a.start)).toEqual(['2026-11-25T09:00:00.000-03:00']);
    const all = await h.run(listAppointments, {
      clinic: h.clinic,
      date: '2026-11-25',
      includeCancelled: true,
      limit: 1,
    });
    expect(all.items).toHaveLength(1);
    expect(all.next).not.toBeNull();
    const rest = await h.run(listAppointments, {
      clinic: h.clinic,
      date: '2026-11-25',
      includeCancelled: true,
      cursor: all.next!,
    });
    expect(rest.items).toHaveLength(1);
    expect(rest.next).toBeNull();
  });
});

describe('patient confirmation', () => {
  it('confirms and unconfirms idempotently, by channel, without touching the status', async () => {
    const { appointment } = await book('2026-11-26T09:00:00-03:00', '2026-11-26T09:30:00-03:00');
    await h.run(confirmAppointment, { id: appointment.id, channel: 'whatsapp' });
    await h.run(confirmAppointment, { id: appointment.id });
    let now = await h.run(getAppointment, { id: appointment.id });
    expect(now.patientConfirmation).toMatchObject({ confirmed: true, channel: 'whatsapp' });
    expect(now.status).toBe(STATUS.scheduled);
    await h.run(unconfirmAppointment, { id: appointment.id });
    await h.run(unconfirmAppointment, { id: appointment.id });
    now = await h.run(getAppointment, { id: appointment.id });
    expect(now.patientConfirmation).toMatchObject({ confirmed: false, channel: 'reception' });
    await h.run(removeAppointment, { id: appointment.id, reason: 'x', cancelledBy: 'clinic' });
    const error = await h.failure(unconfirmAppointment, { id: appointment.id });
    expect([error.code, error.details[0]?.path]).toEqual(['validation', 'patientConfirmation']);
  });

  it('queues the confirmation request by e-mail and WhatsApp through the outbox', async () => {
    const { appointment } = await book('2026-11-26T10:00:00-03:00', '2026-11-26T10:30:00-03:00');
    await h.run(notifyByEmail, { id: appointment.id, confirmUrl: 'https://portal.example.com/c/1' });
    await h.run(notifyByWhatsapp, { id: appointment.id });
    expect(h.messages.slice(-2)).toMatchObject([
      {
        channel: 'email',
        to: 'carla@example.com',
        template: 'appointment.confirmation',
        data: { when: 'quinta-feira, 26/11/2026 às 10:00', confirmUrl: 'https://portal.example.com/c/1' },
      },
      { channel: 'whatsapp', to: '+5511987654321' },
    ]);
    const noEmail = await h.newPatient('Sem Contato');
    const { appointment: other } = await book('2026-11-26T11:00:00-03:00', '2026-11-26T11:30:00-03:00', {
      patient: noEmail,
    });
    expect((await h.failure(notifyByEmail, { id: other.id })).details[0]?.path).toBe('patient.email');
  });
});

describe('blocks and availability', () => {
  it('blocks recurring lunch hours, refuses bookings in them, and frees them on unlock', async () => {
    const { blocks, message } = await h.run(createBlock, {
      professional: h.professionals[1],
      clinic: h.clinic,
      start: '2026-11-30T12:00:00-03:00',
      end: '2026-11-30T13:00:00-03:00',
      reason: 'Almoço',
      recurrence: { frequency: 'weekly', until: '2026-12-06', weekdays: [1, 2, 3, 4, 5] },
    });
    expect(message).toBe('5 horários bloqueados');
    expect(blocks.map((b) => b.start.slice(0, 16))).toContain('2026-12-04T12:00');
    const error = await h.failure(createAppointment, {
      clinic: h.clinic,
      professional: h.professionals[1],
      patient: h.patient,
      start: '2026-12-02T12:30:00-03:00',
      end: '2026-12-02T13:00:00-03:00',
    });
    expect(error.code).toBe('conflict');
    const free = await h.run(getAvailability, {
      clinic: h.clinic,
      professional: h.professionals[1],
      date: '2026-12-02',
      days: 1,
    });
    expect(free.slotMinutes).toBe(30);
    expect(free.slots.map((s) => s.start.slice(11, 16))).not.toContain('12:00');
    expect(free.slots).toHaveLength(18);
    const unlocked = await h.run(unlockBlocks, { series: blocks[0]!.series });
    expect(unlocked.removed).toBe(5);
    expect((await h.run(listBlocks, { professional: h.professionals[1], date: '2026-11-30' })).items).toEqual([]);
  });

  it('self booking takes only a free slot of the configured length', async () => {
    await h.run(saveScheduleSettings, {
      clinic: h.clinic,
      professional: h.professionals[1],
      slotMinutes: 20,
      workingHours: [{ weekday: 4, start: '14:00', end: '15:00' }],
    });
    const free = await h.run(getAvailability, {
      clinic: h.clinic,
      professional: h.professionals[1],
      date: '2026-12-03',
      days: 1,
    });
    expect(free.slots.map((s) => s.start.slice(11, 16))).toEqual(['14:00', '14:20', '14:40']);
    const { appointment } = await h.run(createSelfAppointment, {
      clinic: h.clinic,
      professional: h.professionals[1],
      patient: h.patient,
      start: '2026-12-03T14:20:00-03:00',
    });
    expect(appointment).toMatchObject({ selfBooked: true, end: '2026-12-03T14:40:00.000-03:00' });
    const taken = await h.failure(createSelfAppointment, {
      clinic: h.clinic,
      professional: h.professionals[1],
      patient: h.patient,
      start: '2026-12-03T14:20:00-03:00',
    });
    expect(taken.code).toBe('conflict');
    const offGrid = await h.failure(createSelfAppointment, {
      clinic: h.clinic,
      professional: h.professionals[1],
      patient: h.patient,
      start: '2026-12-03T14:10:00-03:00',
    });
    expect(offGrid.details[0]?.message).toContain('14:00, 14:40');
  });
});

describe('money, returns, wait list, sharing', () => {
  it('generates one receivable per appointment from its copart', async () => {
    const { appointment } = await book('2026-11-27T09:00:00-03:00', '2026-11-27T09:30:00-03:00');
    await h.run(setCopart, { id: appointment.id, copart: 35.1 });
    const { receivable } = await h.run(generateFinanceRecord, { id: appointment.id });
    expect(receivable).toMatchObject({
      amount: 35.1,
      dueDate: '2026-11-27',
      status: 'open',
      appointment: appointment.id,
    });
    expect((await h.failure(generateFinanceRecord, { id: appointment.id, amount: 10 })).code).toBe('conflict');
    expect((await h.run(getAppointment, { id: appointment.id })).receivable).toBe(receivable.id);
  });

  it('a visit within the window after an attended one is a return', async () => {
    const patient = await h.newPatient('Diego Ramos');
    const first = await book('2026-11-02T09:00:00-03:00', '2026-11-02T09:30:00-03:00', { patient });
    const col = h.ctx.store.collection(appointments);
    const stored = (await col.get(first.appointment.id))!;
    await col.update(stored.id, stored._rev, { ...stored, status: STATUS.attended });
    const second = await book('2026-11-28T09:00:00-03:00', '2026-11-28T09:30:00-03:00', { patient });
    expect(await h.run(validateReturn, { id: second.appointment.id })).toMatchObject({
      isReturn: true,
      windowDays: 30,
      previous: { id: first.appointment.id },
    });
    const late = await book('2026-12-10T09:00:00-03:00', '2026-12-10T09:30:00-03:00', { patient });
    expect((await h.run(validateReturn, { id: late.appointment.id })).isReturn).toBe(false);
  });

  it('lists the wait-list entries that fit a freed slot, most urgent first', async () => {
    const { appointment } = await book('2026-11-30T08:00:00-03:00', '2026-11-30T08:30:00-03:00');
    const [p1, p2, p3] = [await h.newPatient('Eva'), await h.newPatient('Fábio'), await h.newPatient('Gil')];
    const morning = [{ weekdays: [1], from: '07:00', to: '12:00' }];
    await h.run(createWaitListEntry, { patient: p1, professional: h.professionals[0], periods: morning });
    const urgent = (
      await h.run(createWaitListEntry, { patient: p2, professional: h.professionals[0], priority: 'urgent' })
    ).entry;
    await h.run(createWaitListEntry, {
      patient: p3,
      professional: h.professionals[0],
      periods: [{ weekdays: [1], from: '13:00', to: '18:00' }],
    });
    await h.run(removeAppointment, { id: appointment.id, reason: 'desmarcou' });
    const matches = await h.run(waitListMatches, { id: appointment.id });
    expect(matches.items.map((e) => e.patient)).toEqual([p2, p1]);
    await h.run(removeWaitListEntry, { id: urgent.id });
    expect((await h.run(waitListMatches, { id: appointment.id })).items.map((e) => e.patient)).toEqual([p1]);
  });

  it('shares a schedule: only the invited user accepts, others do not see it', async () => {
    const [ana, bruno] = h.professionals;
    const asAna = { ...testActor(['appointment:read', 'appointment:write']), id: ana };
    const asBruno = { ...testActor(['appointment:read']), id: bruno };
    const stranger = { ...testActor(['appointment:read']), id: 'outra-pessoa' };
    const { share } = await h.run(shareSchedule, { professional: ana, sharedWith: bruno, permission: 'write' }, asAna);
    expect(share.status).toBe('pending');
    expect((await h.failure(shareSchedule, { professional: bruno, sharedWith: ana }, asAna)).code).toBe('forbidden');
    expect((await h.failure(acceptShare, { id: share.id }, stranger)).code).toBe('not_found');
    expect((await h.failure(acceptShare, { id: share.id }, asAna)).code).toBe('forbidden');
    expect((await h.run(acceptShare, { id: share.id }, asBruno)).status).toBe('accepted');
    expect((await h.run(listShares, {}, asBruno)).items).toHaveLength(1);
    expect((await h.run(listShares, {}, stranger)).items).toHaveLength(0);
  });
});
