import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.js';
import { cleanName, prefixRange, searchKey } from './text.js';

describe('search keys', () => {
  it('ignore accents, case, apostrophes and extra spaces', () => {
    expect(searchKey('  José  D’Ávila-Conceição ')).toBe('jose davila conceicao');
    expect(searchKey('JOÃO')).toBe(searchKey('joao'));
    expect(searchKey('Ângela Müller')).toBe('angela muller');
  });

  it('drop characters beyond the BMP, which SQLite and RxDB would order differently', () => {
    expect(searchKey('Ana 😀 Lima')).toBe('ana lima');
  });

  it('select every key with the prefix and nothing else', () => {
    const range = prefixRange('mar');
    const inRange = (key: string) => key >= range.$gte && (range.$lt === undefined || key < range.$lt);
    expect(['mar', 'maria', 'marcos silva', 'marzz'].every(inRange)).toBe(true);
    expect(['ma', 'mas', 'ana maria', 'mbr'].some(inRange)).toBe(false);
    expect(prefixRange('')).toEqual({ $gte: '' });
  });

  it('names keep their accents and case, spaces collapsed', () => {
    expect(cleanName('  Maria   da  Silva ')).toBe('Maria da Silva');
  });
});

describe('phone numbers', () => {
  it('normalise what the desk types to E.164, Brazil assumed', () => {
    expect(normalisePhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalisePhone('11 98765 4321')).toBe('+5511987654321');
    expect(normalisePhone('+55 11 98765-4321')).toBe('+5511987654321');
    expect(normalisePhone('(21) 3333-4444')).toBe('+552133334444');
  });

  it('accept foreign numbers written with their country code', () => {
    expect(normalisePhone('+351 912 345 678')).toBe('+351912345678');
  });

  it('refuse an area code that does not exist, a missing area code and text', () => {
    expect(normalisePhone('(20) 98765-4321')).toBeUndefined();
    expect(normalisePhone('98765-4321')).toBeUndefined();
    expect(normalisePhone('ligar depois')).toBeUndefined();
  });
});
