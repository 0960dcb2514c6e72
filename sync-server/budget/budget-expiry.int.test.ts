/**
 * The budget expiry job on the real server: SQLite file, and PostgreSQL when it answers (required in
 * CI). Quotes past their last valid day in the clinic's calendar answer status 5 over REST, replicate
 * to desks, and each change is audited as the job's.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { startBudgetExpiry, type BudgetExpiry } from './budget-expiry-job.js';

const schema = `test_expiry_${randomBytes(4).toString('hex')}`;
const reason = await postgresUnreachable();
const skipPostgres = skipWithoutPostgres(reason, 'PostgreSQL budget expiry tests');

const backends = [
  { name: 'SQLite file', skip: false, open: () => startTestServer() },
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
      return startTestServer({ database });
    },
  },
];

const HOUR = 3_600_000;

describe.each(backends)('budget expiry job on $name', (backend) => {
  let server: TestServer;
  let job: BudgetExpiry;
  let token: string;
  let ids: { open: string; approved: string; later: string; draft: string };

  beforeAll(async () => {
    if (backend.skip) return;
    server = await backend.open();
    const { tenantId } = await seedAccount(server, 'Clínica Sol', {
      email: 'admin@sol.test',
      password: 'senha-muito-segura-1',
    });
    ({ accessToken: token } = await login(server, 'admin@sol.test', 'senha-muito-segura-1'));
    const post = async (path: string, body: unknown) => {
      const answer = await server.call('POST', path, { token, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body;
    };
    // The clinic keeps São Paulo's time (the default).
    const clinic = ((await post('/clinic/', { name: 'Centro' })).clinic as { id: string }).id;
    const patient = ((await post('/patient/', { name: 'Helena Prado' })).patient as { id: string }).id;
    const event = ((await post('/event/', { name: 'Limpeza' })).event as { id: string }).id;
    // A line with a price: a budget is born approved (2) only as approval would take it (issue 20 point 5).
    const items = [{ event, quantity: 1, valueUnity: 100 }];
    const quote = async (validUntil: string, status: number) =>
      ((await post('/budget/', { patient, clinic, validUntil, status, items })).budget as { id: string }).id;
    ids = {
      open: await quote('2026-11-30', 1),
      draft: await quote('2026-11-30', 0),
      approved: await quote('2026-11-30', 2),
      later: await quote('2026-12-31', 1),
    };
    // The server's clock reads 2026-11-23 12:00 UTC; the job starts (and runs once) on it.
    job = startBudgetExpiry({
      database: server.database,
      tenants: () => Promise.resolve([tenantId]),
      clock: server.clock,
      audit: server.access.audit,
      logger: pino({ level: 'silent' }),
      intervalMs: 24 * HOUR,
    });
  });
  afterAll(async () => {
    await job?.stop();
    await server?.close();
    if (backend.name === 'PostgreSQL' && !backend.skip) await dropSchema(schema);
  });

  /** Access tokens last minutes and the test moves the server's clock by days. */
  const signIn = async () => {
    ({ accessToken: token } = await login(server, 'admin@sol.test', 'senha-muito-segura-1'));
  };
  const budget = async (id: string) => {
    const answer = await server.call('GET', `/budget/${id}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  it.skipIf(backend.skip)(
    "answers 5 (vencido) on GET /budget/{id} once the last valid day is over in the clinic's time zone",
    async () => {
      // 2026-11-30 23:30 in São Paulo: 1 December already in UTC, still the last valid day at the clinic.
      server.clock.advance(Date.parse('2026-12-01T02:30:00.000Z') - server.clock.now().getTime());
      await job.runOnce();
      await signIn();
      expect((await budget(ids.open)).status).toBe(1);

      server.clock.advance(HOUR);
      expect(await job.runOnce()).toEqual({ expired: 2, skipped: 0 });
      await signIn();
      expect(await budget(ids.open)).toMatchObject({
        status: 5,
        expiredAt: '2026-12-01T00:30:00.000-03:00',
        updatedAt: '2026-12-01T00:30:00.000-03:00',
      });
      expect((await budget(ids.draft)).status).toBe(5);
      expect((await budget(ids.approved)).status).toBe(2);
      expect((await budget(ids.later)).status).toBe(1);
      // Idempotent: nothing more to mark, nothing rewritten.
      expect(await job.runOnce()).toEqual({ expired: 0, skipped: 0 });
      const listed = await server.call('GET', '/budget/?status=5', { token });
      expect((listed.body.items as { id: string }[]).map((b) => b.id).sort()).toEqual([ids.open, ids.draft].sort());
    },
  );

  it.skipIf(backend.skip)('audits each change as the job, without an entry per budget read', async () => {
    const audit = await server.call('GET', '/audit/?actor=budget-expiry', { token });
    expect(audit.status).toBe(200);
    const entries = audit.body.items as { action: string; recordId: string; detail: string; actorKind: string }[];
    expect(entries.map((e) => [e.action, e.recordId, e.detail, e.actorKind]).sort()).toEqual(
      [
        ['update', ids.open, 'campos: expiredAt, status', 'system'],
        ['update', ids.draft, 'campos: expiredAt, status', 'system'],
      ].sort(),
    );
  });

  it.skipIf(backend.skip)('replicates the expiry to desks like any server write', async () => {
    const code = await server.call('POST', '/installation/enrolmentCode', {
      token,
      body: { name: 'Recepção', kind: 'desk' },
    });
    const enrolled = await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } });
    const desk = enrolled.body.token as string;
    const pulled = await server.call(
      'GET',
      `/sync/budgets/pull?checkpoint=${encodeURIComponent('{"seq":0}')}&limit=10`,
      { token: desk },
    );
    const docs = pulled.body.documents as { id: string; status: number }[];
    expect(docs.find((d) => d.id === ids.open)?.status).toBe(5);
  });
});
