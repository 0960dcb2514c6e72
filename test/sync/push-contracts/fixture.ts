/**
 * The server the registry-wide push suite (push-contracts.int.test.ts) checks, once per database engine:
 * it is started and seeded once (two accounts with an enrolled desk each, account A's demo data and one
 * booking), and every spec group's cases (suite.ts) then run on it, so the suite pays the start and the
 * seeding once per engine, not once per group.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { users } from '#core/access/user.js';
import { allCollections } from '#core/catalogue.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { events } from '#core/clinic/event-record.js';
import { uuidV7Ids } from '#core/ids.js';
import { patients } from '#core/patient/patient-record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import type { PushRow, SyncDocument } from '#core/sync/protocol.js';
import { seedDemoData } from '../../../sync-server/admin/demo-data.js';
import { login, seedAccount, startTestServer, type TestServer } from '../../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../../sync-server/server.js';
import { openSqlDatabase } from '../../../sync-server/store/index.js';
import type { DeviceActor } from '../../../sync-server/sync/devices.js';
import { pushChanges } from '../../../sync-server/sync/push.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../../sync-server/testing/postgres.js';
import { enrolDevice, type SyncTestServer } from '../sync-fixture.js';

export type Doc = Record<string, unknown>;
export type Def = CollectionDef<RecordBase>;

const PASSWORD = 'senha-muito-segura-1';

export const without = (doc: Doc, field: string): Doc => {
  const copy = { ...doc };
  delete copy[field];
  return copy;
};
export const live = (doc: Doc): SyncDocument => ({ ...doc, _deleted: false }) as SyncDocument;

/** What the samples point at: records of the account written through its operations. */
export interface Refs {
  tenantId: string;
  clinic: string;
  patient: string;
  professional: string;
}

/** Account A (whose records the samples are) and account B (which tries to take their ids). */
export type Key = 'A' | 'B';

/** The engine's server and accounts, shared by every group; filled in `useServer`'s `beforeAll`. */
export interface ServerContext {
  server: TestServer;
  account: Record<Key, { tenantId: string; adminId: string; token: string; deskId: string; deskToken: string }>;
  refs: Refs;
  /** An appointment account A booked through the operations. */
  booked: string;
  /** A fresh record id, never given before on this server. */
  newId: () => string;
  push: (key: Key, def: Def, rows: PushRow[]) => Promise<SyncDocument[]>;
  /** Calls an operation as account A's admin and expects it to succeed; answers its body. */
  write: (method: 'POST' | 'PUT', path: string, body: Doc) => Promise<Doc>;
}

/** A database engine the suite runs on. */
export interface Backend {
  name: string;
  skip: boolean;
  start(): Promise<TestServer>;
  cleanup(): Promise<void>;
}

/** SQLite, and PostgreSQL (in a schema of its own, dropped at the end) unless it does not answer. */
export async function backends(): Promise<Backend[]> {
  const pgSchema = `test_contracts_${randomBytes(4).toString('hex')}`;
  const pgSkip = skipWithoutPostgres(await postgresUnreachable(), 'push contracts on PostgreSQL');
  return [
    { name: 'SQLite', skip: false, start: () => startTestServer(), cleanup: () => Promise.resolve() },
    {
      name: 'PostgreSQL',
      skip: pgSkip,
      start: async () =>
        startTestServer({
          database: await openSqlDatabase({
            url: postgresUrl,
            schema: pgSchema,
            collections: allCollections,
            migrations: serverMigrations,
          }),
        }),
      cleanup: () => dropSchema(pgSchema),
    },
  ];
}

/**
 * Starts `backend`'s server in a `beforeAll` of the calling `describe` and closes it after; answers the
 * context, filled once the `beforeAll` ran (every group's hooks and cases run after it).
 */
export function useServer(backend: Backend): ServerContext {
  let serial = 0;
  const blank = () => ({ tenantId: '', adminId: '', token: '', deskId: '', deskToken: '' });
  const ctx = {
    account: { A: blank(), B: blank() },
    newId: () => `0193a1c2-7b3e-7cc1-9a52-${(++serial).toString(16).padStart(12, '0')}`,
  } as ServerContext;

  beforeAll(async () => {
    const server = (ctx.server = await backend.start());
    for (const [key, name] of [
      ['A', 'sol'],
      ['B', 'lua'],
    ] as const) {
      const email = `admin@${name}.test`;
      const { tenantId, adminId } = await seedAccount(server, `Clínica ${name}`, { email, password: PASSWORD });
      const token = (await login(server, email, PASSWORD)).accessToken;
      const desk = await enrolDevice(server as SyncTestServer, token);
      Object.assign(ctx.account[key], { tenantId, adminId, token, deskId: desk.id, deskToken: desk.token });
    }
    // Account A's own records, written through the operations.
    await seedDemoData(server.database, ctx.account.A.tenantId, { patients: 4, clock: server.clock });
    const store = server.database.forTenant(ctx.account.A.tenantId);
    const refs = (ctx.refs = {
      tenantId: ctx.account.A.tenantId,
      clinic: (await store.collection(clinics).find({ limit: 1 }))[0]!.id,
      patient: (await store.collection(patients).find({ selector: { active: true }, limit: 1 }))[0]!.id,
      professional: ctx.account.A.adminId,
    });
    ctx.write = async (method, path, body) => {
      const res = await server.call(method, path, { token: ctx.account.A.token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const booking = await ctx.write('POST', '/appointment/', {
      clinic: refs.clinic,
      patient: refs.patient,
      professional: refs.professional,
      start: '2026-11-26T09:00:00-03:00',
      end: '2026-11-26T09:30:00-03:00',
    });
    ctx.booked = (booking.appointment as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    await ctx.server?.close();
    await backend.cleanup();
  });

  const actor = (key: Key): DeviceActor => ({
    kind: 'device',
    id: ctx.account[key].deskId,
    tenantId: ctx.account[key].tenantId,
    // Every permission: what is checked here is the record, not the installation's role.
    permissions: new Set(['*']),
    clinicId: null,
    deviceKind: 'desk',
    // Bound to the records' professional: medical records are pushed only by her station (MED-007).
    userId: ctx.refs.professional,
  });
  ctx.push = (key, def, rows) =>
    pushChanges(
      { database: ctx.server.database, actor: actor(key), clock: ctx.server.clock, ids: uuidV7Ids },
      def,
      rows,
    );
  return ctx;
}

/** Account A's clinic records a group's writes need: a professional colleague and a procedure (event). */
export async function colleagueAndEvent(ctx: ServerContext) {
  const store = ctx.server.database.forTenant(ctx.account.A.tenantId);
  const colleague = (await store.collection(users).find({ selector: { role: 'professional' }, limit: 1 }))[0]!;
  const event = (await store.collection(events).find({ limit: 1 }))[0]!;
  return { store, colleague, event };
}
