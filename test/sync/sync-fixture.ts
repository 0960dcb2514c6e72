/**
 * Test-only: the real server (`assembleServer`, which mounts the device operations and replication
 * routes) over a fresh SQLite file or PostgreSQL schema, accounts with admins, and enrolled installations.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCollections } from '#core/catalogue.js';
import { login, seedAccount, startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import type { DeviceKind, Devices } from '../../sync-server/sync/index.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../sync-server/testing/postgres.js';

/** A test server with sync. */
export interface SyncTestServer extends TestServer {
  devices: Devices;
  /** The database file, for tests that reopen it. */
  file: string;
}

/** Starts a server with sync on a fresh SQLite file (or on `file`); `close()` removes the folder it made. */
export async function startSyncServer(file?: string): Promise<SyncTestServer> {
  const dir = file ? undefined : mkdtempSync(join(tmpdir(), 'clinic-sync-'));
  const path = file ?? join(dir!, 'clinic.db');
  const database = await openSqlDatabase({
    url: path,
    collections: allCollections,
    migrations: serverMigrations,
  });
  // The server mounts sync itself (assembleServer): the fixture tests exactly what `npm run server` serves.
  const server = await startTestServer({ database });
  const { devices } = server;
  return {
    ...server,
    devices,
    file: path,
    async close() {
      await server.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The databases sync suites run on. */
export type SyncEngine = 'sqlite' | 'postgresql';

/**
 * The engines a suite runs on: SQLite always, PostgreSQL where it answers (always in CI, where a
 * missing server fails the suite); `what` names the suite in the warning when PostgreSQL is skipped.
 */
export async function syncEngines(what: string): Promise<SyncEngine[]> {
  return skipWithoutPostgres(await postgresUnreachable(), what) ? ['sqlite'] : ['sqlite', 'postgresql'];
}

/** Starts a server with sync on `engine`: a fresh SQLite file, or a PostgreSQL schema of its own dropped on `close()`. */
export async function startSyncServerOn(engine: SyncEngine): Promise<SyncTestServer> {
  if (engine === 'sqlite') return startSyncServer();
  const schema = `test_sync_${randomBytes(4).toString('hex')}`;
  const database = await openSqlDatabase({
    url: postgresUrl,
    schema,
    collections: allCollections,
    migrations: serverMigrations,
  });
  const server = await startTestServer({ database });
  return {
    ...server,
    devices: server.devices,
    file: '',
    async close() {
      await server.close();
      await dropSchema(schema);
    },
  };
}

/** An account and its admin's access token. */
export async function seedAdmin(server: SyncTestServer, name: string): Promise<{ tenantId: string; token: string }> {
  const email = `admin@${name.toLowerCase().replace(/\W/g, '')}.test`;
  const password = 'senha-muito-segura-1';
  const { tenantId } = await seedAccount(server, name, { email, password });
  const { accessToken } = await login(server, email, password);
  return { tenantId, token: accessToken };
}

/** Enrols an installation over REST as an admin would; @returns its device token and id. */
export async function enrolDevice(
  server: SyncTestServer,
  adminToken: string,
  kind: DeviceKind = 'desk',
  name = 'Recepção',
): Promise<{ token: string; id: string }> {
  const code = await server.call('POST', '/installation/enrolmentCode', { token: adminToken, body: { name, kind } });
  if (code.status !== 201) throw new Error(`enrolment code: ${code.status} ${JSON.stringify(code.body)}`);
  const enrolled = await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } });
  if (enrolled.status !== 201) throw new Error(`enrolment: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  return { token: enrolled.body.token as string, id: (enrolled.body.installation as { id: string }).id };
}
