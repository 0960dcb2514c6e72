import { describe, expect, it } from 'vitest';
import { STATUS } from '#core/schedule/status.js';
import { editInputFor } from './move-appointment.js';
import { movable, moveTarget } from './move-target.js';

const hourLong = {
  id: 'a1',
  professional: 'ana',
  startUtc: '2026-11-23T12:00:00.000Z',
  endUtc: '2026-11-23T13:00:00.000Z',
};

describe('where a dropped appointment lands', () => {
  it('takes the slot dropped on and keeps its own length, in another column too', () => {
    const free = { kind: 'free', startUtc: '2026-11-23T14:30:00.000Z', endUtc: '2026-11-23T15:00:00.000Z' } as const;
    expect(moveTarget(hourLong, 'ana', free)).toEqual({
      professional: 'ana',
      startUtc: '2026-11-23T14:30:00.000Z',
      endUtc: '2026-11-23T15:30:00.000Z',
    });
    expect(moveTarget(hourLong, 'bruno', free)?.professional).toBe('bruno');
  });

  it('lets the core judge booked and blocked slots, and does nothing off hours or in place', () => {
    const slot = { startUtc: '2026-11-23T13:00:00.000Z', endUtc: '2026-11-23T13:30:00.000Z' };
    expect(moveTarget(hourLong, 'ana', { kind: 'blocked', ...slot, reason: 'Reunião' })).not.toBeNull();
    expect(moveTarget(hourLong, 'ana', { kind: 'booked', ...slot, appointments: [] })).not.toBeNull();
    expect(moveTarget(hourLong, 'ana', { kind: 'off' })).toBeNull();
    const own = { kind: 'booked', startUtc: hourLong.startUtc, endUtc: hourLong.endUtc, appointments: [hourLong] };
    expect(moveTarget(hourLong, 'ana', own as never)).toBeNull();
    expect(moveTarget(hourLong, 'bruno', own as never)).not.toBeNull();
  });

  it.each([
    ['scheduled', STATUS.scheduled, true],
    ['reserved', STATUS.reserved, true],
    ['waiting', STATUS.waiting, false],
    ['attended', STATUS.attended, false],
  ] as const)(
    'moves only what the core still edits (booked or reserved, not once the patient arrived): %s → %s',
    (_name, status, expected) => {
      expect(movable(status)).toBe(expected);
    },
  );
});

describe('the edit a move sends', () => {
  it('keeps every placement field but professional and time (the edit clears what it is not sent)', () => {
    const current = {
      id: 'a1',
      clinic: 'c1',
      patient: 'p1',
      events: ['e1'],
      specialty: 's1',
      insurance: 'i1',
      insurancePlan: 'pl1',
      place: 'room2',
    };
    const to = { professional: 'bruno', startUtc: 'S', endUtc: 'E', overbooking: false };
    const { professional, startUtc: start, endUtc: end, overbooking } = to;
    expect(editInputFor(current, to)).toEqual({ ...current, professional, start, end, overbooking });
    expect(editInputFor({ id: 'a', clinic: 'c', patient: 'p', events: [] }, to)).not.toHaveProperty('specialty');
  });
});
