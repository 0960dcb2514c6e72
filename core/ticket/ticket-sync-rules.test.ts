import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The catalogue installs every module's sync rules, as in the app.
import '#core/catalogue.js';
import { syncPermissions, syncRulesOf } from '#core/sync/record-rules.js';
import { mergeTicket, ticketPushProblems } from './ticket-sync-rules.js';

const waiting = {
  id: 't1',
  tenantId: 'a',
  createdAt: '2026-11-23T12:00:00.000Z',
  updatedAt: '2026-11-23T12:00:00.000Z',
  clinic: 'c1',
  day: '2026-11-23',
  service: 'N',
  number: 1,
  code: 'N001',
  class: 'normal',
  status: 'waiting',
  issuedAt: '2026-11-23T12:00:00.000Z',
  recalls: 0,
  callSeq: 0,
  panelSeq: 0,
};
const called = (place: string, at: string) => ({
  ...waiting,
  status: 'called',
  calledAt: at,
  lastCalledAt: at,
  calledPlace: place,
  callSeq: 1,
  panelSeq: 1,
  updatedAt: at,
});

describe('tickets pushed by installations', () => {
  it('are open to devices that run the queue, with the record’s own rules', () => {
    expect(syncPermissions('tickets')).toEqual({ read: 'ticket:read', write: 'ticket:write' });
    expect(syncRulesOf('tickets').schema?.safeParse({ ...waiting, status: 'lost' }).success).toBe(false);
  });

  it('refuse a renumbered ticket or a started ticket sent back to the line', () => {
    expect(ticketPushProblems({ ...waiting, code: 'N002' }, waiting).map((p) => p.path)).toEqual(['code']);
    const started = { ...called('g1', '2026-11-23T12:05:00.000Z'), status: 'started' };
    expect(ticketPushProblems(waiting, started).map((p) => p.path)).toEqual(['status']);
    expect(ticketPushProblems(started, called('g1', '2026-11-23T12:05:00.000Z'))).toEqual([]);
  });

  it('two calls of one ticket: the server’s stands and the other goes to the list', () => {
    const master = called('g1', '2026-11-23T12:05:00.000Z');
    expect(mergeTicket(master, waiting, called('g2', '2026-11-23T12:05:01.000Z'))).toBeUndefined();
  });

  it('a call on one side and the start on the other follow the ticket’s order', () => {
    const master = called('g1', '2026-11-23T12:05:00.000Z');
    const pushed = { ...master, status: 'started', startedAt: '2026-11-23T12:06:00.000Z' };
    expect(mergeTicket(master, master, pushed)).toMatchObject({ status: 'started', calledPlace: 'g1' });
    expect(
      mergeTicket(pushed, master, { ...master, recalls: 1, lastCalledAt: '2026-11-23T12:07:00.000Z' }),
    ).toMatchObject({ status: 'started', recalls: 1, lastCalledAt: '2026-11-23T12:07:00.000Z' });
  });

  it('keeps the place of a recall made on one side while the other started the ticket', () => {
    const master = called('g1', '2026-11-23T12:05:00.000Z');
    const started = { ...master, status: 'started', startedAt: '2026-11-23T12:08:00.000Z' };
    const recalled = { ...master, recalls: 1, lastCalledAt: '2026-11-23T12:07:00.000Z', calledPlace: 'g2' };
    expect(mergeTicket(started, master, recalled)).toMatchObject({ status: 'started', calledPlace: 'g2', recalls: 1 });
  });

  it('takes a field only the desk changed and lists one both changed, never dropping it', () => {
    const master = called('g1', '2026-11-23T12:05:00.000Z');
    expect(mergeTicket(master, waiting, { ...waiting, patient: 'p1' })).toMatchObject({ patient: 'p1' });
    expect(mergeTicket({ ...master, patient: 'p2' }, waiting, { ...waiting, patient: 'p1' })).toBeUndefined();
  });

  it('merges any two runs of forward moves without losing a recall or moving a ticket back', () => {
    const statuses = ['waiting', 'called', 'started'] as const;
    const side = fc.record({ rank: fc.integer({ min: 0, max: 2 }), recalls: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), side, side, (base, a, b) => {
        const at = '2026-11-23T12:05:00.000Z';
        const version = (rank: number, recalls: number) =>
          rank === 0 ? { ...waiting } : { ...called('g1', at), status: statuses[rank], recalls };
        const assumed = version(base, 0);
        const master = version(Math.max(base, a.rank), base === 0 && a.rank === 0 ? 0 : a.recalls);
        const pushed = version(Math.max(base, b.rank), base === 0 && b.rank === 0 ? 0 : b.recalls);
        const merged = mergeTicket(master, assumed, pushed);
        expect(merged).toBeDefined();
        const rank = statuses.indexOf(merged!.status as (typeof statuses)[number]);
        expect(rank).toBe(Math.max(base, a.rank, b.rank));
        expect(merged!.recalls).toBe(Number(master.recalls) + Number(pushed.recalls) - Number(assumed.recalls));
      }),
    );
  });
});
