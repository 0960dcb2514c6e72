/**
 * Cross-tenant suite (issue 3, OWASP API1 BOLA): with tenant A's token or key, every operation of
 * the registry that takes a record id in its path is called with ids of tenant B's records, and must
 * answer 404 exactly as for a missing record (or 400 when its example input cannot apply) and change
 * nothing of tenant B. It walks the server's whole registry, so operations added later are covered
 * without touching this file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import type { Operation } from '#core/operation.js';
import type { RecordBase } from '#core/store/record.js';
import { pathParams } from '../http/request-input.js';
import { addMember, login, seedAccount, startTestServer } from './test-server.js';

// The walk sends every operation with one API key, thousands of calls in under a minute: above the
// production rate (its own tests cover it), which would answer 429 instead of what is checked here.
const server = await startTestServer({ access: { apiKeyRatePerMinute: 1_000_000 } });
afterAll(() => server.close());

const PASSWORD = 'senha comprida da clínica';
/** Present in every collection of tenant B. */
const FIXED_ID = '0190ffff-0000-7000-8000-00000000b0b0';
const NOW = '2026-11-23T09:00:00.000-03:00';

const a = await seedAccount(server, 'Clínica A', { email: 'admin@a.com.br', password: PASSWORD });
const b = await seedAccount(server, 'Clínica B', { email: 'admin@b.com.br', password: PASSWORD });
const bUser = await addMember(server, b.tenantId, { email: 'pessoa@b.com.br', password: PASSWORD, role: 'reception' });
const bSessionLogin = await login(server, 'pessoa@b.com.br', PASSWORD);
const bKey = await server.keys.createKey(b.tenantId, { name: 'integração B' });
const bSession = (await server.access.sessions.list((await server.access.people.byEmail('pessoa@b.com.br'))!.id))[0]!;
for (const def of allCollections) {
  const doc: RecordBase = { id: FIXED_ID, tenantId: b.tenantId, createdAt: NOW, updatedAt: NOW };
  await server.database
    .forTenant(b.tenantId)
    .collection(def)
    .insert(doc as never);
}

const bHook = (
  await server.webhooks.createEndpoint(b.tenantId, { url: 'https://erp.b.example/hook', events: ['patient.created'] })
).endpoint;

/** Ids of tenant B's records, collections and server tables alike. */
const bIds = [FIXED_ID, b.adminId, bUser, bKey.info.id, bSession.id, bHook.id];

const credentials = {
  'user token': { token: (await login(server, 'admin@a.com.br', PASSWORD)).accessToken },
  'API key': { key: (await server.keys.createKey(a.tenantId, { name: 'integração A' })).key },
};

/** Everything of tenant B a request could change: every collection and its server-side rows. */
async function snapshotB(): Promise<string> {
  const store = server.database.forTenant(b.tenantId);
  const collections: Record<string, unknown> = {};
  for (const def of allCollections) collections[def.name] = await store.collection(def).find();
  const db = server.access.db;
  const rows = {
    account: await db.selectFrom('accounts').selectAll().where('id', '=', b.tenantId).execute(),
    keys: await db.selectFrom('api_keys').selectAll().where('tenant_id', '=', b.tenantId).execute(),
    memberships: await db.selectFrom('memberships').selectAll().where('tenant_id', '=', b.tenantId).execute(),
    sessions: await db.selectFrom('sessions').selectAll().where('tenant_id', '=', b.tenantId).execute(),
    tokens: await db.selectFrom('one_time_tokens').selectAll().where('tenant_id', '=', b.tenantId).execute(),
    webhooks: await server.webhooks.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('tenant_id', '=', b.tenantId)
      .execute(),
  };
  return JSON.stringify({ collections, rows });
}

/** Method, path and body of a call of `op` with its example and every path parameter set to `id`. */
function requestFor(op: Operation, id: string): { path: string; body?: unknown } {
  const binding = op.http!;
  const names = pathParams(binding.path);
  const example = { ...(op.example as Record<string, unknown> | undefined) };
  for (const name of names) delete example[name];
  let path = binding.path;
  for (const name of names) path = path.replace(`{${name}}`, encodeURIComponent(id));
  if (binding.method === 'GET' || binding.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(example)) {
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
    }
    const qs = query.toString();
    return { path: qs ? `${path}?${qs}` : path };
  }
  return { path, body: example };
}

const withIds = server.registry.list().filter((op) => op.http && pathParams(op.http.path).length > 0);

describe('cross-tenant: every operation that takes a record id', () => {
  it('covers the registry, the operations of other groups included', () => {
    const names = withIds.map((op) => op.name);
    expect(names).toEqual(
      expect.arrayContaining(['user.get', 'user.edit', 'user.remove', 'apiKey.revoke', 'session.revoke']),
    );
    for (const op of withIds) expect(op.example, `${op.name} needs an example input`).toBeDefined();
  });

  describe.each(Object.entries(credentials))('with tenant A’s %s', (_label, credential) => {
    it.each(withIds.map((op) => [op.name, op] as const))(
      "%s answers 404 for tenant B's ids and changes nothing of B",
      async (_name, op) => {
        const before = await snapshotB();
        for (const id of bIds) {
          const { path, body } = requestFor(op, id);
          const res = await server.call(op.http!.method, path, {
            ...credential,
            ...(body === undefined ? {} : { body }),
          });
          const text = JSON.stringify(res.body);
          expect([404, 400], `${op.http!.method} ${path} → ${res.status} ${text}`).toContain(res.status);
          expect(text).not.toContain('b.com.br');
          expect(text).not.toContain(b.tenantId);
        }
        expect(await snapshotB()).toBe(before);
      },
    );
  });

  it("does not let account B read or edit account A's webhook endpoints", async () => {
    const aHook = (
      await server.webhooks.createEndpoint(a.tenantId, {
        url: 'https://erp.a.example/hook',
        events: ['budget.approved'],
      })
    ).endpoint;
    const before = await server.webhooks.listEndpoints(a.tenantId);
    const asB = { key: bKey.key };
    const config = await server.call('GET', '/webhook/', asB);
    expect(config.status).toBe(200);
    expect(JSON.stringify(config.body)).not.toContain(aHook.id);
    expect(JSON.stringify((await server.call('GET', '/account/webhookConfig', asB)).body)).not.toContain(aHook.id);
    const edit = await server.call('PUT', `/webhook/endpoint/${aHook.id}`, {
      ...asB,
      body: { url: 'https://evil.example/x' },
    });
    expect(edit.status).toBe(404);
    expect((await server.call('DELETE', `/webhook/endpoint/${aHook.id}`, asB)).status).toBe(404);
    expect((await server.call('GET', `/webhook/endpoint/${aHook.id}/delivery`, asB)).status).toBe(404);
    expect(await server.webhooks.listEndpoints(a.tenantId)).toEqual(before);
  });

  it("left tenant B's own access working", async () => {
    expect((await server.call('GET', '/session/current', { token: bSessionLogin.accessToken })).status).toBe(200);
    expect((await server.call('GET', `/user/${bUser}`, { key: bKey.key })).status).toBe(200);
  });
});
