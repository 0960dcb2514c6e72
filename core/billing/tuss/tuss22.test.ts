import { describe, expect, it } from 'vitest';
import { bareTussCode, findTuss22, searchTuss22, tuss22Table } from './tuss22.js';

const table = await tuss22Table();
const codes = async (query: string, limit?: number) =>
  (await searchTuss22(query, limit ? { limit } : {})).map((e) => e.code);

describe('TUSS table 22 (ANS, 2020 snapshot)', () => {
  it('ships every term of the snapshot, loaded once', async () => {
    expect(table.size).toBe(5_907);
    expect(await tuss22Table()).toBe(table);
  });

  it('finds a code as people write it', async () => {
    expect(await findTuss22('10101012')).toEqual({
      code: '10101012',
      term: 'Consulta em consultório (no horário normal ou preestabelecido)',
      validFrom: '2009-02-13',
      ended: false,
    });
    expect(await findTuss22(' 1.01.01.01-2 ')).toEqual(await findTuss22('10101012'));
    expect((await findTuss22('40304361'))?.term).toMatch(/^Hemograma com contagem de plaquetas/);
    expect(await findTuss22('99999999')).toBeUndefined();
    expect(bareTussCode('4.03.04.36-1')).toBe('40304361');
  });

  it('names a renamed code by its term in force, and keeps a withdrawn one marked ended', async () => {
    expect(await findTuss22('30904170')).toMatchObject({
      term: 'Implante de monitor de eventos (Looper implantável)',
      ended: false,
    });
    expect(await findTuss22('20102111')).toMatchObject({ validTo: '2016-01-14', ended: true });
  });

  it('searches by code prefix, terms in force first, in code order', async () => {
    expect(await codes('1010101')).toEqual(['10101012']);
    expect(await codes('10101')).toEqual(['10101012', '10101020', '10101039']);
    expect(await codes('1.01.01', 2)).toEqual(['10101012', '10101020']);
    const renamed = await searchTuss22('30904170');
    expect(renamed.map((e) => e.ended)).toEqual([false, true]);
  });

  it('searches by words ignoring accents and case; every word must start a word of the term', async () => {
    expect(await codes('consulta CONSULTORIO')).toEqual(['10101012']);
    expect(await codes('consulta domicilio')).toEqual(['10101020']);
    expect(await codes('hemograma plaquetas')).toContain('40304361');
    // The term in force (20102119) before the one that ended in 2016 (20102111).
    expect(await codes('monitorizacao eletrocardiografica programada')).toEqual(['20102119', '20102111']);
    const crossLinking = await searchTuss22('cross linking');
    expect(crossLinking.map((e) => [e.code, e.ended])).toEqual([
      ['30304156', false],
      ['30304156', true],
    ]);
    expect(await codes('xyzzy')).toEqual([]);
    expect(await codes('   ')).toEqual([]);
    expect(await codes('consulta', 3)).toHaveLength(3);
  });
});
