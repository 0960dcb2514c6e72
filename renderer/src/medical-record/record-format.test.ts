import { describe, expect, it } from 'vitest';
import { brDateTime, brTimeOf } from './record-format.js';

describe('record dates as pt-BR', () => {
  it("shows the recorded wall clock, whatever the station's zone", () => {
    expect(brDateTime('2026-11-27T09:05:00-03:00')).toBe('27/11/2026 09:05');
    expect(brTimeOf('2026-11-27T23:59:00-05:00')).toBe('23:59');
    expect(brDateTime('sem data')).toBe('sem data');
  });
});
