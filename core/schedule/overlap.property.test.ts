/**
 * Property (issue 6): no sequence of create / move / cancel / block operations, run through the core
 * operations on a real store, ever leaves two occupying, non-overbooking appointments of one
 * professional overlapping. Refusals (409) are expected along the way; they must change nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isDomainError } from '#core/errors.js';
import { removeAppointment } from './appointment-flow-ops.js';
import { createAppointment, editAppointment } from './appointment-ops.js';
import { appointments } from './appointment-record.js';
import { createBlock } from './block-ops.js';
import { OCCUPYING } from './status.js';
import { openSchedule, type ScheduleHarness } from './testing.js';

let h: ScheduleHarness;
beforeAll(async () => {
  h = await openSchedule();
});
afterAll(() => h.close());

const BASE = Date.parse('2027-01-04T11:00:00Z');
const QUARTER = 15 * 60_000;
/** A range on a small grid (one morning, 15-minute steps) so collisions are frequent. */
const range = fc.record({ at: fc.integer({ min: 0, max: 16 }), length: fc.integer({ min: 1, max: 6 }) });
const iso = (quarters: number) => new Date(BASE + quarters * QUARTER).toISOString();

const command = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    professional: fc.integer({ min: 0, max: 1 }),
    range,
    overbooking: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    pick: fc.nat(),
    professional: fc.integer({ min: 0, max: 1 }),
    range,
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('block' as const), professional: fc.integer({ min: 0, max: 1 }), range }),
);

async function expectedRefusal(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error) && (error.code === 'conflict' || error.code === 'invalid_transition')) return;
    throw error;
  }
}

it('keeps every professional free of overlapping non-overbooking appointments', async () => {
  let round = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
      // Each run books on its own week, so runs never see each other's appointments.
      const shift = round++ * 7 * 96;
      const ids: string[] = [];
      const at = (r: { at: number; length: number }) => ({
        start: iso(shift + r.at),
        end: iso(shift + r.at + r.length),
      });
      for (const c of commands) {
        const professional = 'professional' in c ? h.professionals[c.professional]! : h.professionals[0];
        if (c.kind === 'create') {
          await expectedRefusal(
            h
              .run(createAppointment, {
                clinic: h.clinic,
                professional,
                patient: h.patient,
                ...at(c.range),
                overbooking: c.overbooking,
              })
              .then(({ appointment }) => ids.push(appointment.id)),
          );
        } else if (c.kind === 'move' && ids.length > 0) {
          const id = ids[c.pick % ids.length]!;
          await expectedRefusal(
            h.run(editAppointment, { id, clinic: h.clinic, professional, patient: h.patient, ...at(c.range) }),
          );
        } else if (c.kind === 'cancel' && ids.length > 0) {
          await expectedRefusal(h.run(removeAppointment, { id: ids[c.pick % ids.length]!, reason: 'teste' }));
        } else if (c.kind === 'block') {
          await h.run(createBlock, { professional, clinic: h.clinic, ...at(c.range), reason: 'bloqueio' });
        }
      }
      const all = await h.ctx.store.collection(appointments).find();
      const live = all.filter((a) => ids.includes(a.id) && OCCUPYING.has(a.status) && !a.overbooking);
      for (const a of live)
        for (const b of live)
          if (a.id < b.id && a.professional === b.professional)
            expect(a.startUtc >= b.endUtc || b.startUtc >= a.endUtc).toBe(true);
    }),
    { numRuns: 60 },
  );
});
