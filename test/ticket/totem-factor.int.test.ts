/**
 * Issue 19 over the real server on SQLite: the totem's second factor and attempt limit, and one queue
 * for the desk's and the totem's arrivals with 80+ called first (test/ticket/totem-factor.ts; the
 * same assertions run on PostgreSQL in totem-postgres.int.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from './live-server.js';
import { oneQueueWithElderFirst, secondFactorAndLimit } from './totem-factor.js';
import { seedTotemClinic } from './totem-seed.js';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server.close());

it('asks a second factor, answers a wrong one as an unknown CPF, and refuses the tenth attempt in a minute', async () => {
  await secondFactorAndLimit(server, await seedTotemClinic(server, 'factor'));
});

it('puts the desk’s and the totem’s arrivals in one queue, 80+ called first', async () => {
  await oneQueueWithElderFirst(server, await seedTotemClinic(server, 'queue'));
});

it('documents the second factor and the check-in answer in /openapi.json', async () => {
  const doc = (await server.call('GET', '/openapi.json')).body as {
    paths: Record<string, Record<string, { description?: string; requestBody?: unknown; responses: unknown }>>;
  };
  const lookup = doc.paths['/clinic/{id}/totem/lookup']!.post!;
  const text = JSON.stringify(lookup);
  expect(text).toContain('birthDate');
  expect(text).toContain('checkedIn');
  expect(lookup.description).toContain('10ª tentativa');
  expect(JSON.stringify(doc.paths['/clinic/{id}/totem/checkIn']!.post)).toContain('alreadyCheckedIn');
  expect(JSON.stringify(doc.paths['/appointment/{id}/attendance']!.post)).toContain('priorityReason');
});
