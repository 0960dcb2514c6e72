/**
 * A medical-record share widens who reads the record (MED-055, issue 23 "professionals the record is
 * shared with"): professional Bruno is refused Ana's record until he accepts her share, reads it (get,
 * history) and his professional station receives it while the share lives, and is refused again once it
 * is deleted; every read is in the audit log. On SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../admin/demo-data.js';
import type { AuditTables } from '../audit/audit-table.js';
import { addMember, login, seedAccount } from '../auth/test-server.js';
import { startSyncServerOn, syncEngines, type SyncTestServer } from '../../test/sync/sync-fixture.js';

const PASSWORD = 'senha comprida da clínica';
type Doc = Record<string, unknown> & { id: string; rx_collection?: string };

describe.each(await syncEngines('medical-record share reads'))('record shares widen reads on %s', (engine) => {
  let server: SyncTestServer;
  const token = { admin: '', ana: '', bruno: '' };
  const ids = { ana: '', bruno: '', patient: '', record: '' };
  const call = (who: keyof typeof token, method: string, path: string, body?: unknown) =>
    server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });

  async function station(user: string): Promise<string> {
    const code = await call('admin', 'POST', '/installation/enrolmentCode', {
      name: 'Consultório 2',
      kind: 'professional',
      user,
    });
    const enrolled = await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } });
    return enrolled.body.token as string;
  }
  async function pulled(deviceToken: string, checkpoint?: unknown) {
    const query = checkpoint ? `&checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}` : '';
    const group = await server.call('GET', `/sync/group/schedule/pull?limit=1000${query}`, { token: deviceToken });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const documents = (group.body.documents as Doc[]).filter((d) => d.rx_collection === 'medical_records');
    return { ids: documents.map((d) => d.id), checkpoint: group.body.checkpoint };
  }

  beforeAll(async () => {
    server = await startSyncServerOn(engine);
    const { tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD });
    await seedDemoData(server.database, tenantId, { patients: 1, clock: server.clock });
    for (const key of ['ana', 'bruno'] as const)
      ids[key] = await addMember(server, tenantId, {
        email: `${key}@sol.test`,
        password: PASSWORD,
        role: 'professional',
      });
    for (const key of ['admin', 'ana', 'bruno'] as const)
      token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
    const patients = await call('ana', 'GET', '/patient/?limit=1');
    ids.patient = (patients.body.items as { id: string }[])[0]!.id;
    const opened = await call('ana', 'POST', '/medicalRecord/instantAttendance', {
      patient: ids.patient,
      anamnese: 'Queixa que Ana compartilha.',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    ids.record = (opened.body.medicalRecord as { id: string }).id;
  }, 120_000);
  afterAll(() => server?.close());

  it('refuses Bruno before the share, lets him read after accepting, and refuses him again after deletion', async () => {
    const brunoStation = await station(ids.bruno);
    const history = async () =>
      ((await call('bruno', 'GET', `/patient/${ids.patient}/medicalRecord`)).body.items as Doc[]).map((r) => r.id);

    expect((await call('bruno', 'GET', `/medicalRecord/${ids.record}`)).status).toBe(403);
    expect(await history()).toEqual([]);
    const before = await pulled(brunoStation);
    expect(before.ids).toEqual([]);
    // The attending professional and an admin read it as always.
    expect((await call('ana', 'GET', `/medicalRecord/${ids.record}`)).status).toBe(200);
    expect((await call('admin', 'GET', `/patient/${ids.patient}/medicalRecord`)).body.items).toHaveLength(1);

    const share = await call('ana', 'POST', `/medicalRecord/${ids.record}/share`, {
      kind: 'professional',
      user: ids.bruno,
    });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    // Pending is not yet a share.
    expect((await call('bruno', 'GET', `/medicalRecord/${ids.record}`)).status).toBe(403);
    const accepted = await call('bruno', 'POST', `/medicalRecord/share/${share.body.id as string}/acceptance`);
    expect(accepted.body).toMatchObject({ status: 'accepted' });

    const read = await call('bruno', 'GET', `/medicalRecord/${ids.record}`);
    expect(read.status).toBe(200);
    expect(read.body.sections).toMatchObject({ anamnese: { text: 'Queixa que Ana compartilha.' } });
    expect(await history()).toEqual([ids.record]);
    // The station that already pulled past the record receives it on its next pull, and a new one too.
    expect((await pulled(brunoStation, before.checkpoint)).ids).toEqual([ids.record]);
    expect((await pulled(await station(ids.bruno))).ids).toEqual([ids.record]);
    // Still Ana's record: Bruno reads, he does not write.
    expect((await call('bruno', 'PATCH', `/medicalRecord/${ids.record}`, { conduta: 'Outra.' })).status).toBe(403);

    expect((await call('ana', 'DELETE', `/medicalRecord/share/${share.body.id as string}`)).status).toBe(200);
    expect((await call('bruno', 'GET', `/medicalRecord/${ids.record}`)).status).toBe(403);
    expect(await history()).toEqual([]);
    expect((await pulled(await station(ids.bruno))).ids).toEqual([]);

    await server.access.audit.flush();
    const reads = await server.database.kysely
      .withTables<AuditTables>()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('record_id', '=', ids.record)
      .where('actor_id', '=', ids.bruno)
      .where('action', '=', 'read')
      .execute();
    // At least the get and the history read while the share lived.
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });
});
