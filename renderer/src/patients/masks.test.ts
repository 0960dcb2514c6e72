import { describe, expect, it } from 'vitest';
import { normaliseCpf } from '#core/br/cpf.js';
import { maskCpf, maskPhone } from './masks.js';

describe('patient form masks', () => {
  it('formats a CPF as it is typed, and what it shows is what the core accepts', () => {
    expect(['5', '529', '5299', '529982', '5299822', '529982247', '5299822472', '52998224725'].map(maskCpf)).toEqual([
      '5',
      '529',
      '529.9',
      '529.982',
      '529.982.2',
      '529.982.247',
      '529.982.247-2',
      '529.982.247-25',
    ]);
    expect(maskCpf('529.982.247-25999')).toBe('529.982.247-25');
    expect(normaliseCpf(maskCpf('52998224725'))).toBe('52998224725');
  });

  it('formats mobiles and landlines with the area code', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('a')).toBe('');
  });
});
