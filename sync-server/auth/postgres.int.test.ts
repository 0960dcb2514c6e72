/**
 * The access stack on PostgreSQL: the same migrations, token rotation, rate-limit upserts, password
 * reset transaction and append-only audit trigger as on SQLite. Skipped locally without a server,
 * required in CI (like the store's PostgreSQL suite).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { openSqlDatabase } from '../store/index.js';
import { serverMigrations } from '../server.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from './test-server.js';
import { postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';

const url = postgresUrl;
const schema = `test_access_${randomBytes(4).toString('hex')}`;

const reason = await postgresUnreachable();
const skip = skipWithoutPostgres(reason, 'PostgreSQL access tests');

describe.skipIf(skip)('access on postgresql', () => {
  let server: TestServer;
  let tenantId: string;
  const PASSWORD = 'senha comprida da clínica';

  beforeAll(async () => {
    expect(reason, 'PostgreSQL must be reachable in CI (TEST_DATABASE_URL)').toBeUndefined();
    const database = await openSqlDatabase({ url, schema, collections: allCollections, migrations: serverMigrations });
    server = await startTestServer({ database });
    ({ tenantId } = await seedAccount(server, 'Clínica PG', { email: 'admin@pg.com.br', password: PASSWORD }));
    await addMember(server, tenantId, { email: 'bia@pg.com.br', password: PASSWORD, role: 'reception' });
  });
  afterAll(async () => {
    await server?.close();
    if (reason !== undefined) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('logs in, rotates the refresh token and kills the family on reuse', async () => {
    const first = await login(server, 'bia@pg.com.br', PASSWORD);
    const second = await server.call('POST', '/session/refresh', { body: { refreshToken: first.refreshToken } });
    expect(second.status).toBe(200);
    expect((await server.call('POST', '/session/refresh', { body: { refreshToken: first.refreshToken } })).status).toBe(
      401,
    );
    expect((await server.call('GET', '/session/current', { token: second.body.accessToken as string })).status).toBe(
      401,
    );
  });

  it('blocks a guesser at one address and lets the owner in from another', async () => {
    let last = 0;
    for (let i = 0; i < 20 && last !== 429; i++) {
      last = (
        await server.call('POST', '/session/', {
          body: { email: 'bia@pg.com.br', password: `chute ${i}` },
          ip: '198.51.100.8',
        })
      ).status;
    }
    expect(last).toBe(429);
    await login(server, 'bia@pg.com.br', PASSWORD, '203.0.113.8');
  });

  it('resets a password in one transaction across accounts', async () => {
    await server.call('POST', '/password/forgot', { body: { email: 'bia@pg.com.br' } });
    const token = server.messages.find((m) => m.template === 'password.reset')!.data.token;
    const res = await server.call('POST', '/password/reset', { body: { token, password: 'senha nova do postgres' } });
    expect(res.status).toBe(200);
    await login(server, 'bia@pg.com.br', 'senha nova do postgres');
  });

  it('keeps the audit log append-only', async () => {
    const admin = await login(server, 'admin@pg.com.br', PASSWORD);
    const audit = await server.call('GET', '/audit/?action=login', { token: admin.accessToken });
    expect((audit.body.items as unknown[]).length).toBeGreaterThan(0);
    await expect(sql`update audit_log set action = 'read'`.execute(server.access.db)).rejects.toThrow(
      /somente inclusão/,
    );
  });
});
