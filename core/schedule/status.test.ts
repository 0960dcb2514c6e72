import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '#core/operation.js';
import {
  attendAppointment,
  callAppointment,
  finishAttendance,
  markNoShow,
  regressAttendance,
  removeAppointment,
  reopenAttendance,
  resolveReservation,
  startAttendance,
} from './appointment-flow-ops.js';
import { setCopart } from './appointment-money-ops.js';
import { createAppointment, editAppointment, editAppointmentNotes, getAppointment } from './appointment-ops.js';
import { appointments } from './appointment-record.js';
import { confirmAppointment } from './confirmation-ops.js';
import { ACTIONS, nextStatus, STATUSES, type AppointmentAction } from './status.js';
import { openSchedule, type ScheduleHarness } from './testing.js';

let h: ScheduleHarness;
let hour = 0;
beforeAll(async () => {
  h = await openSchedule();
});
afterAll(() => h.close());

/** A fresh appointment on its own hour (no overlap between cases), forced into `status`. */
async function appointmentIn(status: number) {
  const at = Date.parse('2026-12-01T11:00:00Z') + hour++ * 3_600_000;
  const input = {
    clinic: h.clinic,
    professional: h.professionals[0],
    patient: h.patient,
    start: new Date(at).toISOString(),
    end: new Date(at + 1_800_000).toISOString(),
  };
  const { appointment } = await h.run(createAppointment, input);
  const col = h.ctx.store.collection(appointments);
  const stored = (await col.get(appointment.id))!;
  await col.update(stored.id, stored._rev, { ...stored, status: status as never });
  return { id: appointment.id, input };
}

/** How each action of the table is asked for through its operation. */
const asked: Record<AppointmentAction, (id: string, input: Record<string, unknown>) => [Operation, unknown]> = {
  edit: (id, input) => [editAppointment, { ...input, id }],
  editNotes: (id) => [editAppointmentNotes, { id, notes: 'Trazer exames' }],
  charge: (id) => [setCopart, { id, copart: 30 }],
  confirmation: (id) => [confirmAppointment, { id }],
  confirmReservation: (id) => [resolveReservation, { id, decision: 'keep' }],
  releaseReservation: (id) => [resolveReservation, { id, decision: 'release' }],
  checkIn: (id) => [attendAppointment, { id }],
  call: (id) => [callAppointment, { id }],
  start: (id) => [startAttendance, { id }],
  finish: (id) => [finishAttendance, { id }],
  regress: (id) => [regressAttendance, { id }],
  reopen: (id) => [reopenAttendance, { id }],
  noShow: (id) => [markNoShow, { id }],
  cancelByPatient: (id) => [removeAppointment, { id, reason: 'viagem', cancelledBy: 'patient' }],
  cancelByClinic: (id) => [removeAppointment, { id, reason: 'médica em congresso', cancelledBy: 'clinic' }],
  reschedule: (id) => [removeAppointment, { id, reason: 'remarcado', rescheduledTo: rescheduledTo }],
};
let rescheduledTo = '';

const pairs = STATUSES.flatMap((status) => ACTIONS.map((action) => [status, action] as const));

describe('every (status, operation) pair obeys the transition table', () => {
  beforeAll(async () => {
    rescheduledTo = (await appointmentIn(1)).id;
  });

  it.each(pairs)('status %i, %s', async (status, action) => {
    const { id, input } = await appointmentIn(status);
    const [op, args] = asked[action](id, input);
    const expected = nextStatus(status, action);
    if (expected === undefined) {
      const error = await h.failure(op, args);
      // Confirmation is a field, not a status: spec §4.2 answers 400 for a state that cannot take it.
      expect(error.code).toBe(action === 'confirmation' ? 'validation' : 'invalid_transition');
      const after = await h.run(getAppointment, { id });
      expect(after.status).toBe(status);
      expect(after.history).toHaveLength(1);
      return;
    }
    await h.run(op, args);
    const after = await h.run(getAppointment, { id });
    expect(after.status).toBe(expected);
    if (expected !== status) expect(after.history.at(-1)).toMatchObject({ from: status, to: expected, action });
  });
});
