/**
 * The totem's check-in and the panel socket on PostgreSQL (`TEST_DATABASE_URL`): the check-in's
 * transaction (appointment to waiting and the ticket) commits as one, and a panel on one server hears
 * a call made through another server on the same database.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../sync-server/testing/postgres.js';
import { connectPanel, startLiveServer, type LiveServer } from './live-server.js';
import { oneQueueWithElderFirst, secondFactorAndLimit } from './totem-factor.js';
import { MARIA_BIRTH, MARIA_CPF, seedTotemClinic } from './totem-seed.js';

const reason = await postgresUnreachable();
const skip = skipWithoutPostgres(reason, 'PostgreSQL totem test');
const schema = `test_totem_${randomBytes(4).toString('hex')}`;
const open = () =>
  openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations });
let live: LiveServer | undefined;
let other: TestServer | undefined;

afterAll(async () => {
  await other?.close();
  await live?.close();
  if (!reason) await dropSchema(schema);
});

it.skipIf(skip)('checks in by CPF and feeds the panel across two servers on PostgreSQL', async () => {
  live = await startLiveServer({ database: await open() });
  const seeded = await seedTotemClinic(live, 'postgres');
  other = await startTestServer({ database: await open() });

  const found = await other.call('POST', `/clinic/${seeded.clinicId}/totem/lookup`, {
    key: seeded.totemKey,
    body: { cpf: MARIA_CPF, birthDate: MARIA_BIRTH },
  });
  expect(found.body).toMatchObject({ firstName: 'Maria', appointments: [{ id: seeded.appointmentId }] });
  const checked = await other.call('POST', `/clinic/${seeded.clinicId}/totem/checkIn`, {
    key: seeded.totemKey,
    body: { appointment: seeded.appointmentId },
  });
  expect(checked.status).toBe(201);
  expect((await live.call('GET', `/appointment/${seeded.appointmentId}`, { token: seeded.admin })).body).toMatchObject({
    status: 2,
  });

  const opened = await live.call('POST', `/clinic/${seeded.clinicId}/socket`, { key: seeded.totemKey });
  const panel = await connectPanel(live.url, opened.body.path as string);
  await panel.next((f) => f.type === 'panel');
  await other.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/call`, { token: seeded.admin, body: {} });
  const heard = await panel.next((f) => f.type === 'call', 2500);
  expect(heard.call).toMatchObject({ code: 'N001', placeName: 'Guichê 1' });
  panel.close();
});

it.skipIf(skip)(
  'asks a second factor and limits attempts on PostgreSQL, and keeps one queue with 80+ first',
  async () => {
    live ??= await startLiveServer({ database: await open() });
    await secondFactorAndLimit(live, await seedTotemClinic(live, 'pg-factor'));
    await oneQueueWithElderFirst(live, await seedTotemClinic(live, 'pg-queue'));
  },
);
