import { describe, expect, it } from 'vitest';
import { events } from '#core/clinic/event-record.js';
import { isDomainError } from '#core/errors.js';
import { createAppointment, getAppointment } from '#core/schedule/appointment-ops.js';
import { createBlock } from '#core/schedule/block-ops.js';
import type { RunOperation } from '../local/hooks.js';
import { demoActor, seedDemoClinic } from '../local/demo-seed.js';
import { loadDay } from './load-day.js';
import { moveAppointment } from './move-appointment.js';
import { memoryDesks } from '../local/memory-desk.js';

const NOW = new Date('2026-11-23T13:10:00.000Z'); // 10:10 in São Paulo: the demo books 11:00–12:30
const openDesk = memoryDesks('move-test');

/** The demo clinic on a real (memory) RxDB, one extra appointment with an event, and `run` as the desk. */
async function demoDesk() {
  const core = await openDesk();
  const local = core;
  const clinic = await seedDemoClinic(local, NOW);
  const run: RunOperation = (op, input) => local.run(op, input, demoActor());
  const day = await loadDay(local.context(demoActor()), clinic, '2026-11-23');
  const [ricardo, helena] = day.columns;
  const [event] = await local.context(demoActor()).store.collection(events).find();
  const { appointment } = await run(createAppointment, {
    clinic,
    professional: helena!.id,
    patient: day.appointments[0]!.patient,
    start: '2026-11-23T14:00:00-03:00',
    end: '2026-11-23T15:00:00-03:00',
    events: [event!.id],
  });
  return { run, clinic, ricardo: ricardo!.id, helena: helena!.id, appointment, event: event!.id };
}

describe('moving an appointment through the core', () => {
  it('moves it to another professional and time, keeps its length and events, and moves back', async () => {
    const desk = await demoDesk();
    const to = {
      professional: desk.ricardo,
      startUtc: '2026-11-23T19:00:00.000Z',
      endUtc: '2026-11-23T20:00:00.000Z',
      overbooking: false,
    };
    const back = await moveAppointment(desk.run, desk.appointment.id, to);
    const moved = await desk.run(getAppointment, { id: desk.appointment.id });
    expect(moved).toMatchObject({
      professional: desk.ricardo,
      start: '2026-11-23T16:00:00.000-03:00',
      end: '2026-11-23T17:00:00.000-03:00',
      events: [desk.event],
      status: 1,
    });
    expect(moved.history.at(-1)).toMatchObject({ action: 'move' });
    expect(back).toEqual({
      professional: desk.helena,
      startUtc: '2026-11-23T17:00:00.000Z',
      endUtc: '2026-11-23T18:00:00.000Z',
      overbooking: false,
    });
    await moveAppointment(desk.run, desk.appointment.id, back);
    expect(await desk.run(getAppointment, { id: desk.appointment.id })).toMatchObject({
      professional: desk.helena,
      start: '2026-11-23T14:00:00.000-03:00',
      events: [desk.event],
    });
  });

  it('refuses a blocked slot and one taken by another appointment, and changes nothing', async () => {
    const desk = await demoDesk();
    await desk.run(createBlock, {
      professional: desk.ricardo,
      clinic: desk.clinic,
      start: '2026-11-23T16:00:00-03:00',
      end: '2026-11-23T17:00:00-03:00',
      reason: 'Reunião clínica',
    });
    const before = await desk.run(getAppointment, { id: desk.appointment.id });
    for (const startUtc of ['2026-11-23T19:30:00.000Z', '2026-11-23T14:30:00.000Z']) {
      // 16:30 is blocked; 11:30 overlaps Ricardo's 12:00 appointment (the seeded Carlos Eduardo).
      const refused = await moveAppointment(desk.run, desk.appointment.id, {
        professional: desk.ricardo,
        startUtc,
        endUtc: new Date(Date.parse(startUtc) + 3600_000).toISOString(),
        overbooking: false,
      }).catch((error: unknown) => error);
      expect(isDomainError(refused) && refused.code).toBe('conflict');
      expect((refused as Error).message).toMatch(/^Horário ocupado ou bloqueado/);
    }
    expect(await desk.run(getAppointment, { id: desk.appointment.id })).toEqual(before);
  });
});
