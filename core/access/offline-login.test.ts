import { describe, expect, it } from 'vitest';
import {
  createOfflineVerifier,
  shouldKeepVerifier,
  verifyOfflineLogin,
  type OfflineVerifier,
} from './offline-login.js';
import { userRecord } from './test-support.js';

// Few rounds keep the suite fast; production uses OFFLINE_ITERATIONS.
const ITERATIONS = 1_000;
const user = userRecord({ email: 'ana@clinica.com.br' });
const subject = {
  userId: user.id,
  tenantId: user.tenantId,
  email: 'Ana@Clinica.com.br ',
  name: user.name,
  role: user.role,
};
const monday = new Date('2026-11-23T08:00:00Z');
const day = 86_400_000;

async function verifier(password = 'senha do consultório'): Promise<OfflineVerifier> {
  return createOfflineVerifier(subject, password, { now: monday, validDays: 7, iterations: ITERATIONS });
}

describe('offline login on a desk', () => {
  it('keeps a salted hash, never the password', async () => {
    const v = await verifier();
    expect(JSON.stringify(v)).not.toContain('senha do consultório');
    expect(v).toMatchObject({ email: 'ana@clinica.com.br', algorithm: 'PBKDF2-SHA256', iterations: ITERATIONS });
    const again = await verifier();
    expect(again.salt).not.toBe(v.salt);
    expect(again.hash).not.toBe(v.hash);
  });

  it('lets the person in with the same password while the server is unreachable', async () => {
    const result = await verifyOfflineLogin([await verifier()], 'ANA@clinica.com.br', 'senha do consultório', monday);
    expect(result).toEqual({ ok: true, subject: { ...subject, email: 'ana@clinica.com.br' } });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const verifiers = [await verifier()];
    expect(await verifyOfflineLogin(verifiers, 'ana@clinica.com.br', 'outra senha', monday)).toEqual({
      ok: false,
      reason: 'credentials',
    });
    expect(await verifyOfflineLogin(verifiers, 'bia@clinica.com.br', 'senha do consultório', monday)).toEqual({
      ok: false,
      reason: 'credentials',
    });
  });

  it('stops working after the account-configured days, asking for the server', async () => {
    const verifiers = [await verifier()];
    const later = new Date(monday.getTime() + 7 * day);
    expect(await verifyOfflineLogin(verifiers, 'ana@clinica.com.br', 'senha do consultório', later)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses validity outside 1 to 30 days', async () => {
    await expect(createOfflineVerifier(subject, 'x', { now: monday, validDays: 0 })).rejects.toThrow(RangeError);
    await expect(createOfflineVerifier(subject, 'x', { now: monday, validDays: 31 })).rejects.toThrow(RangeError);
  });
});

describe('a sync drops the verifier of a user changed on the server', () => {
  it('keeps it while the user is unchanged', async () => {
    expect(shouldKeepVerifier(await verifier(), user)).toBe(true);
  });

  it.each([
    ['removed from the account', { active: false }],
    ['given another role', { role: 'reception' as const }],
    ['back to invited', { status: 'invited' as const }],
    ['whose password changed after the verifier', { credentialsChangedAt: '2026-11-24T10:00:00.000-03:00' }],
  ])('drops it for a user %s', async (_label, change) => {
    expect(shouldKeepVerifier(await verifier(), { ...user, ...change })).toBe(false);
  });

  it('drops it when the user record is gone or belongs to another account', async () => {
    const v = await verifier();
    expect(shouldKeepVerifier(v, undefined)).toBe(false);
    expect(shouldKeepVerifier(v, { ...user, tenantId: 'outra' })).toBe(false);
  });

  it('keeps it when the password changed before the verifier was made', async () => {
    expect(
      shouldKeepVerifier(await verifier(), { ...user, credentialsChangedAt: '2026-11-20T10:00:00.000-03:00' }),
    ).toBe(true);
  });
});
