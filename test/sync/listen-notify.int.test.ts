/**
 * Several server processes on one PostgreSQL: a change written through one reaches a sync stream
 * opened on another at once (LISTEN/NOTIFY), not at the next one-second poll.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { patients } from '#core/patient/patient-record.js';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import {
  dropSchema,
  postgresUnreachable,
  postgresUrl,
  skipWithoutPostgres,
} from '../../sync-server/testing/postgres.js';
import { seededRandom } from './in-process-fetch.js';
import { openInstallation } from './installation.js';
import { patientDoc } from './patient-doc.js';
import { enrolDevice, seedAdmin, type SyncTestServer } from './sync-fixture.js';

const schema = `test_notify_${randomBytes(4).toString('hex')}`;
const reason = await postgresUnreachable();
const skip = skipWithoutPostgres(reason, 'LISTEN/NOTIFY test');

afterAll(async () => {
  if (!skip) await dropSchema(schema);
});

async function serverOnPostgres(): Promise<TestServer> {
  const database = await openSqlDatabase({
    url: postgresUrl,
    schema,
    collections: allCollections,
    migrations: serverMigrations,
  });
  return startTestServer({ database });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it.skipIf(skip)(
  'a write through server A reaches a desk streaming from server B within a fraction of a second',
  async () => {
    const a = await serverOnPostgres();
    const b = await serverOnPostgres();
    try {
      const admin = await seedAdmin(a as SyncTestServer, 'Clínica Dupla');
      const device = await enrolDevice(a as SyncTestServer, admin.token, 'desk', 'Recepção B');
      const desk = await openInstallation(b.app, device.token, [patients], seededRandom(7), { stream: true });
      try {
        await desk.sync.awaitInSync();
        await sleep(300);
        const latencies: number[] = [];
        const random = seededRandom(11);
        for (let i = 0; i < 5; i++) {
          // Spread over the poll period, so a one-second poll could not pass by luck.
          await sleep(150 + Math.floor(random() * 500));
          const id = `0193a1c2-7b3e-7cc1-9a52-00000000020${i}`;
          await a.database
            .forTenant(admin.tenantId)
            .collection(patients)
            .insert(patientDoc(admin.tenantId, id, `Paciente ${i}`));
          const written = Date.now();
          for (;;) {
            if (await desk.database.forTenant(admin.tenantId).collection(patients).get(id)) break;
            if (Date.now() - written > 3000) throw new Error(`o paciente ${i} não chegou em 3 s`);
            await sleep(5);
          }
          latencies.push(Date.now() - written);
        }
        console.info(`latência A→B (ms): ${latencies.join(', ')}`);
        for (const ms of latencies) expect(ms).toBeLessThan(300);
      } finally {
        await desk.close();
        // The stream on B ends once its flush in flight is done; the databases close after that.
        await sleep(200);
      }
    } finally {
      await a.close();
      await b.close();
    }
  },
  30_000,
);
