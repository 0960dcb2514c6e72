/**
 * The attendance medical record through REST on SQLite, as the professional, a colleague and the
 * reception use it: opened when the attendance starts, edited section by section, finished, then
 * only addenda; CID-10 sex warnings; every read and write audited; the reception refused the
 * content and never sent the collection on sync (LGPD art. 11, docs/decisions/medical-record.md).
 */
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../admin/demo-data.js';
import type { AuditTables } from '../audit/audit-table.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';
import { enrolDevice, type SyncTestServer } from '../../test/sync/sync-fixture.js';
import { uuidV7Ids } from '#core/ids.js';
import { medicalRecords } from '#core/medical-record/record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import type { SyncDocument } from '#core/sync/protocol.js';
import { pushChanges } from '../sync/push.js';

const PASSWORD = 'senha comprida da clínica';
let server: TestServer;
let tenantId: string;
const token = { admin: '', ana: '', bruno: '', reception: '' };
const ids = { ana: '', bruno: '', reception: '', clinic: '', patient: '', malePatient: '' };

type Rec = {
  id: string;
  status: string;
  professional: string;
  sections: Record<string, { text: string; cid10?: string[] }>;
  addenda: { text: string; by: string }[];
  comments: { text: string; section: string }[];
  transfers: { from: string; to: string }[];
};

async function call(who: keyof typeof token, method: string, path: string, body?: unknown) {
  return server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });
}

async function appointmentInAttendance(patient = ids.patient, hour = 9): Promise<string> {
  const booked = await call('reception', 'POST', '/appointment/', {
    clinic: ids.clinic,
    patient,
    professional: ids.ana,
    start: `2026-11-23T${String(hour).padStart(2, '0')}:00:00-03:00`,
    end: `2026-11-23T${String(hour).padStart(2, '0')}:30:00-03:00`,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = (booked.body.appointment as { id: string }).id;
  const arrived = await call('reception', 'POST', `/appointment/${id}/attendance`, {});
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD }));
  await seedDemoData(server.database, tenantId, { patients: 4, clock: server.clock });
  for (const [key, role] of [
    ['ana', 'professional'],
    ['bruno', 'professional'],
    ['reception', 'reception'],
  ] as const)
    ids[key] = await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role });
  for (const key of ['admin', 'ana', 'bruno', 'reception'] as const)
    token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
  const store = server.database.forTenant(tenantId);
  const ana = (await store.collection(users).get(ids.ana))!;
  await store.collection(users).update(ana.id, ana._rev, {
    ...ana,
    name: 'Dra. Ana Lima',
    council: 'CRM',
    councilNumber: '123456',
    councilState: 'SP',
  });
  ids.clinic = (await store.collection(clinics).find({ limit: 1 }))[0]!.id;
  const people = await store.collection(patients).find({ selector: { active: true }, limit: 4 });
  const female = people.find((p) => p.sex === 'female') ?? people[0]!;
  ids.patient = female.id;
  await store.collection(patients).update(female.id, female._rev, { ...female, sex: 'female' });
  const other = people.find((p) => p.id !== female.id)!;
  ids.malePatient = other.id;
  await store.collection(patients).update(other.id, other._rev, { ...other, sex: 'male' });
}, 120_000);
afterAll(() => server?.close());

describe('attendance medical record', () => {
  it('opens when the attendance starts, saves sections as typed, finishes, then takes only addenda', async () => {
    const appointment = await appointmentInAttendance();
    expect((await call('bruno', 'POST', `/appointment/${appointment}/medicalRecord`)).status).toBe(403);
    const opened = await call('ana', 'POST', `/appointment/${appointment}/medicalRecord`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = (opened.body as Rec).id;
    expect(opened.body).toMatchObject({ status: 'open', professional: ids.ana, appointment, kind: 'appointment' });
    expect((await call('reception', 'GET', `/appointment/${appointment}`)).body.status).toBe(4);
    // Opening again answers the same record.
    expect(((await call('ana', 'POST', `/appointment/${appointment}/medicalRecord`)).body as Rec).id).toBe(id);

    const first = await call('ana', 'PATCH', `/medicalRecord/${id}`, { anamnese: 'Tosse há 3 dias.' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await call('ana', 'PATCH', `/medicalRecord/${id}`, {
      exameFisico: 'Sibilos difusos.',
      hipoteseDiagnostica: 'Asma alérgica',
      cid10: ['j450'],
    });
    expect(second.body).toMatchObject({
      warnings: [],
      medicalRecord: {
        sections: {
          anamnese: { text: 'Tosse há 3 dias.' },
          exameFisico: { text: 'Sibilos difusos.' },
          hipoteseDiagnostica: { text: 'Asma alérgica', cid10: ['J45.0'] },
        },
      },
    });
    const unknown = await call('ana', 'PATCH', `/medicalRecord/${id}`, { cid10: ['J45.7'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ details: [{ path: 'cid10.0' }] });
    expect((await call('bruno', 'PATCH', `/medicalRecord/${id}`, { conduta: 'outra' })).status).toBe(403);

    const comment = await call('bruno', 'POST', `/medicalRecord/${id}/comment`, {
      section: 'conduta',
      text: 'Considerar espirometria.',
    });
    expect(comment.status).toBe(201);
    expect((await call('ana', 'POST', `/medicalRecord/${id}/addendum`, { text: 'cedo' })).status).toBe(409);

    const finished = await call('ana', 'POST', `/medicalRecord/${id}/conclusion`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({ status: 'finished' });
    expect((await call('reception', 'GET', `/appointment/${appointment}`)).body.status).toBe(5);

    const refused = await call('ana', 'PATCH', `/medicalRecord/${id}`, { conduta: 'Salbutamol.' });
    expect(refused.status).toBe(409);
    expect((refused.body.error as { message: string }).message).toMatch(/finalizado.*adendo/);
    expect((await call('ana', 'POST', `/medicalRecord/${id}/conclusion`)).status).toBe(409);
    const addendum = await call('bruno', 'POST', `/medicalRecord/${id}/addendum`, {
      text: 'Espirometria normal.',
      section: 'evolucao',
    });
    expect(addendum.status).toBe(201);
    const read = (await call('ana', 'GET', `/medicalRecord/${id}`)).body as Rec;
    expect(read.sections.conduta).toBeUndefined();
    expect(read.addenda).toMatchObject([{ text: 'Espirometria normal.', by: ids.bruno }]);
    expect(read.comments).toMatchObject([{ section: 'conduta', text: 'Considerar espirometria.' }]);
  });

  it('refuses to open the record of an appointment whose patient has not arrived', async () => {
    const booked = await call('reception', 'POST', '/appointment/', {
      clinic: ids.clinic,
      patient: ids.patient,
      professional: ids.ana,
      start: '2026-11-23T15:00:00-03:00',
      end: '2026-11-23T15:30:00-03:00',
    });
    const appointment = (booked.body.appointment as { id: string }).id;
    const res = await call('ana', 'POST', `/appointment/${appointment}/medicalRecord`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'invalid_transition' });
    expect((await call('reception', 'GET', `/appointment/${appointment}`)).body.status).toBe(1);
  });

  it('creates an instant attendance, warns on a CID-10 of the other sex, transfers, lists history newest first', async () => {
    const instant = await call('ana', 'POST', '/medicalRecord/instantAttendance', {
      patient: ids.malePatient,
      hipoteseDiagnostica: 'Tétano obstétrico?',
      cid10: ['A34'],
    });
    expect(instant.status, JSON.stringify(instant.body)).toBe(201);
    const warnings = instant.body.warnings as { path: string; message: string }[];
    expect(warnings.map((w) => w.path)).toEqual(['cid10.0']);
    expect(warnings[0]!.message).toBe(
      'A34 (Tétano obstétrico) é próprio do sexo feminino; no cadastro o paciente é do sexo masculino',
    );
    const id = (instant.body.medicalRecord as Rec).id;
    expect(instant.body.medicalRecord).toMatchObject({ kind: 'instant', status: 'open', professional: ids.ana });

    const moved = await call('ana', 'POST', `/medicalRecord/${id}/transfer`, {
      professional: ids.bruno,
      reason: 'Fim do plantão',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ professional: ids.bruno, transfers: [{ from: ids.ana, to: ids.bruno }] });
    expect((await call('ana', 'PATCH', `/medicalRecord/${id}`, { conduta: 'x' })).status).toBe(403);
    expect((await call('bruno', 'PATCH', `/medicalRecord/${id}`, { conduta: 'Repouso.' })).status).toBe(200);

    server.clock.advance(60_000);
    const later = await call('bruno', 'POST', '/medicalRecord/instantAttendance', { patient: ids.malePatient });
    expect(later.status).toBe(201);
    // Both records are Bruno's now (the transfer): Ana, who no longer attends either, lists none (MED-055).
    expect((await call('ana', 'GET', `/patient/${ids.malePatient}/medicalRecord`)).body.items).toEqual([]);
    const history = await call('bruno', 'GET', `/patient/${ids.malePatient}/medicalRecord?limit=1`);
    expect(history.status).toBe(200);
    expect((history.body.items as Rec[]).map((r) => r.id)).toEqual([(later.body.medicalRecord as Rec).id]);
    const rest = await call(
      'bruno',
      'GET',
      `/patient/${ids.malePatient}/medicalRecord?limit=5&before=${history.body.next as string}`,
    );
    expect((rest.body.items as Rec[]).map((r) => r.id)).toEqual([id]);
  });

  it('searches CID-10 by words and code', async () => {
    const found = await call('ana', 'GET', '/cid10/?q=hipertens%C3%A3o%20essencial');
    expect(found.status).toBe(200);
    expect(found.body.items).toContainEqual({ code: 'I10', description: 'Hipertensão essencial (primária)' });
    expect((await call('ana', 'GET', '/cid10/?q=N40')).body.items).toEqual([
      { code: 'N40', description: 'Hiperplasia da próstata', sex: 'M' },
    ]);
  });
});

describe('prescription (receita simples)', () => {
  it("prints the prescription with the professional's council and number, pt-BR", async () => {
    const appointment = await appointmentInAttendance(ids.patient, 11);
    const id = ((await call('ana', 'POST', `/appointment/${appointment}/medicalRecord`)).body as Rec).id;
    expect((await call('ana', 'GET', `/medicalRecord/${id}/prescription/pdf`)).status).toBe(409);
    await call('ana', 'PATCH', `/medicalRecord/${id}`, {
      prescricao: 'Uso oral\n1. Amoxicilina 500 mg — 1 cápsula de 8 em 8 horas por 7 dias',
    });
    const res = await call('ana', 'GET', `/medicalRecord/${id}/prescription/pdf`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ fileName: `receita-${id}.pdf`, mediaType: 'application/pdf' });
    const parser = new PDFParse({ data: new Uint8Array(Buffer.from(res.body.content as string, 'base64')) });
    try {
      const { text } = await parser.getText();
      expect(text).toContain('RECEITUÁRIO SIMPLES');
      expect(text).toContain('Amoxicilina 500 mg — 1 cápsula de 8 em 8 horas por 7 dias');
      expect(text).toContain('Dra. Ana Lima');
      expect(text).toContain('CRM-SP 123456');
      expect(text).toMatch(/23\/11\/2026/);
    } finally {
      await parser.destroy();
    }
    expect((await call('reception', 'GET', `/medicalRecord/${id}/prescription/pdf`)).status).toBe(403);
  });
});

describe('privacy (LGPD art. 11)', () => {
  it('refuses the reception every read of clinical content and audits every access', async () => {
    const created = await call('ana', 'POST', '/medicalRecord/instantAttendance', {
      patient: ids.patient,
      anamnese: 'Queixa sigilosa.',
    });
    const id = (created.body.medicalRecord as Rec).id;
    for (const path of [`/medicalRecord/${id}`, `/patient/${ids.patient}/medicalRecord`, '/cid10/?q=asma']) {
      const res = await call('reception', 'GET', path);
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('sigilosa');
    }
    expect(
      (await call('reception', 'POST', `/medicalRecord/${id}/comment`, { section: 'anamnese', text: 'oi' })).status,
    ).toBe(403);
    // Another professional neither attends nor holds a share of it (MED-055).
    expect((await call('bruno', 'GET', `/medicalRecord/${id}`)).status).toBe(403);
    expect((await call('ana', 'GET', `/medicalRecord/${id}`)).status).toBe(200);
    const audited = await server.database.kysely
      .withTables<AuditTables>()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('record_id', '=', id)
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'create', actor_id: ids.ana },
        { action: 'read', actor_id: ids.ana },
      ]),
    );
  });

  it('never sends the collection to an installation whose role lacks medicalRecord:read', async () => {
    // A desk works with the reception's permissions (sync-server/sync/devices.ts).
    const desk = await enrolDevice(server as SyncTestServer, token.admin);
    const pull = await server.call('GET', '/sync/medical_records/pull?limit=100', { token: desk.token });
    expect(pull.status).toBe(403);
    const group = await server.call('GET', '/sync/group/schedule/pull?limit=500', { token: desk.token });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const docs = group.body.documents as { rx_collection: string }[];
    expect(docs.some((d) => d.rx_collection === 'appointments')).toBe(true);
    expect(docs.filter((d) => d.rx_collection === 'medical_records')).toEqual([]);
  });
});

describe('offline edits pushed by two installations', () => {
  it('merges section by section on the server; a finished record takes the late text as an addendum', async () => {
    const created = await call('ana', 'POST', '/medicalRecord/instantAttendance', {
      patient: ids.patient,
      anamnese: 'Cefaleia.',
    });
    const id = (created.body.medicalRecord as Rec).id;
    const store = server.database.forTenant(tenantId);
    const { _rev, ...base } = (await store.collection(medicalRecords).get(id))!;
    const live = (doc: object) => ({ ...doc, _deleted: false }) as unknown as SyncDocument;
    const push = (deviceId: string, rows: { assumedMasterState: SyncDocument; newDocumentState: SyncDocument }[]) =>
      pushChanges(
        {
          database: server.database,
          actor: {
            kind: 'device',
            id: deviceId,
            tenantId,
            permissions: new Set(['medicalRecord:read', 'medicalRecord:write']),
            clinicId: null,
            // Professional stations bound to the attending professional (MED-007).
            deviceKind: 'professional',
            userId: ids.ana,
          },
          clock: server.clock,
          ids: uuidV7Ids,
        },
        medicalRecords as unknown as CollectionDef<RecordBase>,
        rows,
      );
    const edit = (text: string, at: string) => ({
      ...base,
      updatedAt: at,
      sections: { ...base.sections, conduta: { text, at, by: ids.ana } },
    });
    expect(
      await push('desk-1', [
        { assumedMasterState: live(base), newDocumentState: live(edit('Analgésico.', '2026-11-23T09:10:00-03:00')) },
      ]),
    ).toEqual([]);
    const answer = await push('desk-2', [
      { assumedMasterState: live(base), newDocumentState: live(edit('Repouso.', '2026-11-23T09:11:00-03:00')) },
    ]);
    expect(answer).toHaveLength(1);
    const merged = (await store.collection(medicalRecords).get(id))!;
    expect(merged.sections.conduta!.text).toBe(
      `Analgésico.\n\n--- edição simultânea (${ids.ana}, 2026-11-23T09:11:00-03:00) ---\n\nRepouso.`,
    );
    expect(merged.sections.anamnese!.text).toBe('Cefaleia.');

    expect((await call('ana', 'POST', `/medicalRecord/${id}/conclusion`)).status).toBe(200);
    const { _rev: _r, ...seen } = merged;
    const late = {
      ...seen,
      sections: { ...seen.sections, evolucao: { text: 'Melhorou.', at: '2026-11-23T09:20:00-03:00', by: ids.ana } },
    };
    await push('desk-1', [{ assumedMasterState: live(seen), newDocumentState: live(late) }]);
    const finished = (await store.collection(medicalRecords).get(id))!;
    expect(finished.status).toBe('finished');
    expect(finished.sections.evolucao).toBeUndefined();
    expect(finished.addenda).toMatchObject([{ text: 'Melhorou.', section: 'evolucao', origin: 'merge' }]);
  });
});
