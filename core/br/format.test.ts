import { describe, expect, it } from 'vitest';
import { formatBrl, formatDay } from './format.js';

describe('values in messages', () => {
  it('writes money as R$ with comma decimals and dot thousands', () => {
    expect(formatBrl(65050)).toBe('R$ 650,50');
    expect(formatBrl(5)).toBe('R$ 0,05');
    expect(formatBrl(123456789)).toBe('R$ 1.234.567,89');
    expect(formatBrl(-100)).toBe('-R$ 1,00');
  });

  it('writes a day as dd/mm/aaaa', () => {
    expect(formatDay('2020-01-31')).toBe('31/01/2020');
    expect(formatDay('hoje')).toBe('hoje');
  });
});
