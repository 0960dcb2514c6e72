import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.js';

type Entry = { security?: unknown[]; responses: Record<string, unknown>; 'x-permission': string };
let server: TestServer;
let doc: { components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, Entry>> };
beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.call('GET', '/openapi.json')).body as typeof doc;
});
afterAll(() => server.close());

describe('/openapi.json and access', () => {
  it('documents both ways in: auth-bearer for integrators, Bearer tokens for users', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { type: 'apiKey', in: 'header', name: 'auth-bearer' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
  });

  it('marks login, refresh, password reset and invitations as needing no credentials', () => {
    for (const [path, method] of [
      ['/session/', 'post'],
      ['/session/refresh', 'post'],
      ['/password/forgot', 'post'],
      ['/password/reset', 'post'],
      ['/user/invitation/acceptance', 'post'],
      ['/account/', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([]);
    }
    expect(doc.paths['/user/{id}']?.get?.security).toBeUndefined();
  });

  it('lists the user and access routes with their permissions and the 429 answer', () => {
    expect(doc.paths['/user/']?.post?.['x-permission']).toBe('user:write');
    expect(doc.paths['/user/{id}/permissions']?.get).toBeDefined();
    expect(doc.paths['/audit/']?.get?.['x-permission']).toBe('audit:read');
    expect(doc.paths['/apiKey/{id}']?.delete).toBeDefined();
    expect(Object.keys(doc.paths['/session/']!.post!.responses)).toContain('429');
  });

  it('gives every mounted operation an example input (the registry-wide suites send it)', () => {
    const missing = server.registry
      .list()
      .filter((op) => op.http && op.example === undefined)
      .map((op) => op.name);
    expect(missing).toEqual([]);
  });
});
