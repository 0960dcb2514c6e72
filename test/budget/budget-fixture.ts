/**
 * Test-only: a real server over a SQLite file with the budget module installed, an account with an
 * API key (and one of another account), and the records a budget points at, created over REST.
 */
import { users } from '#core/access/user.js';
import { fullBudgetBody, seedBudgetReferences, type BudgetRefs } from '#core/budget/testing.js';
import type { AccessConfig } from '../../sync-server/auth/access-config.js';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import type { SqlDatabase } from '../../sync-server/store/index.js';

/** The running fixture. */
export interface BudgetFixture {
  server: TestServer;
  tenantId: string;
  key: string;
  otherKey: string;
  refs: BudgetRefs;
  /** Refs of the other account: real ids, just not this account's. */
  otherRefs: BudgetRefs;
  body(): ReturnType<typeof fullBudgetBody>;
  call(method: string, path: string, body?: unknown, key?: string): ReturnType<TestServer['call']>;
}

/**
 * Starts the server (on a fresh SQLite file, or on `database`) and seeds both accounts; `access`
 * overrides settings such as the key rate limit.
 */
export async function openBudgetFixture(
  access: Partial<AccessConfig> = {},
  database?: SqlDatabase,
): Promise<BudgetFixture> {
  const server = await startTestServer({ durableOutbox: true, access, ...(database ? { database } : {}) });
  const tenantId = await server.keys.createAccount('Clínica Sorriso');
  const { key } = await server.keys.createKey(tenantId, { name: 'integração' });
  const otherTenant = await server.keys.createAccount('Outra clínica');
  const { key: otherKey } = await server.keys.createKey(otherTenant, { name: 'outra' });
  const seed = async (tenant: string, apiKey: string, tag: string) =>
    seedBudgetReferences(
      async (op, input) => {
        const res = await server.call(op.http!.method, op.http!.path, { key: apiKey, body: input });
        if (res.status >= 300) throw new Error(`${op.name}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body as never;
      },
      async (user) => void (await server.database.forTenant(tenant).collection(users).insert(user)),
      tenant,
      tag,
    );
  const refs = await seed(tenantId, key, '');
  const otherRefs = await seed(otherTenant, otherKey, 'B');
  return {
    server,
    tenantId,
    key,
    otherKey,
    refs,
    otherRefs,
    body: () => fullBudgetBody(refs),
    call: (method, path, body, apiKey = key) =>
      server.call(method, path, { key: apiKey, ...(body === undefined ? {} : { body }) }),
  };
}
