import { describe, expect, it } from 'vitest';
// The catalogue installs every module's sync rules, as in the app.
import '#core/catalogue.js';
import { syncPermissions, syncRulesOf } from '#core/sync/record-rules.js';
import { STATUS } from './status.js';
import { appointmentPushProblems, mergeAppointment } from './sync-rules.js';

/** An appointment as both installations last saw it. */
const base = {
  id: 'a1',
  tenantId: 't1',
  updatedAt: '2026-11-23T09:00:00.000-03:00',
  start: '2026-11-24T10:00:00.000-03:00',
  end: '2026-11-24T10:30:00.000-03:00',
  professional: 'p1',
  status: STATUS.scheduled,
  notes: 'trazer exames',
  patientConfirmation: { confirmed: false, at: null, channel: null, by: null },
  history: [{ at: '2026-11-23T09:00:00.000-03:00', by: 'u1', from: null, to: STATUS.scheduled, action: 'create' }],
};
const confirmed = {
  patientConfirmation: { confirmed: true, at: '2026-11-23T10:00:00.000-03:00', channel: 'phone', by: 'u2' },
  updatedAt: '2026-11-23T10:00:00.000-03:00',
};
const checkedIn = {
  status: STATUS.waiting,
  updatedAt: '2026-11-24T09:50:00.000-03:00',
  history: [
    ...base.history,
    { at: '2026-11-24T09:50:00.000-03:00', by: 'u3', from: STATUS.scheduled, to: STATUS.waiting, action: 'checkIn' },
  ],
};

describe('appointments edited on two installations offline', () => {
  it('keeps a confirmation from one desk and new notes from the other', () => {
    const master = { ...base, notes: 'trazer exames e carteirinha', updatedAt: '2026-11-23T09:30:00.000-03:00' };
    const merged = mergeAppointment(master, base, { ...base, ...confirmed });
    expect(merged).toMatchObject({ notes: 'trazer exames e carteirinha', ...confirmed });
  });

  it('lets the table order two status changes and keeps both histories', () => {
    const master = { ...base, ...checkedIn };
    const called = {
      ...base,
      status: STATUS.called,
      history: [
        ...checkedIn.history,
        { at: '2026-11-24T09:55:00.000-03:00', by: 'u4', from: STATUS.waiting, to: STATUS.called, action: 'call' },
      ],
    };
    const merged = mergeAppointment(master, base, called);
    expect(merged?.status).toBe(STATUS.called);
    expect((merged?.history as unknown[]).length).toBe(3);
  });

  it('sends to the conflict list what no rule reconciles: two different notes, or a cancelled one checked in', () => {
    expect(mergeAppointment({ ...base, notes: 'A' }, base, { ...base, notes: 'B' })).toBeUndefined();
    const cancelled = { ...base, status: STATUS.cancelledByPatient };
    expect(mergeAppointment(cancelled, base, { ...base, ...checkedIn })).toBeUndefined();
  });

  it('refuses a pushed status move the table forbids, and a move in time after arrival', () => {
    expect(appointmentPushProblems({ ...base, ...checkedIn }, base)).toEqual([]);
    expect(appointmentPushProblems({ ...base, status: STATUS.attended }, base).map((p) => p.path)).toEqual(['status']);
    const arrived = { ...base, ...checkedIn };
    expect(
      appointmentPushProblems({ ...arrived, start: '2026-11-24T11:00:00.000-03:00' }, arrived).map((p) => p.path),
    ).toEqual(['start']);
    expect(appointmentPushProblems(base, undefined)).toEqual([]);
  });

  it('accepts several moves made offline by the path their history records, not by the jump', () => {
    const step = (at: string, from: number, to: number, action: string) => ({ at, by: 'u3', from, to, action });
    const started = {
      ...base,
      status: STATUS.inAttendance,
      history: [
        ...checkedIn.history,
        step('2026-11-24T09:55:00.000-03:00', STATUS.waiting, STATUS.called, 'call'),
        step('2026-11-24T10:00:00.000-03:00', STATUS.called, STATUS.inAttendance, 'start'),
      ],
    };
    expect(appointmentPushProblems(started, base)).toEqual([]);
    // The same jump with no steps recorded, or with a step the table forbids, is still refused.
    expect(appointmentPushProblems({ ...started, history: base.history }, base).map((p) => p.path)).toEqual(['status']);
    const forged = { ...started, history: [...base.history, step('2026-11-24T09:55:00.000-03:00', 1, 4, 'start')] };
    expect(appointmentPushProblems(forged, base).map((p) => p.path)).toEqual(['status']);
    // The totem checked her in on the server meanwhile: the desk's own arrival does not link, its call
    // and start do, and both arrivals stay in the history.
    const merged = mergeAppointment({ ...base, ...checkedIn }, base, {
      ...started,
      history: [
        ...base.history,
        step('2026-11-24T09:51:00.000-03:00', STATUS.scheduled, STATUS.waiting, 'checkIn'),
        ...started.history.slice(2),
      ],
    });
    expect(merged?.status).toBe(STATUS.inAttendance);
    expect((merged?.history as unknown[]).length).toBe(5);
    expect(appointmentPushProblems(merged!, { ...base, ...checkedIn })).toEqual([]);
  });

  it('does not merge a confirmation into an appointment cancelled meanwhile, nor a lost answer', () => {
    const cancelled = {
      ...base,
      status: STATUS.cancelledByPatient,
      updatedAt: '2026-11-23T09:40:00.000-03:00',
      history: [
        ...base.history,
        { at: '2026-11-23T09:40:00.000-03:00', by: 'u1', from: 1, to: 7, action: 'cancelByPatient' },
      ],
    };
    const merged = mergeAppointment(cancelled, base, { ...base, ...confirmed });
    // The merge alone would keep a cancelled appointment "confirmed": the record's rules refuse it.
    expect(appointmentPushProblems(merged!, cancelled).map((p) => p.path)).toEqual(['patientConfirmation']);
    // A copart set offline on it is refused the same way, not left on a cancelled appointment.
    const charged = mergeAppointment(cancelled, base, { ...base, copart: 30 });
    expect(appointmentPushProblems(charged!, cancelled).map((p) => p.path)).toEqual(['copart']);
    // The desk's own cancellation after its own confirmation is its path: taken.
    const own = {
      ...cancelled,
      ...confirmed,
      history: [
        ...base.history,
        { at: '2026-11-23T10:30:00.000-03:00', by: 'u2', from: 1, to: 7, action: 'cancelByPatient' },
      ],
    };
    expect(appointmentPushProblems(own, base)).toEqual([]);
    // Confirmed before the totem checked her in: moot, not a conflict.
    expect(appointmentPushProblems({ ...base, ...checkedIn, ...confirmed }, { ...base, ...checkedIn })).toEqual([]);
    // The desk's confirmation losing to the patient's later "no" goes to a person.
    const unconfirmed = {
      ...base,
      patientConfirmation: { confirmed: false, at: '2026-11-23T11:00:00.000-03:00', channel: 'link', by: 'p' },
    };
    const told = { ...base, patientConfirmation: { ...base.patientConfirmation, confirmed: true, at: null } };
    expect(mergeAppointment(unconfirmed, told, { ...told, ...confirmed })).toBeUndefined();
  });

  it('is registered for sync with the schedule permissions', () => {
    expect(syncPermissions('appointments')).toEqual({ read: 'appointment:read', write: 'appointment:write' });
    expect(syncRulesOf('appointments').resolveConflict).toBe(mergeAppointment);
  });
});
