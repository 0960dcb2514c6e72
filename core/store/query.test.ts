import { describe, expect, it } from 'vitest';
import { defineCollection } from './collection-def.js';
import { normaliseQuery } from './query.js';
import type { RecordBase } from './record.js';

interface Appointment extends RecordBase {
  professional: string;
  start: string;
}
const appointments = defineCollection<Appointment>({
  name: 'appointments',
  fields: { professional: 'string', start: 'string' },
  indexes: [['professional', 'start']],
});

describe('normaliseQuery', () => {
  it('turns bare values into $eq, keeps ranges, and always ends the sort with id', () => {
    const q = normaliseQuery(appointments, {
      selector: { professional: 'p1', start: { $gte: '2026-11-23', $lt: '2026-11-24' } },
      sort: [{ start: 'desc' }],
    });
    expect(q.conditions).toEqual([
      { field: 'professional', op: '$eq', value: 'p1' },
      { field: 'start', op: '$gte', value: '2026-11-23' },
      { field: 'start', op: '$lt', value: '2026-11-24' },
    ]);
    expect(q.sort).toEqual([
      { field: 'start', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ]);
  });

  it('refuses undeclared fields, unknown operators and bad paging', () => {
    expect(() => normaliseQuery(appointments, { selector: { notes: 'x' } as never })).toThrow(/not declared/);
    expect(() => normaliseQuery(appointments, { selector: { start: { $regex: 'x' } as never } })).toThrow(
      /not supported/,
    );
    expect(() => normaliseQuery(appointments, { limit: -1 })).toThrow(/limit/);
    expect(() => defineCollection<Appointment>({ name: 'Bad Name', fields: {}, indexes: [] })).toThrow(/must match/);
    expect(() => defineCollection<Appointment>({ name: 'x', fields: {}, indexes: [['start']] })).toThrow(
      /not declared/,
    );
  });
});
