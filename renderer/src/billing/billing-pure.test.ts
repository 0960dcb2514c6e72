import { describe, expect, it } from 'vitest';
import { guideTypeOf, writtenOrder } from './load-billing.js';
import { latin1Bytes } from './tiss-download.js';

describe('Faturamento, pure parts', () => {
  it('groups an appointment as the core will bill it: one consultation is a consulta, anything else SP/SADT', () => {
    expect(guideTypeOf(['consultation'])).toBe('consulta');
    expect(guideTypeOf(['exam'])).toBe('spsadt');
    expect(guideTypeOf(['consultation', 'exam'])).toBe('spsadt');
    expect(guideTypeOf([undefined])).toBe('spsadt');
  });

  it('numbers the lines as the message writes them: procedures, then other expenses', () => {
    const lines = [{ code: 'a', expenseCode: '03' }, { code: 'b' }, { code: 'c', expenseCode: '02' }, { code: 'd' }];
    expect(writtenOrder(lines).map((l) => l.code)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('saves the XML as ISO-8859-1, one byte per character, and refuses what that cannot hold', () => {
    expect([...latin1Bytes('<a>Conceição</a>')]).toEqual([...Buffer.from('<a>Conceição</a>', 'latin1')]);
    expect(() => latin1Bytes('ok ✓')).toThrow(/ISO-8859-1/);
  });
});
