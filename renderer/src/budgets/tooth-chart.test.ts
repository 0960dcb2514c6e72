import { describe, expect, it } from 'vitest';
import { isFdiTooth } from '#core/budget/budget-codes.js';
import { NO_TOOTH, TOOTH_ROWS, chooseRegion, clickTooth, selectionLabel, toggleFace } from './tooth-chart.js';

describe('the tooth chart', () => {
  it('draws the 32 permanent and 20 deciduous FDI teeth once each, patient’s right molars first', () => {
    const permanent = TOOTH_ROWS.permanent.flat();
    const deciduous = TOOTH_ROWS.deciduous.flat();
    expect(permanent).toHaveLength(32);
    expect(deciduous).toHaveLength(20);
    expect(new Set([...permanent, ...deciduous]).size).toBe(52);
    expect([...permanent, ...deciduous].every(isFdiTooth)).toBe(true);
    expect(TOOTH_ROWS.permanent[0]!.slice(6, 10)).toEqual(['12', '11', '21', '22']);
    expect(TOOTH_ROWS.permanent[1]![0]).toBe('48');
    expect(TOOTH_ROWS.deciduous[0]).toEqual(['55', '54', '53', '52', '51', '61', '62', '63', '64', '65']);
  });

  it('selects a tooth, toggles its faces in TISS order, and a second click clears it', () => {
    let s = clickTooth(NO_TOOTH, '36');
    s = toggleFace(s, 'M');
    s = toggleFace(s, 'O');
    s = toggleFace(s, 'D');
    expect(s).toEqual({ tooth: '36', toothFace: ['O', 'M', 'D'] });
    expect(selectionLabel(s)).toBe('36 O M D');
    expect(toggleFace(s, 'M').toothFace).toEqual(['O', 'D']);
    expect(clickTooth(s, '46')).toEqual({ tooth: '46', toothFace: [] });
    expect(clickTooth(s, '36')).toEqual({ toothFace: [] });
  });

  it('keeps a region and a tooth apart, as the core requires', () => {
    const region = chooseRegion('AS');
    expect(selectionLabel(region)).toBe('AS');
    expect(toggleFace(region, 'O')).toBe(region);
    expect(clickTooth(region, '11')).toEqual({ tooth: '11', toothFace: [] });
    expect(chooseRegion(null)).toEqual(NO_TOOTH);
    expect(() => clickTooth(NO_TOOTH, '19')).toThrow(/FDI/);
  });
});
