import { describe, expect, it } from 'vitest';
import { occurrences } from '#core/schedule/block-ops.js';
import {
  followDay,
  previewRepeat,
  recurrenceOf,
  seriesRecurrence,
  shortDay,
  startRepeat,
  toggleDay,
} from './repeat.js';

const ZONE = 'America/Sao_Paulo';
// 2026-11-30 is a Monday.
const LUNCH = { start: '2026-11-30T12:00:00.000-03:00', end: '2026-11-30T13:00:00.000-03:00' };
const WORKDAYS = { frequency: 'weekly', until: '2026-12-11', weekdays: [1, 2, 3, 4, 5] } as const;

describe('the "Repetir" section as the core’s recurrence', () => {
  it('starts on the block’s own weekday with no end chosen', () => {
    expect(startRepeat('2026-11-30')).toEqual({ enabled: true, weekdays: [1], until: '' });
    expect(startRepeat('2026-11-29').weekdays).toEqual([0]);
  });

  it('sends nothing when off, else weekly on the ticked days ascending and once each', () => {
    expect(recurrenceOf({ enabled: false, weekdays: [1], until: '2026-12-11' })).toBeUndefined();
    expect(recurrenceOf({ enabled: true, weekdays: [5, 1, 3, 1], until: '2026-12-11' })).toEqual({
      frequency: 'weekly',
      until: '2026-12-11',
      weekdays: [1, 3, 5],
    });
  });

  it('ticks and unticks a weekday, keeping the order', () => {
    expect(toggleDay([1, 5], 3)).toEqual([1, 3, 5]);
    expect(toggleDay([1, 3, 5], 3)).toEqual([1, 5]);
    expect(toggleDay([], 0)).toEqual([0]);
  });

  it('moves the default weekday with the block’s day, but keeps a choice the person made', () => {
    const untouched = startRepeat('2026-11-30');
    expect(followDay(untouched, '2026-11-30', '2026-12-02').weekdays).toEqual([3]);
    const chosen = { ...untouched, weekdays: [1, 2, 3, 4, 5] };
    expect(followDay(chosen, '2026-11-30', '2026-12-02')).toBe(chosen);
    const other = { ...untouched, weekdays: [4] };
    expect(followDay(other, '2026-11-30', '2026-12-02')).toBe(other);
  });
});

describe('previewing what a save creates', () => {
  it('counts lunch Monday to Friday for two weeks as ten blocks, as the core will', () => {
    expect(previewRepeat(LUNCH.start, LUNCH.end, ZONE, { ...WORKDAYS, weekdays: [...WORKDAYS.weekdays] })).toEqual({
      count: 10,
      first: '2026-11-30',
      last: '2026-12-11',
    });
  });

  it('starts at the first ticked day on or after the block’s own day', () => {
    // A Sunday block repeated on workdays: the first block is Monday's.
    const sunday = { start: '2026-11-29T12:00:00.000-03:00', end: '2026-11-29T13:00:00.000-03:00' };
    expect(previewRepeat(sunday.start, sunday.end, ZONE, { ...WORKDAYS, weekdays: [1, 2, 3, 4, 5] })).toEqual({
      count: 10,
      first: '2026-11-30',
      last: '2026-12-11',
    });
    // Nothing falls in the period: zero, which the dialog refuses before sending.
    expect(
      previewRepeat(sunday.start, sunday.end, ZONE, { frequency: 'weekly', until: '2026-11-29', weekdays: [3] }),
    ).toEqual({ count: 0, first: null, last: null });
  });

  it('previews nothing where the core would refuse or the input is incomplete', () => {
    const weekly = { frequency: 'weekly' as const, weekdays: [1] };
    expect(previewRepeat(LUNCH.start, LUNCH.end, ZONE, { ...weekly, until: '2026-11-29' })).toBeNull();
    expect(previewRepeat(LUNCH.start, LUNCH.end, ZONE, { ...weekly, until: '' })).toBeNull();
    expect(previewRepeat(LUNCH.start, LUNCH.end, ZONE, { ...weekly, until: '2026-12-31', weekdays: [] })).toBeNull();
    // More than 366 blocks.
    const everyDay = { frequency: 'weekly' as const, weekdays: [0, 1, 2, 3, 4, 5, 6], until: '2028-01-31' };
    expect(previewRepeat(LUNCH.start, LUNCH.end, ZONE, everyDay)).toBeNull();
  });
});

describe('re-creating a removed series', () => {
  const members = (ranges: { start: string; end: string }[]) => ranges.map((r) => ({ ...r, timeZone: ZONE }));

  it('finds the recurrence that makes exactly the stored occurrences again', () => {
    const stored = members(occurrences(LUNCH.start, LUNCH.end, ZONE, { ...WORKDAYS, weekdays: [1, 2, 3, 4, 5] }));
    const again = seriesRecurrence([...stored].reverse())!;
    expect(again.recurrence).toEqual({ frequency: 'weekly', until: '2026-12-11', weekdays: [1, 2, 3, 4, 5] });
    expect(Date.parse(again.start)).toBe(Date.parse(LUNCH.start));
    expect(occurrences(again.start, again.end, ZONE, again.recurrence)).toEqual(
      stored.map(({ start, end }) => ({ start, end })),
    );
  });

  it('brings a daily series back as every weekday: the same blocks', () => {
    const daily = members(occurrences(LUNCH.start, LUNCH.end, ZONE, { frequency: 'daily', until: '2026-12-13' }));
    const again = seriesRecurrence(daily)!;
    expect(again.recurrence.weekdays).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(occurrences(again.start, again.end, ZONE, again.recurrence)).toHaveLength(14);
  });

  it('gives up when an occurrence was removed on its own: re-creating would bring it back', () => {
    const stored = members(occurrences(LUNCH.start, LUNCH.end, ZONE, { ...WORKDAYS, weekdays: [1, 2, 3, 4, 5] }));
    expect(seriesRecurrence(stored.filter((_, i) => i !== 3))).toBeNull();
    expect(seriesRecurrence([])).toBeNull();
  });
});

describe('days in the preview', () => {
  it('reads as the weekday and day/month of the locale', () => {
    expect(shortDay('2026-11-30', 'pt-BR')).toBe('seg., 30/11');
    expect(shortDay('2026-12-11', 'en')).toMatch(/Fri/);
  });
});
