/**
 * The totem's exit PIN: in kiosk mode the window cannot be closed, and only someone who knows the
 * admin PIN leaves (issue 8). The PIN is kept as a scrypt hash in `kiosk.json` in the app's data
 * folder, written by `Clinic --set-kiosk-pin=<digits>` at installation; wrong guesses lock it for a
 * while, so a patient cannot try every 4-digit PIN at the screen.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt cost: N=2^14, r=8, p=1 (about 16 MiB and 50 ms; a PIN is typed rarely). */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** A PIN is 4 to 12 digits: typed on the totem's on-screen keypad. */
export const PIN_PATTERN = /^\d{4,12}$/;

/** Wrong PINs allowed before a lock, and how long the lock lasts. */
export const MAX_ATTEMPTS = 5;
export const LOCK_MS = 5 * 60_000;

/**
 * Hashes a PIN for kiosk.json: `scrypt$N$r$p$<salt b64>$<hash b64>`.
 * @throws RangeError when `pin` is not 4 to 12 digits.
 */
export function hashPin(pin: string, salt: Buffer = randomBytes(16)): string {
  if (!PIN_PATTERN.test(pin)) throw new RangeError('the kiosk PIN must be 4 to 12 digits');
  const hash = scryptSync(pin, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Whether `pin` matches `stored`; false for anything malformed. */
export function verifyPin(pin: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || !PIN_PATTERN.test(pin)) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(pin, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Reads the stored hash from kiosk.json's text; undefined when absent or unreadable. */
export function parseKioskConfig(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { pinHash?: unknown };
    return typeof parsed.pinHash === 'string' ? parsed.pinHash : undefined;
  } catch {
    return undefined;
  }
}

/** Outcome of an exit attempt, for the totem's PIN screen. */
export type KioskExitResult =
  { ok: true } | { ok: false; reason: 'wrong' | 'unset' } | { ok: false; reason: 'locked'; retryInSeconds: number };

/**
 * The exit gate: checks PINs against `storedHash`, counting failures and locking after
 * {@link MAX_ATTEMPTS} of them for {@link LOCK_MS}. Without a stored PIN nobody exits from the
 * screen (the totem is closed from the operating system).
 */
export function kioskExitGate(storedHash: string | undefined, now: () => number = Date.now) {
  let failures = 0;
  let lockedUntil = 0;
  return {
    attempt(pin: unknown): KioskExitResult {
      if (!storedHash) return { ok: false, reason: 'unset' };
      const at = now();
      if (at < lockedUntil)
        return { ok: false, reason: 'locked', retryInSeconds: Math.ceil((lockedUntil - at) / 1000) };
      if (typeof pin === 'string' && verifyPin(pin, storedHash)) {
        failures = 0;
        return { ok: true };
      }
      failures += 1;
      if (failures >= MAX_ATTEMPTS) {
        failures = 0;
        lockedUntil = at + LOCK_MS;
        return { ok: false, reason: 'locked', retryInSeconds: LOCK_MS / 1000 };
      }
      return { ok: false, reason: 'wrong' };
    },
  };
}
