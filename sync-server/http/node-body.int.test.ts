/**
 * The server over a real socket (`@hono/node-server`), where bodies are read from Node's request
 * and limited by their Content-Length without Hono's web Request: the answers must be those
 * `app.request()` gives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { buildServer, type BuiltServer } from '../server.js';

const KEY = 'chave-do-teste-de-socket-0001';
const LIMIT = 4096;
const dir = mkdtempSync(join(tmpdir(), 'clinic-node-body-'));
let built: BuiltServer;
let server: ServerType;
let port: number;

beforeAll(async () => {
  const config = readConfig({
    DATABASE_URL: join(dir, 'clinic.db'),
    CLINIC_API_KEY: KEY,
    CLINIC_BODY_LIMIT: String(LIMIT),
  });
  built = await buildServer(config, pino({ level: 'silent' }));
  server = serve({ fetch: built.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await built.database.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** Sends `chunks` as the body: with Content-Length unless `chunked`. */
function send(method: string, path: string, chunks: Buffer[], options: { chunked?: boolean } = {}): Promise<Answer> {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          'auth-bearer': KEY,
          'content-type': 'application/json',
          ...(options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': length }),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          });
        });
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('request bodies over a socket', () => {
  it('reads a UTF-8 body split across packets, with a byte-order mark, as the same record', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json({ name: 'Clínica São José' })]);
    // Split inside "í" so a chunk ends mid-character.
    const cut = body.indexOf(Buffer.from('í')) + 1;
    const res = await send('POST', '/clinic/', [body.subarray(0, cut), body.subarray(cut)]);
    expect(res.status).toBe(201);
    expect((res.body.clinic as { name: string }).name).toBe('Clínica São José');
  });

  it('refuses a body whose Content-Length passes the limit with 413, and stores nothing', async () => {
    const res = await send('POST', '/clinic/', [json({ name: 'x'.repeat(LIMIT) })]);
    expect(res.status).toBe(413);
    expect((res.body.error as { code: string }).code).toBe('payload_too_large');
    const list = await send('GET', '/clinic/', []);
    expect(JSON.stringify(list.body)).not.toContain('xxxx');
  });

  it('limits a chunked body too, and takes a small chunked one', async () => {
    const big = await send('POST', '/clinic/', [json({ name: 'y'.repeat(LIMIT) })], { chunked: true });
    expect(big.status).toBe(413);
    const small = await send('POST', '/clinic/', [Buffer.from('{"name":"Clínica '), Buffer.from('Norte"}')], {
      chunked: true,
    });
    expect(small.status).toBe(201);
    expect((small.body.clinic as { name: string }).name).toBe('Clínica Norte');
  });

  it('answers malformed JSON with 400 validation', async () => {
    const res = await send('POST', '/clinic/', [Buffer.from('{"name": ')]);
    expect(res.status).toBe(400);
    expect((res.body.error as { code: string }).code).toBe('validation');
  });

  it('sends the CORS and security headers on answers and errors alike', async () => {
    const ok = await send('GET', '/health', []);
    const refused = await send('POST', '/clinic/', [Buffer.from('[]')]);
    for (const res of [ok, refused]) {
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers']).toBe('retry-after');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(refused.status).toBe(400);
  });
});
