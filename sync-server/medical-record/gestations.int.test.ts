/**
 * Gestations through REST and sync, on SQLite and PostgreSQL (MED-056; spec §4.4 Patient "list
 * gestations accessible to the logged professional"): the DPP by Naegele's rule and the gestational age
 * in weeks and days of the clinic's day; one ongoing gestation per patient; ended with its outcome and
 * then frozen; read by the following professional, a colleague once the record it was registered in is
 * shared with them, and admins; the reception never; held only by the following professional's station;
 * audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '#core/clinic/clinic-record.js';
import { seedDemoData } from '../admin/demo-data.js';
import type { AuditTables } from '../audit/audit-table.js';
import { addMember, login, seedAccount } from '../auth/test-server.js';
import { enrolDevice, startSyncServerOn, syncEngines, type SyncTestServer } from '../../test/sync/sync-fixture.js';

const PASSWORD = 'senha comprida da clínica';
const HOUR = 3600_000;
type Doc = Record<string, unknown> & { id: string; rx_collection?: string };

describe.each(await syncEngines('gestations'))('gestations on %s', (engine) => {
  let server: SyncTestServer;
  const token = { admin: '', ana: '', bruno: '', reception: '' };
  const ids = { ana: '', bruno: '', patient: '', clinic: '', record: '', gestation: '' };
  const call = (who: keyof typeof token, method: string, path: string, body?: unknown) =>
    server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });
  const listed = async (who: keyof typeof token, query = '') =>
    ((await call(who, 'GET', `/gestation/${query}`)).body.items as Doc[]).map((g) => g.id);

  // Access tokens are short-lived: log in again after moving the clock.
  const relogin = async () => {
    for (const key of ['admin', 'ana', 'bruno', 'reception'] as const)
      token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
  };

  beforeAll(async () => {
    server = await startSyncServerOn(engine);
    const { tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD });
    await seedDemoData(server.database, tenantId, { patients: 1, clock: server.clock });
    for (const [key, role] of [
      ['ana', 'professional'],
      ['bruno', 'professional'],
      ['reception', 'reception'],
    ] as const) {
      const id = await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role });
      if (key !== 'reception') ids[key] = id;
    }
    await relogin();
    ids.patient = ((await call('ana', 'GET', '/patient/?limit=1')).body.items as Doc[])[0]!.id;
    ids.clinic = (await server.database.forTenant(tenantId).collection(clinics).find({ limit: 1 }))[0]!.id;
    const opened = await call('ana', 'POST', '/medicalRecord/instantAttendance', {
      patient: ids.patient,
      anamnese: 'Atraso menstrual.',
    });
    ids.record = (opened.body.medicalRecord as Doc).id;
  }, 120_000);
  afterAll(() => server?.close());

  it('registers from the DUM with the DPP by Naegele and the age in weeks and days of the clinic day', async () => {
    expect(
      (await call('ana', 'POST', `/patient/${ids.patient}/gestation`, { lastMenstrualPeriod: '2026-12-01' })).status,
    ).toBe(400);
    // The server's clock: 2026-11-23 09:00 in São Paulo. DUM 14/09: 70 days, 10 weeks.
    const res = await call('ana', 'POST', `/patient/${ids.patient}/gestation`, {
      lastMenstrualPeriod: '2026-09-14',
      clinic: ids.clinic,
      medicalRecord: ids.record,
      note: 'Primigesta.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      patient: ids.patient,
      professional: ids.ana,
      dueDate: '2027-06-21',
      status: 'ongoing',
      gestationalAge: { weeks: 10, days: 0, totalDays: 70, asOf: '2026-11-23' },
    });
    ids.gestation = res.body.id as string;
    const again = await call('ana', 'POST', `/patient/${ids.patient}/gestation`, { lastMenstrualPeriod: '2026-09-20' });
    expect(again.status).toBe(409);

    // 23:00 in São Paulo is already the 24th in UTC: the age is still the clinic's day.
    server.clock.advance(14 * HOUR);
    await relogin();
    expect((await call('ana', 'GET', `/gestation/${ids.gestation}`)).body.gestationalAge).toMatchObject({
      weeks: 10,
      days: 0,
      asOf: '2026-11-23',
    });
    server.clock.advance(2 * HOUR);
    await relogin();
    expect((await call('ana', 'GET', `/gestation/${ids.gestation}`)).body.gestationalAge).toMatchObject({
      weeks: 10,
      days: 1,
      asOf: '2026-11-24',
    });
    // A corrected DUM moves the DPP.
    const corrected = await call('ana', 'PATCH', `/gestation/${ids.gestation}`, { lastMenstrualPeriod: '2026-09-10' });
    expect(corrected.body).toMatchObject({ dueDate: '2027-06-17', gestationalAge: { weeks: 10, days: 5 } });
  });

  it('lists what the logged professional may read: their own, shared records, all for admins, nothing for reception', async () => {
    expect(await listed('ana')).toEqual([ids.gestation]);
    expect(await listed('admin')).toEqual([ids.gestation]);
    expect(await listed('bruno')).toEqual([]);
    expect((await call('bruno', 'GET', `/gestation/${ids.gestation}`)).status).toBe(403);
    expect((await call('bruno', 'PATCH', `/gestation/${ids.gestation}`, { note: 'x' })).status).toBe(403);
    expect((await call('reception', 'GET', '/gestation/')).status).toBe(403);
    expect((await call('reception', 'GET', `/gestation/${ids.gestation}`)).status).toBe(403);

    const share = await call('ana', 'POST', `/medicalRecord/${ids.record}/share`, {
      kind: 'professional',
      user: ids.bruno,
    });
    await call('bruno', 'POST', `/medicalRecord/share/${share.body.id as string}/acceptance`);
    expect(await listed('bruno')).toEqual([ids.gestation]);
    expect((await call('bruno', 'GET', `/gestation/${ids.gestation}`)).status).toBe(200);
    await call('ana', 'DELETE', `/medicalRecord/share/${share.body.id as string}`);
    expect(await listed('bruno')).toEqual([]);
  });

  it('ends with an outcome, then only the note changes', async () => {
    const path = `/gestation/${ids.gestation}`;
    expect((await call('ana', 'PATCH', path, { status: 'ended' })).status).toBe(400);
    const ended = await call('ana', 'PATCH', path, { status: 'ended', outcome: 'aborto', endedOn: '2026-11-20' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body).toMatchObject({
      status: 'ended',
      outcome: 'aborto',
      gestationalAge: { weeks: 10, days: 1, asOf: '2026-11-20' },
    });
    expect((await call('ana', 'PATCH', path, { lastMenstrualPeriod: '2026-09-01' })).status).toBe(409);
    expect((await call('ana', 'PATCH', path, { note: 'Acolhimento feito.' })).body).toMatchObject({
      note: 'Acolhimento feito.',
    });
    expect(await listed('ana')).toEqual([]);
    expect(await listed('ana', '?status=all')).toEqual([ids.gestation]);
    // Ended, a new gestation may be registered.
    const next = await call('ana', 'POST', `/patient/${ids.patient}/gestation`, { lastMenstrualPeriod: '2026-11-20' });
    expect(next.status).toBe(201);
  });

  it("goes down to the following professional's station only, and every access is audited", async () => {
    const pulled = async (deviceToken: string) => {
      const res = await server.call('GET', '/sync/group/schedule/pull?limit=1000', { token: deviceToken });
      return (res.body.documents as Doc[]).filter((d) => d.rx_collection === 'gestations').map((d) => d.id);
    };
    const station = async (user: string) => {
      const code = await call('admin', 'POST', '/installation/enrolmentCode', {
        name: 'Consultório',
        kind: 'professional',
        user,
      });
      return (await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } })).body
        .token as string;
    };
    expect(await pulled(await station(ids.ana))).toContain(ids.gestation);
    expect(await pulled(await station(ids.bruno))).toEqual([]);
    const desk = await enrolDevice(server, token.admin);
    expect(await pulled(desk.token)).toEqual([]);
    expect((await server.call('GET', '/sync/gestations/pull?limit=10', { token: desk.token })).status).toBe(403);

    await server.access.audit.flush();
    const audited = await server.database.kysely
      .withTables<AuditTables>()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('collection', '=', 'gestations')
      .where('record_id', '=', ids.gestation)
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'create', actor_id: ids.ana },
        { action: 'read', actor_id: ids.ana },
        { action: 'update', actor_id: ids.ana },
        { action: 'read', actor_id: ids.bruno },
      ]),
    );
  });
});
