import { describe, expect, it } from 'vitest';
import { bareCode, cid10Table } from './cid10.js';

const table = await cid10Table();
const findCid10 = (code: string) => table.find(code);
const searchCid10 = (query: string, limit?: number) => table.search(query, limit);

describe('CID-10 (DATASUS 2008)', () => {
  it('ships every subcategory of the table, loaded once', async () => {
    expect(table.size).toBe(12_451);
    expect(await cid10Table()).toBe(table);
  });

  it('finds a code with or without its dot, any case', () => {
    expect(findCid10('J45.0')).toEqual({ code: 'J45.0', description: 'Asma predominantemente alérgica' });
    expect(findCid10('j450')).toEqual(findCid10('J45.0'));
    expect(findCid10('A34')).toEqual({ code: 'A34', description: 'Tétano obstétrico', sex: 'F' });
    expect(findCid10('Z99.9')).toBeDefined();
    expect(findCid10('J45.7')).toBeUndefined();
    expect(bareCode(' i10 ')).toBe('I10');
  });

  it('keeps the sex restriction of the table', () => {
    expect(findCid10('N40')?.sex).toBe('M');
    expect(findCid10('C51.0')?.sex).toBe('F');
    expect(findCid10('I10')?.sex).toBeUndefined();
  });

  it('searches by code prefix, in code order', () => {
    expect(searchCid10('J45').map((e) => e.code)).toEqual(['J45.0', 'J45.1', 'J45.8', 'J45.9']);
    expect(searchCid10('e11.9', 5).map((e) => e.code)).toEqual(['E11.9']);
  });

  it('searches by words ignoring accents and case; every word must start a word of the description', () => {
    expect(searchCid10('asma ALERGICA').map((e) => e.code)).toEqual(['J45.0', 'J45.1']); // "não-alérgica" too
    expect(searchCid10('ASMA predominantemente').map((e) => e.code)).toEqual(['J45.0']);
    expect(searchCid10('hipertensao essencial').map((e) => e.code)).toContain('I10');
    expect(searchCid10('colera', 2).map((e) => e.code)).toEqual(['A00.0', 'A00.1']);
    expect(searchCid10('xyzzy')).toEqual([]);
    expect(searchCid10('   ')).toEqual([]);
  });
});
