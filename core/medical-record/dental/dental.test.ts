import { describe, expect, it } from 'vitest';
import { currentChart } from './dental-chart.js';
import { dentalEntryPushProblems } from './dental-sync.js';
import { ALL_TEETH, toothInfo } from './teeth.js';

describe('teeth by FDI number (MED-044)', () => {
  it('names permanent and deciduous teeth in pt-BR with the faces they have', () => {
    expect(toothInfo('11')).toEqual({
      tooth: '11',
      name: 'Incisivo central superior direito',
      dentition: 'permanent',
      arch: 'upper',
      faces: ['M', 'D', 'V', 'P', 'I'],
    });
    expect(toothInfo('36')).toMatchObject({
      name: 'Primeiro molar inferior esquerdo',
      faces: ['M', 'D', 'V', 'L', 'O'],
    });
    expect(toothInfo('48')!.name).toBe('Terceiro molar inferior direito');
    expect(toothInfo('55')).toMatchObject({ name: 'Segundo molar decíduo superior direito', dentition: 'deciduous' });
    expect(toothInfo('73')!.name).toBe('Canino decíduo inferior esquerdo');
    for (const bad of ['19', '56', '10', '91', '1', 'ab', '361']) expect(toothInfo(bad)).toBeUndefined();
    expect(ALL_TEETH).toHaveLength(52);
    expect(new Set(ALL_TEETH.map((t) => t.name)).size).toBe(52);
  });
});

describe('the current chart from entries', () => {
  const at = (n: number) => ({ at: `2026-11-2${n}T09:00:00-03:00`, atUtc: `2026-11-2${n}T12:00:00.000Z`, id: `e${n}` });
  it('applies whole-tooth and face states in time order, whatever the order given; hígido resets', () => {
    const chart = currentChart([
      { tooth: '36', state: 'restaurado', faces: ['O'], ...at(3) },
      { tooth: '36', state: 'cariado', faces: ['O', 'M'], ...at(1) },
      { tooth: '36', state: 'tratamento_canal', ...at(2) },
      { tooth: '11', state: 'ausente', ...at(1) },
      { tooth: '11', state: 'higido', ...at(2) },
    ]);
    expect(chart.get('36')).toEqual({
      tooth: '36',
      state: 'tratamento_canal',
      faces: { O: 'restaurado', M: 'cariado' },
      updatedAt: at(3).at,
    });
    expect(chart.get('11')).toEqual({ tooth: '11', faces: {}, updatedAt: at(2).at });
  });

  it('refuses on sync a changed entry or faces the tooth lacks', () => {
    const entry = { tooth: '36', state: 'cariado', faces: ['O'], patient: 'p' };
    expect(dentalEntryPushProblems(entry, undefined)).toEqual([]);
    expect(dentalEntryPushProblems({ ...entry, faces: ['I'] }, undefined)[0]!.path).toBe('faces.0');
    expect(dentalEntryPushProblems({ ...entry, state: 'ausente' }, undefined)[0]!.path).toBe('faces');
    expect(dentalEntryPushProblems({ ...entry, state: 'restaurado' }, entry).map((p) => p.path)).toEqual(['state']);
  });
});
