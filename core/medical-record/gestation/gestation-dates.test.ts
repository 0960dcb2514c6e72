import { describe, expect, it } from 'vitest';
import { gestationalAge, naegeleDueDate } from './gestation-dates.js';

describe("Naegele's rule and the gestational age (MED-056)", () => {
  it('adds seven days and nine months, rolling over month and year', () => {
    expect(naegeleDueDate('2026-09-14')).toBe('2027-06-21');
    expect(naegeleDueDate('2026-01-27')).toBe('2026-11-03');
    expect(naegeleDueDate('2026-03-28')).toBe('2027-01-04');
  });

  it('takes the last day of a month that lacks the day', () => {
    // 24/05 + 7 = 31/05; nine months later February has no 31st.
    expect(naegeleDueDate('2026-05-24')).toBe('2027-02-28');
    expect(naegeleDueDate('2027-05-24')).toBe('2028-02-29');
  });

  it('counts completed weeks and the days beyond them', () => {
    expect(gestationalAge('2026-09-14', '2026-11-23')).toEqual({
      weeks: 10,
      days: 0,
      totalDays: 70,
      asOf: '2026-11-23',
    });
    expect(gestationalAge('2026-09-14', '2026-11-29')).toMatchObject({ weeks: 10, days: 6 });
    expect(gestationalAge('2026-09-14', '2026-09-14')).toMatchObject({ weeks: 0, days: 0 });
  });
});
