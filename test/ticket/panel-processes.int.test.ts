/**
 * A panel connected to one server process hears a call made through another process on the same
 * database: the call reaches it through the ChangeHub (its poll; figures in the ticket-socket bench).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { connectPanel, startLiveServer, type LiveServer } from './live-server.js';
import { seedTotemClinic } from './totem-seed.js';

const dir = mkdtempSync(join(tmpdir(), 'clinic-panel-processes-'));
const file = join(dir, 'clinic.db');
const open = () => openSqlDatabase({ url: file, collections: allCollections, migrations: serverMigrations });
let live: LiveServer | undefined;
let other: TestServer | undefined;

afterAll(async () => {
  await other?.close();
  await live?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('hears a call written through another server process', async () => {
  live = await startLiveServer({ database: await open() });
  const seeded = await seedTotemClinic(live, 'processos');
  other = await startTestServer({ database: await open() });
  await other.call('POST', `/clinic/${seeded.clinicId}/totem/checkIn`, { key: seeded.totemKey, body: {} });
  const opened = await live.call('POST', '/websocket/endpoint', {
    key: seeded.totemKey,
    body: { clinic: seeded.clinicId },
  });
  const panel = await connectPanel(live.url, opened.body.path as string);
  await panel.next((f) => f.type === 'panel');

  const called = await other.call('POST', `/clinic/${seeded.clinicId}/place/${seeded.deskId}/call`, {
    token: seeded.admin,
    body: {},
  });
  expect(called.status).toBe(200);
  // The hub polls every second: one interval and a read.
  const heard = await panel.next((f) => f.type === 'call', 2500);
  expect(heard.call).toMatchObject({ code: 'N001', placeName: 'Guichê 1' });
  panel.close();
});
