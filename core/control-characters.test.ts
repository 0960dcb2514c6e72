import { describe, expect, it } from 'vitest';
import { controlCharacterIn, refuseControlCharacters } from './control-characters.js';
import { isDomainError } from './errors.js';

describe('control characters in input (issue 20 point 8)', () => {
  it('allows tab, line feed and carriage return, and refuses the other controls', () => {
    expect(controlCharacterIn('linha 1\r\nlinha 2\tfim')).toBeUndefined();
    expect(controlCharacterIn('Ana\u0000')).toBe('U+0000');
    expect(controlCharacterIn('\u001b[31m')).toBe('U+001B');
    expect(controlCharacterIn('a\u007f')).toBe('U+007F');
    expect(controlCharacterIn('a\u0085')).toBe('U+0085');
    expect(controlCharacterIn('José São Ação 😀')).toBeUndefined();
  });

  it('names every offending field, at any depth, keys included', () => {
    let thrown: unknown;
    try {
      refuseControlCharacters({
        name: 'ok',
        address: { street: 'Rua\u0000' },
        items: [{}, { note: '\u0007' }],
        ['k\u0001']: 1,
      });
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown) && thrown.code).toBe('validation');
    expect(isDomainError(thrown) && thrown.details.map((d) => d.path)).toEqual([
      'address.street',
      'items.1.note',
      'k\u0001',
    ]);
  });
});
