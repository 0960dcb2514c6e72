import { describe, expect, it } from 'vitest';
import { durationChoices } from '../squeeze-in/durations.js';
import { addClock, defaultTimes, rangeOn } from './time-range.js';

describe('typed times on the agenda', () => {
  it('places HH:mm of a clinic day as instants with the clinic’s offset', () => {
    expect(rangeOn('2026-11-24', '20:00', '21:00', 'America/Sao_Paulo')).toEqual({
      start: '2026-11-24T20:00:00.000-03:00',
      end: '2026-11-24T21:00:00.000-03:00',
    });
    expect(rangeOn('2026-11-24', '09:00', '09:30', 'America/Manaus').start).toBe('2026-11-24T09:00:00.000-04:00');
  });

  it('adds minutes within the day', () => {
    expect(addClock('09:40', 30)).toBe('10:10');
    expect(addClock('23:45', 30)).toBe('23:59');
  });

  it('starts from the selected slot, else the next whole hour', () => {
    expect(defaultTimes('2026-11-24T13:30:00.000Z', 30, 'America/Sao_Paulo')).toEqual({ from: '10:30', to: '11:00' });
    expect(defaultTimes(null, 20, 'America/Sao_Paulo', new Date('2026-11-24T13:10:00Z'))).toEqual({
      from: '11:00',
      to: '11:20',
    });
  });

  it('offers the professional’s slot length among the common lengths, once', () => {
    expect(durationChoices(30).filter((m) => m === 30)).toHaveLength(1);
    expect(durationChoices(25)).toContain(25);
    expect(durationChoices(25)).toEqual([...durationChoices(25)].sort((a, b) => a - b));
  });
});
