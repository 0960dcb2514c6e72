/**
 * FIN-035: an account whose cash movements were written before the registers' daily summaries existed
 * gets them rebuilt at the server's start, so its flux shows the money it took; an account that has
 * summaries is left alone, and a second start rebuilds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashMovements, cashRegisters } from '#core/finance/register-record.js';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import { backfillRegisterDays } from './register-days-backfill.js';

let server: TestServer;
let tenantId: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  tenantId = await server.keys.createAccount('Clínica Caixa Antigo');
  key = (await server.keys.createKey(tenantId, { name: 'integração' })).key;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function ok(method: string, path: string, body?: unknown) {
  const res = await server.call(method, path, { key, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

describe('registers daily summaries for data written before them', () => {
  it('are rebuilt once at start for an account with movements and none', async () => {
    const { register } = (await ok('POST', '/finance/register', { station: 'recepcao-1', changeFund: 150 })) as {
      register: { id: string };
    };
    await ok('POST', `/finance/register/${register.id}/withdrawal`, {
      station: 'recepcao-1',
      value: 40.25,
      method: 'cash',
      note: 'Sangria do meio-dia',
    });
    const period = (() => {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(server.clock.now());
      return `from=${day}&to=${day}`;
    })();
    const before = await ok('GET', `/finance/registerFlux?${period}`);
    expect(before).toMatchObject({ net: 109.75 });

    // Another account holding the same movements as written before the summaries existed: no day.
    const old = await server.keys.createAccount('Clínica Dados Antigos');
    const oldKey = (await server.keys.createKey(old, { name: 'integração' })).key;
    const source = server.database.forTenant(tenantId);
    const target = server.database.forTenant(old);
    for (const def of [cashRegisters, cashMovements] as unknown as (typeof cashRegisters)[])
      for (const { _rev, ...record } of await source.collection(def).find())
        await target.collection(def).insert({ ...record, tenantId: old });
    const flux = async (apiKey: string) =>
      (await server.call('GET', `/finance/registerFlux?${period}`, { key: apiKey })).body;
    expect(await flux(oldKey)).toMatchObject({ net: 0 });

    const forTenant = (id: string) => server.database.forTenant(id);
    expect(await backfillRegisterDays(forTenant, [tenantId, old], server.clock)).toEqual([old]);
    expect(await flux(oldKey)).toEqual(before);
    expect(await backfillRegisterDays(forTenant, [tenantId, old], server.clock)).toEqual([]);
  });
});
