import { describe, expect, it } from 'vitest';
import { describePeriod, entryFields, entryInput, toggleWeekday, weekdayShort } from './periods.js';

describe('preferred periods on the desk', () => {
  it('names weekdays in the reader’s language, Monday first, and every day when none or all are picked', () => {
    expect(weekdayShort(0, 'pt-BR')).toBe('dom');
    expect(weekdayShort(1, 'en')).toBe('Mon');
    expect(describePeriod({ weekdays: [3, 1], from: '08:00', to: '12:00' }, 'pt-BR', 'todos')).toBe(
      'seg, qua 08:00–12:00',
    );
    expect(describePeriod({ weekdays: [0, 6], from: '08:00', to: '12:00' }, 'pt-BR', 'todos')).toBe(
      'sáb, dom 08:00–12:00',
    );
    expect(describePeriod({ weekdays: [], from: '14:00', to: '18:00' }, 'pt-BR', 'todos os dias')).toBe(
      'todos os dias 14:00–18:00',
    );
  });

  it('toggles a weekday on and off, in order', () => {
    expect(toggleWeekday([5, 1], 3)).toEqual([1, 3, 5]);
    expect(toggleWeekday([1, 3, 5], 3)).toEqual([1, 5]);
  });

  it('sends only what was chosen, with trimmed notes', () => {
    const base = { patient: 'p', clinic: '', professional: 'd', specialty: '', priority: 'high' as const };
    expect(entryInput({ ...base, periods: [], notes: '  ' })).toEqual({
      patient: 'p',
      professional: 'd',
      priority: 'high',
      periods: [],
    });
    expect(
      entryInput({ ...base, specialty: 's', periods: [{ weekdays: [1], from: '08:00', to: '' }], notes: ' manhã ' }),
    ).toEqual({
      patient: 'p',
      professional: 'd',
      specialty: 's',
      priority: 'high',
      periods: [{ weekdays: [1], from: '08:00', to: '' }],
      notes: 'manhã',
    });
  });

  it('lists each period’s fields before the list’s own, so a core message lands under its time field', () => {
    const fields = entryFields(2);
    expect(fields.indexOf('periods.1.to')).toBeGreaterThan(-1);
    expect(fields.indexOf('periods.1.to')).toBeLessThan(fields.indexOf('periods'));
  });
});
