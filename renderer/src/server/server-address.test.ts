import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type LocalServer } from '../../../test/e2e/http.js';
import { SERVER_URL_KEY } from './health.js';
import {
  hasChosenServer,
  normaliseServerUrl,
  probeServer,
  saveServerUrl,
  serverFromAddress,
} from './server-address.js';

let clinic: LocalServer;
let router: LocalServer;
let noDatabase: LocalServer;
let closed: string;

beforeAll(async () => {
  clinic = await listenLocal((request, response) => {
    response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'ok', version: '0.1.0', time: new Date().toISOString() }));
  });
  router = await listenLocal((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body>Roteador</body></html>');
  });
  noDatabase = await listenLocal((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'unavailable', version: '0.1.0' }));
  });
  const gone = await listenLocal((_request, response) => response.end());
  closed = gone.url;
  await gone.close();
});

afterAll(async () => {
  await Promise.all([clinic, router, noDatabase].map((s) => s?.close()));
});

describe('the server address a desk keeps', () => {
  it('reads the address as people type it', () => {
    expect(normaliseServerUrl(' 192.168.0.10:3000 ')).toBe('http://192.168.0.10:3000');
    expect(normaliseServerUrl('https://sync.clinica.com.br/')).toBe('https://sync.clinica.com.br');
    expect(normaliseServerUrl('http://servidor:3000/clinic/?x=1#y')).toBe('http://servidor:3000/clinic');
    expect(normaliseServerUrl('')).toBeUndefined();
    expect(normaliseServerUrl('ftp://servidor')).toBeUndefined();
    expect(normaliseServerUrl('servidor da clínica')).toBeUndefined();
  });

  it('keeps only an address where a Clinic server answers /health, and says why otherwise', async () => {
    await expect(probeServer(`${clinic.url}/`)).resolves.toEqual({ ok: true, url: clinic.url });
    await expect(probeServer(closed)).resolves.toEqual({ ok: false, reason: 'unreachable', url: closed });
    await expect(probeServer(router.url)).resolves.toEqual({ ok: false, reason: 'notClinic', url: router.url });
    await expect(probeServer(noDatabase.url)).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
      url: noDatabase.url,
    });
    await expect(probeServer('não é endereço')).resolves.toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('remembers the chosen address; a first run has none', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => values.set(k, v),
    };
    expect(hasChosenServer(storage)).toBe(false);
    saveServerUrl(storage, 'http://192.168.0.10:3000');
    expect(values.get(SERVER_URL_KEY)).toBe('http://192.168.0.10:3000');
    expect(hasChosenServer(storage)).toBe(true);
  });

  it('takes the proposed server from the page address (?server=)', () => {
    expect(serverFromAddress('http://desk/?server=http%3A%2F%2F10.0.0.5%3A3000')).toBe('http://10.0.0.5:3000');
    expect(serverFromAddress('http://desk/')).toBeUndefined();
  });
});
