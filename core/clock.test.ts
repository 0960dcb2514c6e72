import { describe, expect, it } from 'vitest';
import { isoWithOffset } from './clock.js';

describe('isoWithOffset', () => {
  it('writes the instant in the given offset, as São Paulo and Manaus clinics see it', () => {
    const at = new Date('2026-11-23T02:30:00.000Z');
    expect(isoWithOffset(at, -180)).toBe('2026-11-22T23:30:00.000-03:00');
    expect(isoWithOffset(at, -240)).toBe('2026-11-22T22:30:00.000-04:00');
    expect(isoWithOffset(at, 0)).toBe('2026-11-23T02:30:00.000+00:00');
    expect(new Date(isoWithOffset(at, -180)).getTime()).toBe(at.getTime());
  });
});
