import { describe, expect, it } from 'vitest';
import { toothInfo } from '#core/medical-record/dental/teeth.js';
import { faceLayout, moveTooth, registration } from './odontogram.js';

describe('the odontogram drawing', () => {
  it('puts vestibular towards the lips and mesial towards the midline, on both sides and arches', () => {
    expect(faceLayout('16')).toEqual({ top: 'V', bottom: 'P', left: 'D', right: 'M', center: 'O' });
    expect(faceLayout('21')).toEqual({ top: 'V', bottom: 'P', left: 'M', right: 'D', center: 'I' });
    expect(faceLayout('36')).toEqual({ top: 'L', bottom: 'V', left: 'M', right: 'D', center: 'O' });
    expect(faceLayout('43')).toEqual({ top: 'L', bottom: 'V', left: 'D', right: 'M', center: 'I' });
    expect(faceLayout('55').right).toBe('M');
    expect(faceLayout('75').bottom).toBe('V');
    // Every drawn face is one the core accepts for that tooth.
    for (const tooth of ['11', '18', '24', '33', '47', '51', '65', '72', '84'])
      expect(Object.values(faceLayout(tooth)).sort()).toEqual([...toothInfo(tooth)!.faces].sort());
    expect(() => faceLayout('19')).toThrow(/FDI/);
  });

  it('moves between teeth with the arrow keys within the dentition shown', () => {
    expect(moveTooth('11', 'ArrowRight')).toBe('21');
    expect(moveTooth('11', 'ArrowLeft')).toBe('12');
    expect(moveTooth('18', 'ArrowLeft')).toBe('18');
    expect(moveTooth('36', 'ArrowUp')).toBe('26');
    expect(moveTooth('26', 'ArrowDown')).toBe('36');
    expect(moveTooth('45', 'Home')).toBe('48');
    expect(moveTooth('45', 'End')).toBe('38');
    expect(moveTooth('51', 'ArrowRight')).toBe('61');
    expect(moveTooth('11', 'Enter')).toBeUndefined();
  });

  it('asks faces of a face state and drops them from a whole-tooth state', () => {
    const draft = { state: 'cariado' as const, faces: [], note: ' ' };
    expect(registration('p', '36', draft, 'r')).toEqual({ ok: false, reason: 'faces' });
    expect(registration('p', '36', { ...draft, faces: ['O', 'M'] }, 'r')).toEqual({
      ok: true,
      input: { id: 'p', tooth: '36', state: 'cariado', faces: ['O', 'M'], medicalRecord: 'r' },
    });
    expect(
      registration('p', '36', { state: 'tratamento_canal', faces: ['O'], event: 'e', note: ' sessão 1 ' }, 'r'),
    ).toEqual({
      ok: true,
      input: { id: 'p', tooth: '36', state: 'tratamento_canal', event: 'e', note: 'sessão 1', medicalRecord: 'r' },
    });
  });
});
