import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedAccount, startTestServer, type TestServer } from '../../../sync-server/auth/test-server.js';
import { signIn, type SignInDeps } from './sign-in.js';
import { readVerifiers } from './verifiers.js';

/** A Storage over a Map: the desk's localStorage. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

const unreachable: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
const EMAIL = 'carla@sorriso.com.br';
const PASSWORD = 'senha comprida da recepção';

describe('signing in on a desk against the real server', () => {
  let server: TestServer;
  let deps: SignInDeps;
  let now: Date;

  beforeEach(async () => {
    server = await startTestServer();
    await seedAccount(server, 'Clínica Sorriso', { email: EMAIL, password: PASSWORD });
    now = new Date('2026-11-23T12:00:00Z');
    deps = {
      baseUrl: 'http://clinic.test',
      storage: memoryStorage(),
      now: () => now,
      fetchFn: async (url, init) => server.app.request(url instanceof Request ? url.url : url.toString(), init),
      iterations: 1000,
    };
  });
  afterEach(() => server.close());

  it('signs in online, and then offline with the same password while the server is down', async () => {
    const online = await signIn(deps, { email: EMAIL, password: PASSWORD });
    expect(online).toMatchObject({ ok: true, session: { mode: 'online', user: { email: EMAIL, role: 'admin' } } });
    expect(online.ok && online.session.accessToken).toBeTruthy();
    expect(JSON.stringify(readVerifiers(deps.storage))).not.toContain(PASSWORD);

    const offline = await signIn(
      { ...deps, fetchFn: unreachable },
      { email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD },
    );
    expect(offline).toMatchObject({
      ok: true,
      session: { mode: 'offline', user: { email: EMAIL, name: 'Admin Clínica Sorriso' } },
    });
    expect(offline.ok && offline.session.accessToken).toBeUndefined();
  });

  it('refuses a wrong password online without trying offline, and offline alike', async () => {
    await signIn(deps, { email: EMAIL, password: PASSWORD });
    expect(await signIn(deps, { email: EMAIL, password: 'errada' })).toEqual({ ok: false, reason: 'credentials' });
    expect(await signIn({ ...deps, fetchFn: unreachable }, { email: EMAIL, password: 'errada' })).toEqual({
      ok: false,
      reason: 'credentials',
    });
  });

  it('tells a person who never signed in here to connect first, and an expired one to reconnect', async () => {
    const down = { ...deps, fetchFn: unreachable };
    expect(await signIn(down, { email: EMAIL, password: PASSWORD })).toEqual({
      ok: false,
      reason: 'offlineNoVerifier',
    });
    await signIn(deps, { email: EMAIL, password: PASSWORD });
    now = new Date('2026-12-01T12:00:00Z'); // 8 days later; offline access lasts 7
    expect(await signIn(down, { email: EMAIL, password: PASSWORD })).toEqual({ ok: false, reason: 'offlineExpired' });
  });

  it('says how long to wait when the server rate-limits the attempts', async () => {
    let last;
    for (let attempt = 0; attempt < 30; attempt++) {
      last = await signIn(deps, { email: EMAIL, password: `errada-${attempt}` });
      if (!last.ok && last.reason === 'rateLimited') break;
    }
    expect(last).toMatchObject({ ok: false, reason: 'rateLimited' });
    expect(last && !last.ok && last.reason === 'rateLimited' && last.seconds).toBeGreaterThan(0);
  });
});
