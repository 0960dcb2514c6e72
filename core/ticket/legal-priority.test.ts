import { describe, expect, it } from 'vitest';
import { ageOn, arrivalPriority, recordedPriority } from './legal-priority.js';

describe('legal priority of an arrival', () => {
  it('counts whole years on the clinic’s day, a birthday counting from its own day', () => {
    expect(ageOn('1946-11-23', '2026-11-23')).toBe(80);
    expect(ageOn('1946-11-24', '2026-11-23')).toBe(79);
    expect(ageOn('1966-02-28', '2026-02-27')).toBe(59);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('23/11/1946', '2026-11-23')).toBeUndefined();
  });

  it('reads 60+ and 80+ from the record, nothing without a birth date', () => {
    expect(recordedPriority({ birthDate: '1946-11-23' }, '2026-11-23')).toBe('elderly80');
    expect(recordedPriority({ birthDate: '1966-11-23' }, '2026-11-23')).toBe('elderly');
    expect(recordedPriority({ birthDate: '1966-11-24' }, '2026-11-23')).toBeUndefined();
    expect(recordedPriority({}, '2026-11-23')).toBeUndefined();
    expect(recordedPriority(undefined, '2026-11-23')).toBeUndefined();
  });

  it('lets the record decide age and 80+, and keeps the other declared reasons', () => {
    const day = '2026-11-23';
    expect(arrivalPriority({ birthDate: '1940-01-01' }, day, 'pregnant')).toBe('elderly80');
    expect(arrivalPriority({ birthDate: '1940-01-01' }, day, 'elderly')).toBe('elderly80');
    expect(arrivalPriority({ birthDate: '1990-01-01' }, day, 'elderly')).toBeUndefined();
    expect(arrivalPriority({ birthDate: '1960-01-01' }, day, 'elderly80')).toBe('elderly');
    expect(arrivalPriority({ birthDate: '1960-01-01' }, day, 'autism')).toBe('autism');
    expect(arrivalPriority({ birthDate: '1960-01-01' }, day, undefined)).toBe('elderly');
    expect(arrivalPriority({}, day, 'elderly80')).toBe('elderly80');
    expect(arrivalPriority(undefined, day, 'lactating')).toBe('lactating');
    expect(arrivalPriority(undefined, day, undefined)).toBeUndefined();
  });
});
