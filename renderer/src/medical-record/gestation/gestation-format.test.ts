import { describe, expect, it } from 'vitest';
import { brDay, gestationalAgeText } from './gestation-format.js';

describe('gestation texts', () => {
  it('writes the gestational age as a prenatal card does', () => {
    expect(gestationalAgeText({ weeks: 24, days: 3 })).toBe('IG 24 semanas e 3 dias');
    expect(gestationalAgeText({ weeks: 20, days: 0 })).toBe('IG 20 semanas');
    expect(gestationalAgeText({ weeks: 1, days: 1 })).toBe('IG 1 semana e 1 dia');
    expect(gestationalAgeText({ weeks: 0, days: 5 })).toBe('IG 5 dias');
    expect(gestationalAgeText({ weeks: 0, days: 0 })).toBe('IG 0 dias');
  });

  it('writes days dd/mm/aaaa', () => {
    expect(brDay('2027-02-08')).toBe('08/02/2027');
  });
});
