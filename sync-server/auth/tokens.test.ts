import { describe, expect, it } from 'vitest';
import { fixedClock } from '#core/clock.js';
import { AccessTokens, ACCESS_TOKEN_SECONDS, opaqueToken, tokenHash } from './tokens.js';

const key = new TextEncoder().encode('k'.repeat(32));
const claims = { userId: 'u1', tenantId: 't1', sessionId: 's1' };

describe('access tokens', () => {
  it('round-trips the claims until expiry', async () => {
    const token = await new AccessTokens(key, fixedClock('2026-11-23T12:00:00Z')).sign(claims);
    expect(await new AccessTokens(key, fixedClock('2026-11-23T12:09:00Z')).verify(token)).toEqual(claims);
    const later = new Date(Date.parse('2026-11-23T12:00:00Z') + ACCESS_TOKEN_SECONDS * 1000 + 1000);
    expect(await new AccessTokens(key, fixedClock(later.toISOString())).verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another key, or tampered with', async () => {
    const clock = fixedClock('2026-11-23T12:00:00Z');
    const token = await new AccessTokens(key, clock).sign(claims);
    expect(await new AccessTokens(new TextEncoder().encode('x'.repeat(32)), clock).verify(token)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin', tid: 't2' })).toString('base64url');
    expect(await new AccessTokens(key, clock).verify(`${header}.${forged}.${signature}`)).toBeUndefined();
    expect(await new AccessTokens(key, clock).verify('lixo')).toBeUndefined();
  });

  it('makes opaque tokens unguessable and stores only their hash', () => {
    const a = opaqueToken('rt');
    expect(a).toMatch(/^rt_[\w-]{43}$/);
    expect(opaqueToken('rt')).not.toBe(a);
    expect(tokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});
