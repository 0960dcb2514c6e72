import { describe, expect, it } from 'vitest';
import { dayRange, inZone, localTimeIn, utcKey } from './time.js';

describe('appointment times', () => {
  it('shows an instant with the offset of the clinic’s zone', () => {
    expect(inZone('2026-11-24T12:00:00Z', 'America/Sao_Paulo')).toBe('2026-11-24T09:00:00.000-03:00');
    expect(inZone('2026-11-24T12:00:00Z', 'America/Manaus')).toBe('2026-11-24T08:00:00.000-04:00');
    expect(inZone('2026-11-24T12:00:00Z', 'America/Noronha')).toBe('2026-11-24T10:00:00.000-02:00');
  });

  it('keys instants in UTC so that different offsets sort as time does', () => {
    const a = utcKey('2026-11-24T09:00:00-03:00');
    const b = utcKey('2026-11-24T10:30:00-02:00');
    expect(a < b).toBe(true);
    expect(a).toBe('2026-11-24T12:00:00.000Z');
  });

  it('reads days and local times in the zone, also across a year when the zone had daylight saving', () => {
    expect(dayRange('2026-11-24', 1, 'America/Sao_Paulo')).toEqual({
      from: '2026-11-24T03:00:00.000Z',
      to: '2026-11-25T03:00:00.000Z',
    });
    expect(localTimeIn('2026-11-24', '08:00', 'America/Cuiaba').toISOString()).toBe('2026-11-24T12:00:00.000Z');
    // São Paulo kept daylight saving until 2019: 2018-12-01 08:00 was -02:00.
    expect(localTimeIn('2018-12-01', '08:00', 'America/Sao_Paulo').toISOString()).toBe('2018-12-01T10:00:00.000Z');
  });
});
