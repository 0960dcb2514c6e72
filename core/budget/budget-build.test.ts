import { describe, expect, it } from 'vitest';
import { localDatePlus } from './budget-build.js';

describe('localDatePlus (default validUntil)', () => {
  it('follows the clinic’s midnight, not UTC’s, across calls in the same and the next second', () => {
    // 02:59:59.9Z is still the 10th in São Paulo (UTC−3); 03:00:00.0Z is the 11th there.
    expect(localDatePlus(new Date('2026-11-11T02:59:59.100Z'), 'America/Sao_Paulo', 30)).toBe('2026-12-10');
    expect(localDatePlus(new Date('2026-11-11T02:59:59.900Z'), 'America/Sao_Paulo', 30)).toBe('2026-12-10');
    expect(localDatePlus(new Date('2026-11-11T03:00:00.000Z'), 'America/Sao_Paulo', 30)).toBe('2026-12-11');
    // Same instant, another zone and another number of days: its own answer.
    expect(localDatePlus(new Date('2026-11-11T03:00:00.000Z'), 'America/Manaus', 30)).toBe('2026-12-10');
    expect(localDatePlus(new Date('2026-11-11T03:00:00.000Z'), 'America/Sao_Paulo', 1)).toBe('2026-11-12');
  });
});
