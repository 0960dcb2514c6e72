import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAuditSink } from '#core/access/audit.js';
import { guardStore } from '#core/access/guarded-store.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { isDomainError, type DomainError } from '#core/errors.js';
import { createAppointment, editAppointment } from './appointment-ops.js';
import { createBlock } from './block-ops.js';
import { assertSlotFree, type SlotRange } from './occupancy.js';
import { localRangeText } from './occupancy-text.js';
import { openSchedule, testActor, type ScheduleHarness } from './testing.js';

let h: ScheduleHarness;
beforeAll(async () => {
  h = await openSchedule();
});
afterAll(() => h.close());

const REFUSAL = 'Horário ocupado ou bloqueado para este profissional; use encaixe para marcar assim mesmo';

/** Books for the first professional at the harness clinic (São Paulo, UTC−3) unless told otherwise. */
const book = async (patient: string, start: string, end: string, extra: Record<string, unknown> = {}) =>
  (
    await h.run(createAppointment, {
      clinic: h.clinic,
      professional: h.professionals[0],
      patient,
      start,
      end,
      ...extra,
    })
  ).appointment;

async function refusal(check: Promise<unknown>): Promise<DomainError> {
  try {
    await check;
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error('the slot should have been refused');
}

describe('a refused booking says what is in the way, for people', () => {
  it("names the patient and the time in the clinic's zone, and keeps the id in ref only", async () => {
    const maria = await h.newPatient('Maria Silva');
    const taken = await book(maria, '2026-11-24T14:00:00-03:00', '2026-11-24T14:30:00-03:00');
    // Asked in UTC: the answer still speaks São Paulo's time (14:15 there).
    const error = await h.failure(createAppointment, {
      clinic: h.clinic,
      professional: h.professionals[0],
      patient: h.patient,
      start: '2026-11-24T17:15:00Z',
      end: '2026-11-24T17:45:00Z',
    });
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(REFUSAL);
    expect(error.details).toEqual([
      {
        path: 'start',
        message: 'Já há agendamento de Maria Silva das 14:00 às 14:30',
        ref: { collection: 'appointments', id: taken.id },
      },
    ]);
    expect(JSON.stringify(error.toJSON())).toContain(`"ref":{"collection":"appointments","id":"${taken.id}"}`);
  });

  it('a refused move lists every appointment and block in the way, one detail each, with the reason', async () => {
    const joao = await h.newPatient('João Pereira', { socialName: 'Joana Pereira' });
    const { blocks } = await h.run(createBlock, {
      professional: h.professionals[0],
      clinic: h.clinic,
      start: '2026-11-25T12:00:00-03:00',
      end: '2026-11-25T13:00:00-03:00',
      reason: 'Almoço',
    });
    const after = await book(joao, '2026-11-25T13:00:00-03:00', '2026-11-25T13:30:00-03:00');
    const moving = await book(h.patient, '2026-11-25T15:00:00-03:00', '2026-11-25T16:00:00-03:00');
    const error = await h.failure(editAppointment, {
      id: moving.id,
      clinic: h.clinic,
      professional: h.professionals[0],
      patient: h.patient,
      start: '2026-11-25T12:30:00-03:00',
      end: '2026-11-25T13:30:00-03:00',
    });
    expect(error.code).toBe('conflict');
    expect(error.details).toEqual([
      {
        path: 'start',
        message: 'Já há agendamento de Joana Pereira das 13:00 às 13:30',
        ref: { collection: 'appointments', id: after.id },
      },
      {
        path: 'start',
        message: 'Bloqueado das 12:00 às 13:00: Almoço',
        ref: { collection: 'schedule_blocks', id: blocks[0]!.id },
      },
    ]);
  });

  it('says the day when a block spans midnight or an appointment falls on another day (UTC+05:30)', async () => {
    const { clinic } = await h.run(createClinic, { name: 'Clínica Goa', timeZone: 'Asia/Kolkata' });
    const professional = h.professionals[1];
    await h.run(createBlock, {
      professional,
      clinic: clinic.id,
      start: '2026-11-26T22:00:00+05:30',
      end: '2026-11-27T08:00:00+05:30',
      reason: 'Plantão',
    });
    const at = (start: string, end: string) =>
      h.failure(createAppointment, { clinic: clinic.id, professional, patient: h.patient, start, end });
    // 07:30 in Goa is 02:00 UTC: the words follow the clinic, not UTC nor São Paulo.
    const morning = await at('2026-11-27T07:30:00+05:30', '2026-11-27T08:30:00+05:30');
    expect(morning.details.map((d) => d.message)).toEqual(['Bloqueado de 26/11 às 22:00 até 27/11 às 08:00: Plantão']);

    await h.run(createAppointment, {
      clinic: clinic.id,
      professional,
      patient: h.patient,
      start: '2026-11-28T00:00:00+05:30',
      end: '2026-11-28T00:30:00+05:30',
    });
    const late = await at('2026-11-27T23:30:00+05:30', '2026-11-28T00:30:00+05:30');
    expect(late.details.map((d) => d.message)).toEqual([
      'Já há agendamento de Carla Souza em 28/11 das 00:00 às 00:30',
    ]);
  });

  it('says "outro paciente" to whom may not read patients, and where the patient books', async () => {
    const taken = await book(
      await h.newPatient('Rita Alves'),
      '2026-11-30T10:00:00-03:00',
      '2026-11-30T10:30:00-03:00',
    );
    const range: SlotRange = {
      professional: h.professionals[0],
      clinic: h.clinic,
      startUtc: '2026-11-30T13:00:00.000Z',
      endUtc: '2026-11-30T13:30:00.000Z',
      timeZone: 'America/Sao_Paulo',
    };
    const expected = [
      {
        path: 'start',
        message: 'Já há agendamento de outro paciente das 10:00 às 10:30',
        ref: { collection: 'appointments', id: taken.id },
      },
    ];
    // An integration that reads the schedule but not patients: still a 409, never a 403.
    const schedulerOnly = guardStore(h.database.forTenant('t1'), {
      actor: testActor(['appointment:read']),
      audit: memoryAuditSink(),
    });
    const unnamed = await refusal(assertSlotFree(schedulerOnly, range));
    expect([unnamed.code, unnamed.details]).toEqual(['conflict', expected]);
    // Self booking: the patient never learns whose appointment took the slot.
    const quiet = await refusal(assertSlotFree(h.ctx.store, range, undefined, { namePatients: false }));
    expect(quiet.details).toEqual(expected);
    // The reception, who may read patients, is told.
    const told = await refusal(assertSlotFree(h.ctx.store, range));
    expect(told.details[0]?.message).toBe('Já há agendamento de Rita Alves das 10:00 às 10:30');
  });
});

describe('localRangeText', () => {
  const zone = 'America/Sao_Paulo';
  it('says a range of the day by its times, and one ending at midnight as closing its own day', () => {
    expect(localRangeText('2026-11-24T17:00:00.000Z', '2026-11-24T17:30:00.000Z', zone, '2026-11-24')).toBe(
      'das 14:00 às 14:30',
    );
    expect(localRangeText('2026-11-25T02:00:00.000Z', '2026-11-25T03:00:00.000Z', zone, '2026-11-24')).toBe(
      'das 23:00 às 00:00',
    );
    expect(localRangeText('2026-11-25T02:00:00.000Z', '2026-11-25T03:00:00.000Z', zone, '2026-11-25')).toBe(
      'em 24/11 das 23:00 às 00:00',
    );
  });
});
