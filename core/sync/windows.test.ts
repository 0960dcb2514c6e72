import { describe, expect, it } from 'vitest';
import type { SyncDocument } from './protocol.js';
import { DEFAULT_SYNC_WINDOWS, readSyncWindows, sendsDown, throughWindow } from './windows.js';

const now = new Date('2026-11-23T12:00:00Z');
const doc = (fields: Record<string, unknown>): SyncDocument => ({ id: 'a', _deleted: false, ...fields });

describe('sync windows', () => {
  it('keeps documents of a `since` window from N days back onward, the future and unreadable dates included', () => {
    const window = { since: 'startUtc', days: 90 };
    expect(throughWindow(window, doc({ startUtc: '2026-08-26T12:00:00Z' }), now, false)).toBeDefined();
    expect(throughWindow(window, doc({ startUtc: '2026-08-24T12:00:00Z' }), now, false)).toBeUndefined();
    expect(throughWindow(window, doc({ startUtc: '2027-01-01T12:00:00Z' }), now, false)).toBeDefined();
    expect(throughWindow(window, doc({}), now, false)).toBeDefined();
    // Tombstones always go down: an installation holding the document must drop it.
    expect(throughWindow(window, { ...doc({ startUtc: '2020-01-01' }), _deleted: true }, now, false)).toBeDefined();
  });

  it('turns a document that left a `where` window into a tombstone on incremental pulls only', () => {
    const window = { where: { active: true } };
    expect(throughWindow(window, doc({ active: true }), now, true)).toMatchObject({ _deleted: false });
    expect(throughWindow(window, doc({ active: false }), now, false)).toBeUndefined();
    expect(throughWindow(window, doc({ active: false }), now, true)).toMatchObject({ id: 'a', _deleted: true });
  });

  it('reads CLINIC_SYNC_WINDOWS over the defaults and stops on a bad value', () => {
    expect(readSyncWindows(undefined)).toBe(DEFAULT_SYNC_WINDOWS);
    const windows = readSyncWindows('{"appointments":"all","patients":"never"}');
    expect(windows.appointments).toBe('all');
    expect(windows.budgets).toEqual(DEFAULT_SYNC_WINDOWS.budgets);
    expect(sendsDown(windows, 'patients')).toBe(false);
    expect(sendsDown(windows, 'clinics')).toBe(true);
    expect(() => readSyncWindows('{"appointments":{"since":"startUtc","days":0}}')).toThrow(/CLINIC_SYNC_WINDOWS/);
    expect(() => readSyncWindows('{"appointments":"some"}')).toThrow(/CLINIC_SYNC_WINDOWS/);
    expect(() => readSyncWindows('não é json')).toThrow(/JSON/);
  });
});
