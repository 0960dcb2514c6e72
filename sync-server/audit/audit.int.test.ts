import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditTables } from './audit-table.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';

let server: TestServer;
let tenantId: string;
let admin: string;
let reception: string;
let receptionId: string;
const PASSWORD = 'senha comprida da clínica';

beforeAll(async () => {
  server = await startTestServer();
  ({ tenantId } = await seedAccount(server, 'Clínica Sorriso', { email: 'admin@sorriso.com.br', password: PASSWORD }));
  receptionId = await addMember(server, tenantId, {
    email: 'bia@sorriso.com.br',
    password: PASSWORD,
    role: 'reception',
  });
  admin = (await login(server, 'admin@sorriso.com.br', PASSWORD)).accessToken;
  reception = (await login(server, 'bia@sorriso.com.br', PASSWORD, '10.1.2.3')).accessToken;
});
afterAll(() => server.close());

type Entry = { action: string; actorId: string; collection: string | null; recordId: string | null; ip: string };
const audit = async (query: string) => {
  const res = await server.call('GET', `/audit/${query}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body as { items: Entry[]; next: string | null };
};

describe('audit log of patient data', () => {
  it('records who created and read a patient, when and from where, for the admin to query', async () => {
    const create = server.registry.get('patient.create')!;
    const created = await server.call('POST', create.http!.path, {
      token: reception,
      body: create.example,
      ip: '10.1.2.3',
    });
    expect(created.status).toBe(201);
    const id = (created.body.patient as { id: string }).id;
    expect((await server.call('GET', `/patient/${id}`, { token: reception, ip: '10.1.2.3' })).status).toBe(200);
    // Already stored when the answer came back, not merely queued.
    expect(server.access.audit.pending).toBe(0);
    const stored = await server.database.kysely
      .withTables<AuditTables>()
      .selectFrom('audit_log')
      .select('action')
      .where('record_id', '=', id)
      .execute();
    expect(stored.map((r) => r.action)).toContain('read');

    const { items } = await audit(`?record=${id}`);
    expect(items.map((e) => e.action).sort()).toEqual(expect.arrayContaining(['create', 'read']));
    expect(items.every((e) => e.actorId === receptionId && e.collection === 'patients' && e.ip === '10.1.2.3')).toBe(
      true,
    );
  });

  it('records logins, key use and permission changes', async () => {
    const { key } = await server.keys.createKey(tenantId, { permissions: ['user:read'] });
    await server.call('GET', '/user/', { key });
    await server.call('PUT', `/user/${receptionId}`, { token: admin, body: { role: 'finance' } });
    const actions = (await audit('?limit=500')).items.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['login', 'apiKey.use', 'permission.change']));
    const change = (await audit('?action=permission.change')).items[0]!;
    expect(change).toMatchObject({ collection: 'users', recordId: receptionId });
  });

  it('pages newest first with a cursor', async () => {
    const first = await audit('?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await audit(`?limit=2&cursor=${first.next}`);
    expect(second.items[0]!.action).toBeDefined();
    expect(first.items.map((e) => JSON.stringify(e))).not.toContain(JSON.stringify(second.items[0]));
  });

  it("shows only the caller's account and only to those with audit:read", async () => {
    await seedAccount(server, 'Outra', { email: 'chefe@outra.com.br', password: PASSWORD });
    const other = (await login(server, 'chefe@outra.com.br', PASSWORD)).accessToken;
    const theirs = await server.call('GET', '/audit/?limit=500', { token: other });
    expect((theirs.body.items as Entry[]).every((e) => e.actorId !== receptionId)).toBe(true);
    const finance = (await login(server, 'bia@sorriso.com.br', PASSWORD)).accessToken;
    expect((await server.call('GET', '/audit/', { token: finance })).status).toBe(403);
  });

  it('cannot be edited: no route, and the table refuses UPDATE and DELETE', async () => {
    expect((await server.call('DELETE', '/audit/', { token: admin })).status).toBe(404);
    const db = server.access.db;
    await expect(sql`update audit_log set action = 'read'`.execute(db)).rejects.toThrow(/somente inclusão/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/somente inclusão/);
    expect((await audit('?limit=1')).items).toHaveLength(1);
  });

  it('names a malformed filter', async () => {
    const res = await server.call('GET', '/audit/?from=ontem', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { details: [{ path: 'from' }] } });
  });
});
