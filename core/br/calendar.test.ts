import { describe, expect, it } from 'vitest';
import { dateInput, dateTimeInput, isCalendarDay, isCalendarInstant } from './schemas.js';

describe('days and instants that exist (issue 20 point 4)', () => {
  it('refuses days that do not exist instead of moving them', () => {
    expect(['2026-02-28', '2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31'].map(isCalendarDay)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00'].map(
        isCalendarDay,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('refuses impossible times and offsets', () => {
    expect(isCalendarInstant('2026-11-24T09:00:00-03:00')).toBe(true);
    expect(isCalendarInstant('2026-11-24T09:00Z')).toBe(true);
    expect(isCalendarInstant('2026-11-24T09:00:00.123456+05:30')).toBe(true);
    expect(isCalendarInstant('2026-02-30T10:00:00-03:00')).toBe(false);
    expect(isCalendarInstant('2026-11-24T24:00:00-03:00')).toBe(false);
    expect(isCalendarInstant('2026-11-24T09:60:00Z')).toBe(false);
    expect(isCalendarInstant('2026-11-24T09:00:00-15:00')).toBe(false);
    expect(isCalendarInstant('2026-11-24T09:00:00')).toBe(false);
  });

  it('says which, in pt-BR, and that a missing one is required', () => {
    expect(dateInput.safeParse('2026-04-31').error?.issues[0]?.message).toMatch(/^data inválida ou inexistente/);
    expect(dateTimeInput.safeParse(undefined).error?.issues[0]?.message).toBe('obrigatório');
    expect(dateTimeInput.safeParse(5).error?.issues[0]?.message).toMatch(/^data e hora ISO-8601/);
  });
});
