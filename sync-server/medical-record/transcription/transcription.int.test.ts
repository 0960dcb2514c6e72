/**
 * Audio transcription through REST on SQLite and PostgreSQL, against a local HTTP server implementing
 * `POST /v1/audio/transcriptions` (test-whisper.ts), not against a provider: the account's settings
 * keep the key sealed (not in the table's text, never answered); a loopback provider is refused until
 * the account allows private networks; an upload answers 202 and a job pass brings the text, the
 * audio removed; a 500 is retried after a growing delay and then succeeds; a 400 fails for good;
 * wrong types and sizes answer 400; the reception and another professional are refused; reads are
 * audited.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../../admin/demo-data.js';
import type { AuditTables } from '../../audit/audit-table.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../../auth/test-server.js';
import { serverMigrations } from '../../server.js';
import { openSqlDatabase } from '../../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../../testing/postgres.js';
import { FIRST_RETRY_MS } from './transcription-job.js';
import { startTestWhisper, type TestWhisper } from './test-whisper.js';

const PASSWORD = 'senha comprida da clínica';
const API_KEY = 'sk-chave-secreta-de-teste-9911';
// The start of a WebM file (EBML header) and some bytes.
const AUDIO = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(2000)]);

const reason = await postgresUnreachable();
const skipPg = skipWithoutPostgres(reason, 'PostgreSQL transcription tests');
const backends = [
  { name: 'sqlite', skip: false },
  { name: 'postgresql', skip: skipPg },
];

describe.each(backends)('audio transcription on $name', ({ name, skip }) => {
  const schema = `test_audio_${randomBytes(4).toString('hex')}`;
  let server: TestServer;
  let whisper: TestWhisper;
  let tenantId: string;
  let recordId: string;
  const token = { admin: '', ana: '', bruno: '', reception: '' };
  const call = (who: keyof typeof token, method: string, path: string, body?: unknown) =>
    server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });
  const upload = (who: keyof typeof token = 'ana', extra: Record<string, unknown> = {}) =>
    call(who, 'POST', `/medicalRecord/${recordId}/audio`, {
      fileName: 'consulta.webm',
      mediaType: 'audio/webm;codecs=opus',
      content: AUDIO.toString('base64'),
      ...extra,
    });

  beforeAll(async () => {
    if (skip) return;
    const database =
      name === 'postgresql'
        ? await openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations })
        : undefined;
    server = await startTestServer(database ? { database } : {});
    whisper = await startTestWhisper(API_KEY);
    ({ tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD }));
    await seedDemoData(server.database, tenantId, { patients: 1, clock: server.clock });
    for (const [key, role] of [
      ['ana', 'professional'],
      ['bruno', 'professional'],
      ['reception', 'reception'],
    ] as const)
      await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role });
    for (const key of ['admin', 'ana', 'bruno', 'reception'] as const)
      token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
    const store = server.database.forTenant(tenantId);
    const clinic = (await store.collection(clinics).find({ limit: 1 }))[0]!.id;
    const patient = (await store.collection(patients).find({ selector: { active: true }, limit: 1 }))[0]!.id;
    const res = await call('ana', 'POST', '/medicalRecord/instantAttendance', { patient, clinic, anamnese: 'dor' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    recordId = (res.body.medicalRecord as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    await whisper?.close();
    await server?.close();
    if (name === 'postgresql' && !skip) await dropSchema(schema);
  });

  it.skipIf(skip)('keeps the settings with the key sealed, admin only, loopback only when allowed', async () => {
    const body = { baseUrl: whisper.baseUrl, model: 'whisper-1', apiKey: API_KEY };
    const loopback = await call('admin', 'PUT', '/medicalRecord/audio/settings', body);
    expect(loopback.status).toBe(400);
    expect(loopback.body).toMatchObject({ error: { code: 'validation', details: [{ path: 'baseUrl' }] } });
    await server.webhooks.setAllowPrivate(tenantId, true);
    expect((await call('ana', 'PUT', '/medicalRecord/audio/settings', body)).status).toBe(403);
    const saved = await call('admin', 'PUT', '/medicalRecord/audio/settings', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, baseUrl: whisper.baseUrl, model: 'whisper-1', keySet: true });
    const read = await call('admin', 'GET', '/medicalRecord/audio/settings');
    expect(read.body).toEqual(saved.body);
    expect(JSON.stringify(read.body)).not.toContain(API_KEY);
    const rows = await server.transcription.transcriptions.db
      .selectFrom('transcription_settings')
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_sealed).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain(API_KEY);
    expect(JSON.stringify(rows)).not.toContain(Buffer.from(API_KEY).toString('base64'));
    // Omitting the key keeps it.
    const kept = await call('admin', 'PUT', '/medicalRecord/audio/settings', { baseUrl: whisper.baseUrl });
    expect(kept.body).toMatchObject({ keySet: true, model: 'whisper-1' });
  });

  it.skipIf(skip)('transcribes an upload in a job pass, then removes the audio; reads are audited', async () => {
    const res = await upload();
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', mediaType: 'audio/webm', size: AUDIO.byteLength });
    const id = res.body.id as string;
    expect(await server.transcription.job.runOnce()).toEqual({ done: 1, retrying: 0, failed: 0 });
    const got = await call('ana', 'GET', `/medicalRecord/audio/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ status: 'done', medicalRecord: recordId, attempts: 0 });
    expect(got.body.text).toBe(
      `Paciente refere dor de garganta há dois dias (consulta.webm, ${AUDIO.byteLength} bytes).`,
    );
    const sent = whisper.received.at(-1)!;
    expect(sent).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      fileName: 'consulta.webm',
      fileType: 'audio/webm',
      size: AUDIO.byteLength,
      model: 'whisper-1',
      language: 'pt',
    });
    expect(sent.firstBytes).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const row = await server.transcription.transcriptions.get(tenantId, id);
    expect(row!.audio).toBeNull();
    expect((await call('admin', 'GET', `/medicalRecord/audio/${id}`)).status).toBe(200);
    expect((await call('bruno', 'GET', `/medicalRecord/audio/${id}`)).status).toBe(403);
    expect((await call('reception', 'GET', `/medicalRecord/audio/${id}`)).status).toBe(403);
    await server.access.audit.flush();
    const audit = await server.database.kysely
      .withTables<AuditTables>()
      .selectFrom('audit_log')
      .selectAll()
      .where('collection', '=', 'audio_transcriptions')
      .where('record_id', '=', id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'read', 'read']);
  });

  it.skipIf(skip)('retries a 500 after a growing delay, then succeeds; a 400 fails for good', async () => {
    const id = (await upload()).body.id as string;
    whisper.failWith = 500;
    expect(await server.transcription.job.runOnce()).toEqual({ done: 0, retrying: 1, failed: 0 });
    const waiting = await call('ana', 'GET', `/medicalRecord/audio/${id}`);
    expect(waiting.body).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.body.error).toContain('HTTP 500');
    // Not due yet: nothing happens before the delay.
    whisper.failWith = undefined;
    expect(await server.transcription.job.runOnce()).toEqual({ done: 0, retrying: 0, failed: 0 });
    server.clock.advance(FIRST_RETRY_MS);
    expect(await server.transcription.job.runOnce()).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect((await call('ana', 'GET', `/medicalRecord/audio/${id}`)).body).toMatchObject({ status: 'done' });

    const bad = (await upload()).body.id as string;
    whisper.failWith = 400;
    expect(await server.transcription.job.runOnce()).toEqual({ done: 0, retrying: 0, failed: 1 });
    whisper.failWith = undefined;
    const failed = await call('ana', 'GET', `/medicalRecord/audio/${bad}`);
    expect(failed.body).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.body.error).toContain('recusou o áudio (HTTP 400)');
    expect((await server.transcription.transcriptions.get(tenantId, bad))!.audio).toBeNull();
  });

  it.skipIf(skip)('lets one server process take a due transcription, not two', async () => {
    const id = (await upload()).body.id as string;
    const row = (await server.transcription.transcriptions.get(tenantId, id))!;
    expect(await server.transcription.transcriptions.claim(row, 60_000)).toBe(true);
    expect(await server.transcription.transcriptions.claim(row, 60_000)).toBe(false);
    expect(await server.transcription.job.runOnce()).toEqual({ done: 0, retrying: 0, failed: 0 });
    server.clock.advance(60_000);
    expect(await server.transcription.job.runOnce()).toEqual({ done: 1, retrying: 0, failed: 0 });
  });

  it.skipIf(skip)('refuses wrong types, empty or malformed audio, the reception and another professional', async () => {
    const before = whisper.received.length;
    const wrongType = await upload('ana', { mediaType: 'application/pdf' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error: { code: 'validation', details: [{ path: 'mediaType' }] } });
    const empty = await upload('ana', { content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { details: [{ path: 'content' }] } });
    expect((await upload('ana', { content: 'não é base64!' })).status).toBe(400);
    // Above the server's body limit (64 KB in tests): this route has its own, the audio's (MED-057; the
    // limit itself is tested in audio-upload.int.test.ts).
    expect((await upload('ana', { content: randomBytes(70_000).toString('base64') })).status).toBe(202);
    expect((await upload('reception')).status).toBe(403);
    expect((await upload('bruno')).status).toBe(403);
    expect((await upload('admin')).status).toBe(202);
    expect(whisper.received.length).toBe(before);
  });
});
