import { describe, expect, it } from 'vitest';
import { hashPin, kioskExitGate, LOCK_MS, MAX_ATTEMPTS, parseKioskConfig, verifyPin } from './kiosk-pin.js';

describe('kiosk PIN', () => {
  const stored = hashPin('2468');

  it('verifies the PIN it hashed, and nothing else', () => {
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain('2468');
    expect(verifyPin('2468', stored)).toBe(true);
    expect(verifyPin('2469', stored)).toBe(false);
    expect(verifyPin('', stored)).toBe(false);
    expect(verifyPin('2468', 'md5$abc')).toBe(false);
  });

  it('refuses to hash a PIN that is not 4 to 12 digits', () => {
    expect(() => hashPin('12')).toThrow(RangeError);
    expect(() => hashPin('12ab')).toThrow(RangeError);
  });

  it('reads the hash from kiosk.json, ignoring a broken file', () => {
    expect(parseKioskConfig(JSON.stringify({ pinHash: stored }))).toBe(stored);
    expect(parseKioskConfig('{broken')).toBeUndefined();
    expect(parseKioskConfig(undefined)).toBeUndefined();
  });

  it('locks after repeated wrong PINs, even for the right one, until the lock lapses', () => {
    let now = 1_000_000;
    const gate = kioskExitGate(stored, () => now);
    for (let i = 1; i < MAX_ATTEMPTS; i++) expect(gate.attempt('0000')).toEqual({ ok: false, reason: 'wrong' });
    expect(gate.attempt('0000')).toEqual({ ok: false, reason: 'locked', retryInSeconds: LOCK_MS / 1000 });
    expect(gate.attempt('2468')).toMatchObject({ ok: false, reason: 'locked' });
    now += LOCK_MS;
    expect(gate.attempt('2468')).toEqual({ ok: true });
  });

  it('lets nobody out from the screen when no PIN was set', () => {
    expect(kioskExitGate(undefined).attempt('2468')).toEqual({ ok: false, reason: 'unset' });
  });
});
