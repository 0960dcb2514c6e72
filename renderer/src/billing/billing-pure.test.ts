import { describe, expect, it } from 'vitest';
import { appointmentGuideType } from '#core/billing/guide-type.js';
import { writtenOrder } from './load-billing.js';
import { latin1Bytes } from './tiss-download.js';

describe('Faturamento, pure parts', () => {
  it('groups an appointment as the core bills it: a dentist’s is a GTO, one consultation a consulta, else SP/SADT', () => {
    expect(appointmentGuideType('CRM', ['consultation'])).toBe('consulta');
    expect(appointmentGuideType(undefined, ['exam'])).toBe('spsadt');
    expect(appointmentGuideType('CRM', ['consultation', 'exam'])).toBe('spsadt');
    expect(appointmentGuideType('CRM', [undefined])).toBe('spsadt');
    expect(appointmentGuideType('CRO', ['consultation'])).toBe('odonto');
    expect(appointmentGuideType('cro', ['exam', 'exam'])).toBe('odonto');
    expect(appointmentGuideType('08', ['procedure'])).toBe('odonto');
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
