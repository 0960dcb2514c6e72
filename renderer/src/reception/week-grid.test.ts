import { describe, expect, it } from 'vitest';
import type { ColumnInput } from './day-grid.js';
import { layoutWeek, weekDays, weekStart } from './week-grid.js';

const ZONE = 'America/Sao_Paulo';
// Monday to Friday mornings, Wednesday also 14:00–15:00.
const ana: ColumnInput = {
  id: 'ana',
  name: 'Dra. Ana',
  slotMinutes: 30,
  workingHours: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '09:00' })),
    { weekday: 3, start: '14:00', end: '15:00' },
  ],
};

describe('one professional’s week', () => {
  it('starts on Monday and shows the days the professional works, or holds an appointment on', () => {
    expect(weekStart('2026-11-26')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday closes the week
    expect(weekDays('2026-11-26', ana, [], ZONE)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    const saturday = {
      id: 's',
      professional: 'ana',
      startUtc: '2026-11-28T13:00:00.000Z',
      endUtc: '2026-11-28T13:30:00.000Z',
    };
    expect(weekDays('2026-11-26', ana, [saturday], ZONE)).toContain('2026-11-28');
    expect(weekDays('2026-11-26', { ...ana, workingHours: [] }, [], ZONE)).toHaveLength(7);
  });

  it('places each day’s slots, appointments and blocks in its own column, off where a day has no such time', () => {
    const days = weekDays('2026-11-23', ana, [], ZONE);
    const tuesday = {
      id: 't',
      professional: 'ana',
      startUtc: '2026-11-24T11:30:00.000Z', // 08:30 in São Paulo
      endUtc: '2026-11-24T12:00:00.000Z',
    };
    const block = {
      professional: 'ana',
      startUtc: '2026-11-25T11:00:00.000Z',
      endUtc: '2026-11-25T12:00:00.000Z',
      reason: 'Curso',
    };
    const rows = layoutWeek(days, ZONE, ana, [tuesday], [block]);
    expect(rows.map((r) => r.time)).toEqual(['08:00', '08:30', '14:00', '14:30']);
    expect(rows[1]!.cells.map((c) => c.kind)).toEqual(['free', 'booked', 'blocked', 'free', 'free']);
    expect(rows[1]!.cells[1]).toMatchObject({ appointments: [tuesday] });
    expect(rows[2]!.cells.map((c) => c.kind)).toEqual(['off', 'off', 'free', 'off', 'off']);
    // The Tuesday appointment shows on Tuesday only, not in the other days' 08:30.
    expect(rows.flatMap((r) => r.cells).filter((c) => c.kind === 'booked')).toHaveLength(1);
  });

  it('marks free slots the core no longer offers (already begun) as past', () => {
    const available = new Set(['2026-11-23T11:30:00.000Z']);
    const rows = layoutWeek(['2026-11-23'], ZONE, ana, [], [], available);
    expect(rows.map((r) => r.cells[0]!.kind)).toEqual(['past', 'free']);
    expect(rows[0]!.cells[0]).toMatchObject({ startUtc: '2026-11-23T11:00:00.000Z' });
  });
});
