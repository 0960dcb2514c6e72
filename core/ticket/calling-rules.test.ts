import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { openMasterData, type MasterDataHarness } from '#core/common/testing.js';
import { createPlace } from '#core/clinic/places-ops.js';
import type { Clock } from '#core/clock.js';
import { callTicket, recallTicket } from './call-ops.js';
import { saveTicketControl } from './control-ops.js';
import { moduleCollections } from '#core/module.js';
import { ticketModule } from './module.js';
import { createTicket } from './issue-ops.js';
import type { TicketClass } from './ticket-record.js';

let now = Date.parse('2026-11-23T12:00:00.000Z');
const clock: Clock = { now: () => new Date((now += 1000)) };
let h: MasterDataHarness;
beforeAll(async () => {
  h = await openMasterData(moduleCollections(ticketModule), clock);
});
afterAll(() => h.close());

// Issues outnumber calls, so queues of both classes build up and the ratio decides often.
const action = fc.oneof(
  { arbitrary: fc.constant({ kind: 'issue', class: 'normal' } as const), weight: 3 },
  { arbitrary: fc.constant({ kind: 'issue', class: 'priority' } as const), weight: 4 },
  { arbitrary: fc.constant({ kind: 'issue', class: 'super' } as const), weight: 1 },
  { arbitrary: fc.constant({ kind: 'call', place: 0 } as const), weight: 3 },
  { arbitrary: fc.constant({ kind: 'call', place: 1 } as const), weight: 2 },
  { arbitrary: fc.constant({ kind: 'recall', place: 0 } as const), weight: 1 },
);

describe('calling rules (property)', () => {
  it('respect the ratio, never starve normal tickets, go oldest first and call each ticket once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(action, { minLength: 10, maxLength: 60 }),
        async (ratio, script) => {
          const { clinic } = await h.run(createClinic, { name: 'Clínica Propriedade' });
          const places = [
            (await h.run(createPlace, { id: clinic.id, name: 'Guichê 1', kind: 'desk' })).place.id,
            (await h.run(createPlace, { id: clinic.id, name: 'Guichê 2', kind: 'desk' })).place.id,
          ];
          await h.run(saveTicketControl, {
            id: clinic.id,
            services: [
              { prefix: 'N', name: 'Normal' },
              { prefix: 'P', name: 'Prioritário', class: 'priority' },
            ],
            priorityRatio: ratio,
          });
          // The model: tickets waiting in issue order, and priority calls since the last normal one.
          const waiting: { id: string; class: TicketClass }[] = [];
          const called = new Set<string>();
          let streak = 0;
          let calledAny = false;
          for (const step of script) {
            if (step.kind === 'issue') {
              const { ticket } = await h.run(createTicket, {
                clinic: clinic.id,
                service: step.class === 'normal' ? 'N' : 'P',
                ...(step.class === 'super' ? { priorityReason: 'elderly80' as const } : {}),
              });
              expect(ticket.class).toBe(step.class);
              waiting.push({ id: ticket.id, class: step.class });
              continue;
            }
            if (step.kind === 'recall') {
              if (!calledAny) continue;
              const before = called.size;
              await h.run(recallTicket, { id: clinic.id, placeId: places[step.place]! }).catch(() => undefined);
              expect(called.size).toBe(before);
              continue;
            }
            const { ticket } = await h.run(callTicket, { id: clinic.id, placeId: places[step.place]! });
            if (waiting.length === 0) {
              expect(ticket).toBeNull();
              continue;
            }
            const normalWaits = waiting.some((t) => t.class === 'normal');
            const priorityWaits = waiting.some((t) => t.class !== 'normal');
            const expectPriority = priorityWaits && (!normalWaits || streak < ratio);
            const pool = waiting.filter((t) => (t.class !== 'normal') === expectPriority);
            const expected = pool.find((t) => t.class === 'super') ?? pool[0];
            expect(ticket?.id).toBe(expected?.id);
            expect(called.has(ticket!.id)).toBe(false);
            called.add(ticket!.id);
            calledAny = true;
            waiting.splice(
              waiting.findIndex((t) => t.id === ticket!.id),
              1,
            );
            streak = ticket!.class === 'normal' ? 0 : streak + 1;
            // Never starved: while a normal ticket waits, no more than `ratio` priority calls in a row.
            if (normalWaits) expect(streak).toBeLessThanOrEqual(ratio);
          }
        },
      ),
      { numRuns: 25, seed: 909 },
    );
  });
});
