import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones.js';

describe('timeZoneOptions', () => {
  it('names each Brazilian zone by its place, Brasília first', () => {
    const options = timeZoneOptions('America/Manaus');
    expect(options[0]).toEqual({
      value: 'America/Sao_Paulo',
      label: 'Horário de Brasília (SP, RJ, MG, ES, Sul, GO, DF) — America/Sao_Paulo',
    });
    expect(options.find((o) => o.value === 'America/Manaus')?.label).toBe('Manaus (AM) — America/Manaus');
    expect(options).toHaveLength(14);
  });

  it('keeps a zone from elsewhere as the first option', () => {
    expect(timeZoneOptions('Europe/Lisbon')[0]).toEqual({ value: 'Europe/Lisbon', label: 'Europe/Lisbon' });
  });
});
