import { describe, expect, it, vi } from 'vitest';
import { checkHealth, DEFAULT_SERVER_URL, readServerUrl, SERVER_URL_KEY } from './health.js';

function storage(value: string | null): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === SERVER_URL_KEY ? value : null) };
}

function answer(body: string, status = 200): typeof fetch {
  return vi.fn(() => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } })));
}

describe('readServerUrl', () => {
  it('defaults to the local sync server', () => {
    expect(readServerUrl(storage(null))).toBe(DEFAULT_SERVER_URL);
    expect(readServerUrl(storage('   '))).toBe(DEFAULT_SERVER_URL);
    expect(readServerUrl(undefined)).toBe(DEFAULT_SERVER_URL);
  });

  it('uses the stored URL without trailing slashes', () => {
    expect(readServerUrl(storage(' https://sync.clinica.com.br/ '))).toBe('https://sync.clinica.com.br');
  });

  it('survives storage that throws (blocked by privacy settings)', () => {
    const blocked = {
      getItem: (): string | null => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readServerUrl(blocked)).toBe(DEFAULT_SERVER_URL);
  });
});

describe('checkHealth', () => {
  it('is online for {status: "ok"} from /health', async () => {
    const fetchFn = answer('{"status":"ok","version":"1"}');
    await expect(checkHealth('http://server:3000', fetchFn)).resolves.toBe('online');
    expect(fetchFn).toHaveBeenCalledWith('http://server:3000/health', expect.objectContaining({ cache: 'no-store' }));
  });

  it('is offline for errors, other statuses and non-JSON answers', async () => {
    await expect(checkHealth('http://s', answer('{"status":"ok"}', 503))).resolves.toBe('offline');
    await expect(checkHealth('http://s', answer('{"status":"starting"}'))).resolves.toBe('offline');
    await expect(checkHealth('http://s', answer('<html>captive portal</html>'))).resolves.toBe('offline');
    await expect(checkHealth('http://s', answer('null'))).resolves.toBe('offline');
    const refused = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(checkHealth('http://s', refused)).resolves.toBe('offline');
  });

  it('gives up after the timeout', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError'))),
      );
    await expect(checkHealth('http://s', hanging, 20)).resolves.toBe('offline');
  });
});
