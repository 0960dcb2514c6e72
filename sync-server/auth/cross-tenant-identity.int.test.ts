/**
 * Cross-tenant suite, people and credentials (issue 17, findings 1, 2, 5 and 6; the record-id part
 * is cross-tenant.int.test.ts): account B, holding its own admin API key and an installation, tries to
 * reach a person or a key of account A through invitations, the CPF lookup, its outbox, its sync
 * pulls and the rate limits. Runs on a SQLite file and on PostgreSQL (required in CI).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { uuidV7Ids } from '#core/ids.js';
import { storeOutbox } from '#core/messaging/index.js';
import { outboxMessages } from '#core/messaging/message.js';
import { SERVER_TENANT } from '../http/mount.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { relabelLegacyKeys } from './auth-tables.js';
import { INVITATION_REPAIR_MARKER, repairExposedInvitations } from './exposed-invitations.js';
import { ApiKeyRateLimiter } from './rate-limit.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from './test-server.js';

const schema = `test_identity_${randomBytes(4).toString('hex')}`;
const reason = await postgresUnreachable();
const skipPostgres = skipWithoutPostgres(reason, 'PostgreSQL cross-tenant identity tests');

const backends = [
  { name: 'SQLite file', skip: false, open: () => startTestServer({ durableOutbox: true }) },
  {
    name: 'PostgreSQL',
    skip: skipPostgres,
    async open() {
      const database = await openSqlDatabase({
        url: postgresUrl,
        schema,
        collections: allCollections,
        migrations: serverMigrations,
      });
      return startTestServer({ database, durableOutbox: true });
    },
  },
];

const PASSWORD = 'senha comprida da clínica';
const CPF = '52998224725';

describe.each(backends)('cross-tenant people and credentials on $name', (backend) => {
  let server: TestServer;
  let a: { tenantId: string; adminId: string };
  let b: { tenantId: string; adminId: string };
  let aAdmin: string;
  let bKey: string;
  let bDesk: string;

  /** Every invitation e-mailed to `to`, newest last, from whichever outbox holds it: the person's mailbox. */
  async function mailbox(to: string): Promise<{ accountName: string; token: string }[]> {
    const found: { id: string; accountName: string; token: string }[] = [];
    for (const tenant of [SERVER_TENANT, a.tenantId, b.tenantId]) {
      for (const m of await server.database.forTenant(tenant).collection(outboxMessages).find()) {
        if (m.to !== to || m.template !== 'user.invitation') continue;
        found.push({ id: m.id, accountName: String(m.data.accountName), token: String(m.data.token) });
      }
    }
    return found.sort((x, y) => x.id.localeCompare(y.id));
  }
  const invitationOf = async (to: string, accountName: string) =>
    (await mailbox(to)).filter((m) => m.accountName === accountName).at(-1)!.token;

  /** What B's installation receives of `collection`, as JSON text. */
  async function pulled(collection: string): Promise<string> {
    const res = await server.call(
      'GET',
      `/sync/${collection}/pull?checkpoint=${encodeURIComponent('{"seq":0}')}&limit=500`,
      {
        token: bDesk,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return JSON.stringify(res.body);
  }

  /** Everything account B can read about people: its users, messages and replicated copies. */
  async function whatBSees(): Promise<string> {
    const answers = [
      await server.call('GET', '/user/?limit=500', { key: bKey }),
      await server.call('GET', '/message/', { key: bKey }),
    ];
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    return [
      ...answers.map((res) => JSON.stringify(res.body)),
      await pulled('users'),
      await pulled('outbox_messages'),
    ].join('\n');
  }

  const accept = (token: string, password?: string) =>
    server.call('POST', '/user/invitation/acceptance', { body: { token, ...(password ? { password } : {}) } });
  const canLogin = async (email: string, password: string, account: string) =>
    (await server.call('POST', '/session/', { body: { email, password, account }, ip: '203.0.113.99' })).status;

  beforeAll(async () => {
    if (backend.skip) return;
    server = await backend.open();
    a = await seedAccount(server, 'Clínica A', { email: 'admin@a.com.br', password: PASSWORD });
    b = await seedAccount(server, 'Clínica B', { email: 'admin@b.com.br', password: PASSWORD });
    aAdmin = (await login(server, 'admin@a.com.br', PASSWORD)).accessToken;
    bKey = (await server.keys.createKey(b.tenantId, { name: 'integração B' })).key;
    const code = await server.call('POST', '/installation/enrolmentCode', {
      key: bKey,
      body: { name: 'Recepção B', kind: 'desk' },
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    bDesk = (await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } })).body
      .token as string;
  });
  afterAll(async () => {
    if (backend.skip) return;
    await server.close();
    if (backend.name === 'PostgreSQL') await dropSchema(schema);
  });

  describe('invitations (finding 1)', () => {
    it.skipIf(backend.skip)('never leaves an invitation token where another account reads it', async () => {
      // A invites its future admin; before she sets a password, B creates a user with her e-mail.
      const byA = await server.call('POST', '/user/', {
        token: aAdmin,
        body: { name: 'Vitória Admin', email: 'vitoria@a.com.br', role: 'admin' },
      });
      expect(byA.status).toBe(201);
      const byB = await server.call('POST', '/user/', {
        key: bKey,
        body: { name: 'Vitória', email: 'vitoria@a.com.br', role: 'admin' },
      });
      expect(byB.status).toBe(201);
      const tokens = (await mailbox('vitoria@a.com.br')).map((m) => m.token);
      expect(tokens).toHaveLength(2);
      const seen = await whatBSees();
      for (const token of tokens) expect(seen).not.toContain(token);
      expect(seen).not.toMatch(/inv_[A-Za-z0-9_-]{8}/);
    });

    it.skipIf(backend.skip)(
      "never lets B's invitation set or change the password of a person of A; she joins B with her own",
      async () => {
        expect((await accept(await invitationOf('vitoria@a.com.br', 'Clínica A'), 'a senha da vitória')).status).toBe(
          200,
        );
        const fromB = await invitationOf('vitoria@a.com.br', 'Clínica B');
        const chosenByB = await accept(fromB, 'senha escolhida por B');
        expect(chosenByB.status).toBe(400);
        expect(chosenByB.body).toMatchObject({ error: { details: [{ path: 'password' }] } });
        expect(await canLogin('vitoria@a.com.br', 'senha escolhida por B', a.tenantId)).toBe(401);
        expect(await canLogin('vitoria@a.com.br', 'a senha da vitória', a.tenantId)).toBe(200);
        // The link alone does not join her to B: she proves it is her with her own password.
        expect((await accept(fromB)).status).toBe(400);
        expect(await canLogin('vitoria@a.com.br', 'a senha da vitória', b.tenantId)).toBe(403);
        const joined = await accept(fromB, 'a senha da vitória');
        expect(joined.status, JSON.stringify(joined.body)).toBe(200);
        expect(await canLogin('vitoria@a.com.br', 'a senha da vitória', b.tenantId)).toBe(200);
        expect(await canLogin('vitoria@a.com.br', 'a senha da vitória', a.tenantId)).toBe(200);
      },
    );

    it.skipIf(backend.skip)(
      'spends tokens an older server left in a clinic outbox and invites the person again from the server',
      async () => {
        // As servers before issue 17 did: the invitation queued in B's own outbox, token in clear.
        const created = await server.call('POST', '/user/', {
          key: bKey,
          body: { name: 'Dra. Lia', email: 'lia@b.com.br', role: 'professional' },
        });
        expect(created.status).toBe(201);
        const exposed = (await mailbox('lia@b.com.br'))[0]!.token;
        const queued = (await server.database.forTenant(SERVER_TENANT).collection(outboxMessages).find()).find(
          (m) => m.to === 'lia@b.com.br',
        )!;
        await storeOutbox(server.database.forTenant(b.tenantId), server.clock, uuidV7Ids).add({
          channel: 'email',
          to: queued.to,
          template: queued.template,
          data: queued.data,
        });
        await server.database.forTenant(SERVER_TENANT).collection(outboxMessages).remove(queued.id, queued._rev);
        expect(await whatBSees()).toContain(exposed);

        await server.access.db.deleteFrom('server_secrets').where('name', '=', INVITATION_REPAIR_MARKER).execute();
        expect(await repairExposedInvitations(server.access)).toEqual({ scrubbed: 1, resent: 1 });
        expect(await repairExposedInvitations(server.access)).toEqual({ scrubbed: 0, resent: 0 });
        expect(await whatBSees()).not.toContain(exposed);
        expect((await accept(exposed, 'senha da doutora lia')).status).toBe(400);
        const fresh = (await mailbox('lia@b.com.br')).at(-1)!.token;
        expect(fresh).not.toBe(exposed);
        expect((await accept(fresh, 'senha da doutora lia')).status).toBe(200);
      },
    );

    it.skipIf(backend.skip)("keeps the admin CLI's printed token working for a new account's first admin", async () => {
      const { inviteFromCli } = await import('./admin-cli.js');
      const account = await server.keys.createAccount('Clínica Nova');
      const lines = await inviteFromCli(server.access, { account, email: 'dona@nova.com.br', name: 'Dona Nova' });
      const token = /token do convite: (\S+)/.exec(lines.join('\n'))![1]!;
      expect((await accept(token, 'a senha da dona nova')).status).toBe(200);
      expect(await canLogin('dona@nova.com.br', 'a senha da dona nova', account)).toBe(200);
    });
  });

  describe('person lookup (finding 2)', () => {
    let person: string;
    let invitedId: string;

    it.skipIf(backend.skip)(
      'shows B nothing of an invited person beyond the CPF lookup until she accepts',
      async () => {
        const created = await server.call('POST', '/user/', {
          token: aAdmin,
          body: {
            name: 'Dr. Rui',
            email: 'rui@a.com.br',
            role: 'professional',
            cpf: CPF,
            council: 'CRM',
            councilNumber: '1234',
            councilState: 'MG',
          },
        });
        expect(created.status).toBe(201);
        expect((await accept(await invitationOf('rui@a.com.br', 'Clínica A'), 'senha do doutor rui')).status).toBe(200);

        const found = await server.call('GET', `/user/cpf/${CPF}`, { key: bKey });
        expect(found.status).toBe(200);
        person = found.body.person as string;
        const invited = await server.call('POST', '/user/invitation', {
          key: bKey,
          body: { person, role: 'professional' },
        });
        expect(invited.status, JSON.stringify(invited.body)).toBe(201);
        invitedId = (invited.body.user as { id: string }).id;
        expect(invited.body.user).toMatchObject({ name: 'Dr. Rui', council: 'CRM', status: 'invited' });
        const one = await server.call('GET', `/user/${invitedId}`, { key: bKey });
        const again = await server.call('POST', '/user/invitation', { key: bKey, body: { person, role: 'admin' } });
        expect(again.status).toBe(409);
        const texts = [invited.body, one.body, again.body].map((body) => JSON.stringify(body));
        for (const text of [...texts, await whatBSees()]) {
          expect(text).not.toContain('rui@a.com.br');
          expect(text).not.toContain(CPF);
          expect(text).not.toContain('529.982.247-25');
        }
      },
    );

    it.skipIf(backend.skip)('shows B her e-mail and CPF once she accepted', async () => {
      expect((await accept(await invitationOf('rui@a.com.br', 'Clínica B'), 'senha do doutor rui')).status).toBe(200);
      const one = await server.call('GET', `/user/${invitedId}`, { key: bKey });
      expect(one.body).toMatchObject({ email: 'rui@a.com.br', cpf: CPF, status: 'active' });
    });

    it.skipIf(backend.skip)('limits CPF lookups per account, however many keys it makes', async () => {
      const keys = await Promise.all(
        [1, 2, 3].map(async (i) => (await server.keys.createKey(b.tenantId, { name: `busca ${i}` })).key),
      );
      const statuses: number[] = [];
      for (const key of keys) {
        for (let i = 0; i < 30; i++) statuses.push((await server.call('GET', `/user/cpf/${CPF}`, { key })).status);
      }
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
      expect((await server.call('GET', `/user/cpf/${CPF}`, { token: aAdmin })).status).toBe(200);
    });
  });

  describe('API keys (findings 5 and 6)', () => {
    it.skipIf(backend.skip)('keeps valid keys working at an address that sent many unknown keys', async () => {
      const ip = '192.0.2.150';
      const generated = (await server.keys.createKey(a.tenantId, { name: 'ERP A' })).key;
      const chosen = 'chave-escolhida-pelo-operador-1';
      await server.keys.createKey(b.tenantId, { name: 'operador', key: chosen });
      expect((await server.call('GET', '/user/', { key: chosen, ip })).status).toBe(200);
      let last = 0;
      for (let i = 0; i < 40 && last !== 429; i++) {
        last = (await server.call('GET', '/user/', { key: `chave-inventada-numero-${i}`, ip })).status;
      }
      expect(last).toBe(429);
      expect((await server.call('GET', '/user/', { key: 'chave-inventada-mais-uma', ip })).status).toBe(429);
      expect((await server.call('GET', '/user/', { key: generated, ip })).status).toBe(200);
      expect((await server.call('GET', '/user/', { key: bKey, ip })).status).toBe(200);
      // An operator-chosen key already in use from there keeps working too, after a restart as well.
      expect((await server.call('GET', '/user/', { key: chosen, ip })).status).toBe(200);
      server.access.keyLimits = new ApiKeyRateLimiter(1000, server.clock);
      expect((await server.call('GET', '/user/', { key: chosen, ip })).status).toBe(200);
      // One never used from there waits like an unknown key: right or wrong, a blocked guesser sees 429.
      const unused = 'outra-chave-escolhida-pelo-operador';
      await server.keys.createKey(b.tenantId, { name: 'operador 2', key: unused });
      expect((await server.call('GET', '/user/', { key: unused, ip })).status).toBe(429);
      expect((await server.call('GET', '/user/', { key: unused, ip: '192.0.2.151' })).status).toBe(200);
    });

    it.skipIf(backend.skip)('lists keys by an id that is no part of their secret, old keys included', async () => {
      const created = await server.call('POST', '/apiKey/', {
        token: aAdmin,
        body: { name: 'Agenda', permissions: ['user:read'] },
      });
      const key = created.body.key as string;
      const { prefix } = created.body.apiKey as { prefix: string };
      expect(key).toMatch(/^clk_[a-z0-9]{8,}_[A-Za-z0-9_-]{43}$/);
      expect(key.startsWith(`${prefix}_`)).toBe(true);
      const secret = key.slice(prefix.length + 1);
      // A key an older server registered kept its first 10 characters as its prefix.
      const legacy = 'chave-antiga-de-16';
      const { info } = await server.keys.createKey(a.tenantId, { name: 'antiga', key: legacy });
      await server.access.db
        .updateTable('api_keys')
        .set({ key_prefix: legacy.slice(0, 10) })
        .where('id', '=', info.id)
        .execute();
      await relabelLegacyKeys(server.access.db as never);
      const listed = await server.call('GET', '/apiKey/', { token: aAdmin });
      const text = JSON.stringify(listed.body);
      expect(text).toContain(prefix);
      for (let i = 0; i + 4 <= secret.length; i++) expect(text).not.toContain(secret.slice(i, i + 4));
      expect(text).not.toContain(legacy.slice(0, 6));
      expect((await server.call('GET', '/user/', { key })).status).toBe(200);
      expect((await server.call('GET', '/user/', { key: legacy })).status).toBe(200);
    });

    it.skipIf(backend.skip)('replaces the CLINIC_API_KEY of the previous start', async () => {
      const first = 'primeira-chave-do-ambiente';
      const second = 'segunda-chave-do-ambiente';
      const tenant = await server.keys.bootstrap(first);
      expect((await server.call('GET', '/user/', { key: first })).status).toBe(200);
      expect(await server.keys.bootstrap(second)).toBe(tenant);
      expect((await server.call('GET', '/user/', { key: second })).status).toBe(200);
      expect((await server.call('GET', '/user/', { key: first })).status).toBe(401);
      // Starting again with the same key changes nothing; going back to a revoked one is refused.
      expect(await server.keys.bootstrap(second)).toBe(tenant);
      expect((await server.call('GET', '/user/', { key: second })).status).toBe(200);
      await expect(server.keys.bootstrap(first)).rejects.toMatchObject({ details: [{ path: 'CLINIC_API_KEY' }] });
      expect((await server.call('GET', '/user/', { key: first })).status).toBe(401);
      expect((await server.call('GET', '/user/', { key: second })).status).toBe(200);
    });
  });

  it.skipIf(backend.skip)("left each account's own members working", async () => {
    await addMember(server, b.tenantId, { email: 'pessoa@b.com.br', password: PASSWORD, role: 'reception' });
    expect(await canLogin('pessoa@b.com.br', PASSWORD, b.tenantId)).toBe(200);
    expect(await canLogin('admin@a.com.br', PASSWORD, a.tenantId)).toBe(200);
  });
});
