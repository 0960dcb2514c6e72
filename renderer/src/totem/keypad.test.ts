import { describe, expect, it } from 'vitest';
import { dateMask, typedBirthDate } from './Keypad.js';

describe('the birth date typed on the totem keypad', () => {
  it('shows the digits as dd/mm/aaaa while they are typed', () => {
    expect(dateMask('')).toBe('');
    expect(dateMask('170')).toBe('17/0');
    expect(dateMask('17051980')).toBe('17/05/1980');
  });

  it('reads a real past date as yyyy-mm-dd, and nothing else', () => {
    const today = new Date('2026-11-23T12:00:00Z');
    expect(typedBirthDate('17051980', today)).toBe('1980-05-17');
    expect(typedBirthDate('29022000', today)).toBe('2000-02-29');
    expect(typedBirthDate('29022001', today)).toBeUndefined();
    expect(typedBirthDate('31041980', today)).toBeUndefined();
    expect(typedBirthDate('01011899', today)).toBeUndefined();
    expect(typedBirthDate('01012027', today)).toBeUndefined();
    expect(typedBirthDate('1705198', today)).toBeUndefined();
  });
});
