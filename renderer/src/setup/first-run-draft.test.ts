import { describe, expect, it } from 'vitest';
import {
  emptyFirstRun,
  filledProcedures,
  firstRunKey,
  priceOf,
  readFirstRun,
  writeFirstRun,
} from './first-run-draft.js';
import { firstRunDue, leaveFirstRun, openFirstRun } from './first-run-open.js';

/** A localStorage stand-in (the browser's own is what runs in the desk). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the first-run draft', () => {
  it('comes back as typed, per account, on the step it was left at', () => {
    const storage = memoryStorage();
    const draft = emptyFirstRun();
    draft.clinic.name = 'Clínica Vida';
    draft.step = 'procedures';
    draft.procedures = [{ name: 'Consulta', minutes: '30', price: '150,00', event: 'ev1' }];
    writeFirstRun(storage, 't1', draft);
    expect(readFirstRun(storage, 't1')).toEqual(draft);
    expect(readFirstRun(storage, 't2')).toBeUndefined();
  });

  it('starts over from a damaged entry, and keeps unknown steps on the first', () => {
    const storage = memoryStorage();
    storage.setItem(firstRunKey('t1'), '{not json');
    expect(readFirstRun(storage, 't1')).toBeUndefined();
    storage.setItem(firstRunKey('t1'), JSON.stringify({ step: 'gone', clinic: emptyFirstRun().clinic }));
    expect(readFirstRun(storage, 't1')?.step).toBe('clinic');
  });

  it('opens Monday to Friday 08:00–18:00 until changed', () => {
    const hours = emptyFirstRun().clinic.hours;
    expect(hours[1]).toEqual([{ start: '08:00', end: '18:00' }]);
    expect(hours[6]).toEqual([]);
    expect(hours[0]).toEqual([]);
  });

  it('reads prices as people type them and ignores blank rows', () => {
    expect(priceOf('R$ 1.234,56')).toBe(1234.56);
    expect(priceOf('150')).toBe(150);
    expect(priceOf('cento e vinte')).toBeUndefined();
    const rows = [
      { name: '', minutes: '30', price: '' },
      { name: 'Limpeza', minutes: '40', price: '' },
    ];
    expect(filledProcedures(rows).map((r) => r.index)).toEqual([1]);
  });
});

describe('when the assistant shows', () => {
  it('shows for an account with no clinic or an unfinished draft, until left for the session', () => {
    expect(firstRunDue(undefined, false)).toBe(true);
    expect(firstRunDue(undefined, true)).toBe(false);
    expect(firstRunDue({ finished: false }, true)).toBe(true);
    expect(firstRunDue({ finished: true }, false)).toBe(false);
    leaveFirstRun();
    expect(firstRunDue(undefined, false)).toBe(false);
    const storage = memoryStorage();
    openFirstRun(storage, 't1');
    expect(readFirstRun(storage, 't1')?.finished).toBe(false);
    expect(firstRunDue(readFirstRun(storage, 't1'), true)).toBe(true);
  });
});
