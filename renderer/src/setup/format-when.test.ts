import { describe, expect, it } from 'vitest';
import { formatWhen } from './format-when.js';

describe('formatWhen', () => {
  it('shows day first and the 24-hour clock in the given zone', () => {
    expect(formatWhen('2026-11-25T17:05:00Z', 'America/Sao_Paulo')).toBe('25/11/2026 14:05');
    expect(formatWhen('2026-11-25T23:30:00-03:00', 'America/Sao_Paulo')).toBe('25/11/2026 23:30');
    expect(formatWhen('2026-01-02T00:00:00-03:00', 'America/Sao_Paulo')).toBe('02/01/2026 00:00');
  });

  it('shows a dash for none and unknown text as it is', () => {
    expect(formatWhen(null)).toBe('—');
    expect(formatWhen('ontem')).toBe('ontem');
  });
});
