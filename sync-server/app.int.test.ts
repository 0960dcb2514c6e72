import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { createRegistry } from '#core/registry.js';
import { createApp } from './app.js';
import { AccountsAndKeys } from './auth/api-keys.js';
import { authMigrations, type AuthTables } from './auth/auth-tables.js';
import { apiKeyAuthenticator } from './auth/authenticate.js';
import { openSqlDatabase, type SqlDatabase } from './store/index.js';
import { memoryContexts } from './testing/memory-contexts.js';
import { noteOperations, notes } from './testing/notes-fixture.js';

const KEY = 'chave-de-teste-da-clinica-a';
let dir: string;
let database: SqlDatabase;
let keys: AccountsAndKeys;
let app: Hono;
let readOnlyKey: string;
let otherTenantKey: string;

function send(path: string, init: RequestInit & { key?: string | null } = {}) {
  const headers = new Headers(init.headers);
  if (init.key !== null) headers.set('auth-bearer', init.key ?? KEY);
  return app.request(path, { ...init, headers });
}
function post(path: string, body: unknown, init: RequestInit & { key?: string | null } = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return send(path, { ...init, method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}
async function errorOf(res: Response) {
  const body = (await res.json()) as {
    error: { code: string; message: string; details: { path: string; message: string }[] };
  };
  return body.error;
}
async function countNotes(): Promise<number> {
  const tenant = (await keys.actorForKey(KEY))!.tenantId;
  return database.forTenant(tenant).collection(notes).count();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-app-'));
  database = await openSqlDatabase({ url: join(dir, 'clinic.db'), collections: [notes], migrations: authMigrations });
  keys = new AccountsAndKeys(database.kysely.withTables<AuthTables>(), systemClock, uuidV7Ids);
  const tenant = await keys.bootstrap(KEY);
  readOnlyKey = (await keys.createKey(tenant, { permissions: ['note:read'] })).key;
  otherTenantKey = (await keys.createKey(await keys.createAccount('Outra clínica'))).key;
  app = createApp({
    registry: createRegistry(noteOperations),
    database,
    authenticate: apiKeyAuthenticator(keys),
    logger: pino({ level: 'silent' }),
    bodyLimit: 4096,
    ping: () => database.ping(),
    version: '0.0.0-test',
    contexts: memoryContexts(database),
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('public routes', () => {
  it('reports health without a key', async () => {
    const res = await send('/health', { key: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', version: '0.0.0-test' });
  });

  it('documents every mounted operation in OpenAPI 3.1 with its schemas and the auth-bearer scheme', async () => {
    const res = await send('/openapi.json', { key: null });
    const doc = (await res.json()) as {
      openapi: string;
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties: object; required: string[]; examples?: unknown[] } }>;
            };
            parameters?: { name: string; in: string }[];
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'auth-bearer' });
    const create = doc.paths['/note/']!.post!;
    expect(Object.keys(create.responses)).toContain('201');
    const body = create.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(['title', 'priority', 'pinned']);
    expect(body.required).toEqual(['title', 'priority']);
    expect(body).toMatchObject({ examples: [{ title: 'Ligar para a paciente Maria', priority: 2 }] });
    expect(doc.paths['/note/{id}']!.get!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(doc.paths['/note/']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'minPriority', in: 'query' }),
    ]);
  });

  it('serves a readable API reference page with its assets from this server', async () => {
    const page = await send('/docs', { key: null });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    for (const src of html.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)) {
      expect((await send(src[1]!, { key: null })).status, src[1]).toBe(200);
    }
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await send('/nada/aqui');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
  });
});

describe('authentication (spec §5)', () => {
  it('refuses a request without auth-bearer, naming the header', async () => {
    const res = await post('/note/', { title: 'x', priority: 1 }, { key: null });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toMatchObject({ code: 'unauthenticated', details: [{ path: 'header.auth-bearer' }] });
  });

  it('refuses an unknown key and a revoked key alike', async () => {
    const tenant = (await keys.actorForKey(KEY))!.tenantId;
    const { key, info } = await keys.createKey(tenant, { name: 'temporária' });
    expect((await send('/note/', { key })).status).toBe(200);
    await keys.revokeKey(info.id);
    const revoked = await send('/note/', { key });
    const unknown = await send('/note/', { key: 'nao-existe-esta-chave' });
    expect([revoked.status, unknown.status]).toEqual([401, 401]);
    expect(await errorOf(revoked)).toEqual(await errorOf(unknown));
  });

  it('refuses an operation the key has no permission for, and stores nothing', async () => {
    const before = await countNotes();
    const res = await post('/note/', { title: 'x', priority: 1 }, { key: readOnlyKey });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
    expect(await countNotes()).toBe(before);
  });
});

describe('operations as REST routes', () => {
  it('creates with 201 and { message, note }, then gets it by id with and without trailing slash', async () => {
    const res = await post('/note/', { title: 'Ligar para o paciente', priority: 3 });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: string; note: { id: string; pinned: boolean; createdAt: string } };
    expect(body.message).toBe('Nota salva');
    expect(body.note).toMatchObject({ title: 'Ligar para o paciente', priority: 3, pinned: false });
    expect(body.note).not.toHaveProperty('_rev');
    expect(body.note).not.toHaveProperty('tenantId');
    expect(body.note.createdAt).toMatch(/-03:00$/);
    for (const path of [`/note/${body.note.id}`, `/note/${body.note.id}/`]) {
      const got = await send(path);
      expect(got.status, path).toBe(200);
      expect(await got.json()).toEqual(body.note);
    }
    expect((await post('/note', { title: 'sem barra', priority: 0 })).status).toBe(201);
  });

  it('reads list filters from the query string', async () => {
    await post('/note/', { title: 'urgente', priority: 5 });
    const res = await send('/note/?minPriority=5');
    const { items } = (await res.json()) as { items: { priority: number }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((n) => n.priority >= 5)).toBe(true);
  });

  it("answers 404 for another tenant's record, exactly as for a missing one", async () => {
    const created = (await (await post('/note/', { title: 'privada', priority: 1 })).json()) as {
      note: { id: string };
    };
    const theirs = await send(`/note/${created.note.id}`, { key: otherTenantKey });
    const missing = await send(`/note/${uuidV7Ids.next()}`, { key: otherTenantKey });
    expect([theirs.status, missing.status]).toEqual([404, 404]);
  });

  it('answers an action without response body with 200 and an empty body', async () => {
    const created = (await (await post('/note/', { title: 'fixada', priority: 2, pinned: true })).json()) as {
      note: { id: string };
    };
    const res = await send(`/note/${created.note.id}/pin`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(((await (await send(`/note/${created.note.id}`)).json()) as { pinned: boolean }).pinned).toBe(false);
  });

  it('hides the details of an unexpected failure behind a bare 500', async () => {
    const res = await send('/note-broken');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/segredo|senha|app\.ts|at /);
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: 'Erro interno do servidor', details: [] } });
  });
});

describe('bad input changes nothing and names the field', () => {
  const cases: [string, () => Response | Promise<Response>, string][] = [
    ['malformed JSON', () => post('/note/', '{"title": "x",'), 'body'],
    ['a body that is not an object', () => post('/note/', '[1,2]'), 'body'],
    [
      'a wrong Content-Type',
      () => post('/note/', 'title=x', { headers: { 'content-type': 'text/plain' } }),
      'header.Content-Type',
    ],
    ['an unknown field', () => post('/note/', { title: 'x', priority: 1, color: 'red' }), 'color'],
    ['a wrong type', () => post('/note/', { title: 'x', priority: 'alta' }), 'priority'],
    ['a missing required field', () => post('/note/', { priority: 1 }), 'title'],
  ];
  it.each(cases)('%s → 400', async (_label, request, path) => {
    const before = await countNotes();
    const res = await request();
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation');
    expect(error.details.map((d) => d.path)).toContain(path);
    expect(await countNotes()).toBe(before);
  });

  it('refuses a body larger than the limit with 413', async () => {
    const res = await post('/note/', { title: 'x'.repeat(10_000), priority: 1 });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('payload_too_large');
  });
});

describe('browsers', () => {
  it('lets an installation in a browser send its sync schema version', async () => {
    const preflight = await app.request('/sync/group/people/pull', {
      method: 'OPTIONS',
      headers: {
        origin: 'null',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-clinic-schema-version',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-clinic-schema-version/);
  });

  it('lets the renderer on another origin (file:// sends Origin: null) read /health and send auth-bearer', async () => {
    const preflight = await app.request('/note/', {
      method: 'OPTIONS',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'auth-bearer, content-type',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/auth-bearer/);
    const health = await app.request('/health', { headers: { origin: 'http://localhost:5173' } });
    expect(health.headers.get('access-control-allow-origin')).toBe('*');
  });
});
