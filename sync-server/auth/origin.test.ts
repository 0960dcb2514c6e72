import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readAccessConfig } from './access-config.js';
import { requestOrigin } from './origin.js';

async function originOf(headers: Record<string, string>, trustProxy: boolean) {
  const app = new Hono();
  app.get('/', (c) => c.json(requestOrigin(c, trustProxy)));
  return (await app.request('/', { headers })).json() as Promise<unknown>;
}

describe('requestOrigin', () => {
  it('takes the address our proxy appended, not what the client claimed', async () => {
    expect(await originOf({ 'x-forwarded-for': '6.6.6.6, 203.0.113.4', 'user-agent': 'desk' }, true)).toEqual({
      ip: '203.0.113.4',
      userAgent: 'desk',
    });
  });

  it('ignores X-Forwarded-For unless told the server sits behind a proxy', async () => {
    expect(await originOf({ 'x-forwarded-for': '6.6.6.6' }, false)).toEqual({ ip: 'unknown', userAgent: '' });
  });
});

describe('readAccessConfig', () => {
  it('keeps sign-up closed and the proxy untrusted by default', () => {
    expect(readAccessConfig({})).toEqual({
      jwtSecret: undefined,
      trustProxy: false,
      signup: false,
      apiKeyRatePerMinute: 1200,
    });
  });

  it('reads the switches and refuses typos', () => {
    expect(
      readAccessConfig({ CLINIC_SIGNUP: 'open', CLINIC_TRUST_PROXY: '1', CLINIC_API_KEY_RATE: '60' }),
    ).toMatchObject({
      signup: true,
      trustProxy: true,
      apiKeyRatePerMinute: 60,
    });
    expect(() => readAccessConfig({ CLINIC_SIGNUP: 'aberto' })).toThrow(/CLINIC_SIGNUP/);
    expect(() => readAccessConfig({ CLINIC_API_KEY_RATE: 'muitas' })).toThrow(/CLINIC_API_KEY_RATE/);
  });
});
