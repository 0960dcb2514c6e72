import { describe, expect, it } from 'vitest';
import { layoutDay, type ColumnInput } from './day-grid.js';

const ZONE = 'America/Sao_Paulo';
const DAY = '2026-11-23'; // a Monday
const ana: ColumnInput = {
  id: 'ana',
  name: 'Dra. Ana',
  slotMinutes: 30,
  workingHours: [{ weekday: 1, start: '08:00', end: '10:00' }],
};
const bruno: ColumnInput = {
  id: 'bruno',
  name: 'Dr. Bruno',
  slotMinutes: 60,
  workingHours: [{ weekday: 1, start: '09:00', end: '11:00' }],
};

describe('the reception day layout', () => {
  it('makes one row per slot start of any professional, and marks who is not working then', () => {
    const rows = layoutDay(DAY, ZONE, [ana, bruno], [], []);
    expect(rows.map((r) => r.time)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00']);
    expect(rows.map((r) => r.cells.map((c) => c.kind))).toEqual([
      ['free', 'off'],
      ['free', 'off'],
      ['free', 'free'],
      ['free', 'off'],
      ['off', 'free'],
    ]);
    expect(rows[0]!.startUtc).toBe('2026-11-23T11:00:00.000Z');
  });

  it('shows an appointment where it starts, the rest of its time booked, blocks shaded, nothing on other days', () => {
    const appointment = {
      id: 'a1',
      professional: 'ana',
      startUtc: '2026-11-23T11:30:00.000Z',
      endUtc: '2026-11-23T12:30:00.000Z',
    };
    const block = {
      professional: 'ana',
      startUtc: '2026-11-23T12:30:00.000Z',
      endUtc: '2026-11-23T13:00:00.000Z',
      reason: 'Reunião',
    };
    const rows = layoutDay(DAY, ZONE, [ana], [appointment], [block]);
    expect(rows.map((r) => r.cells[0]!.kind)).toEqual(['free', 'booked', 'booked', 'blocked']);
    expect(rows[1]!.cells[0]).toMatchObject({ kind: 'booked', appointments: [appointment] });
    expect(rows[2]!.cells[0]).toMatchObject({ kind: 'booked', appointments: [] });
    expect(rows[3]!.cells[0]).toMatchObject({ reason: 'Reunião' });
    expect(layoutDay('2026-11-22', ZONE, [ana], [], [])).toEqual([]);
  });

  it('gives an encaixe off the slot grid its own row, and lists two appointments of one slot together', () => {
    const a = {
      id: 'a',
      professional: 'ana',
      startUtc: '2026-11-23T11:10:00.000Z',
      endUtc: '2026-11-23T11:20:00.000Z',
    };
    const b = {
      id: 'b',
      professional: 'ana',
      startUtc: '2026-11-23T11:30:00.000Z',
      endUtc: '2026-11-23T12:00:00.000Z',
    };
    const c = { ...b, id: 'c' };
    const rows = layoutDay(DAY, ZONE, [ana], [a, b, c], []);
    expect(rows.map((r) => r.time)).toEqual(['08:00', '08:10', '08:30', '09:00', '09:30']);
    expect(rows[0]!.cells[0]!.kind).toBe('booked');
    expect(rows[2]!.cells[0]).toMatchObject({ kind: 'booked', appointments: [b, c] });
  });
});
