/**
 * The attendance's audio as a `multipart/form-data` upload over a real socket (MED-057): a file of a
 * few MB passes although the server's body limit is 64 KiB, arrives byte for byte, and keeps the part's
 * name and type; the route has its own limit (`CLINIC_AUDIO_MAX_BYTES`, 6 MiB here) and checks the type
 * is audio/*; every other route keeps the server's limit; /openapi.json documents both bodies.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../../admin/demo-data.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../../auth/test-server.js';

const PASSWORD = 'senha comprida da clínica';
const MAX = 6 * 1024 * 1024;
// The start of a WebM file (EBML header), then 4 MiB of noise.
const AUDIO = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(4 * 1024 * 1024)]);

let server: TestServer;
let listener: ServerType;
let base = '';
let tenantId = '';
let recordId = '';
const token = { ana: '', bruno: '' };

function form(file: Blob, name: string, extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.set('file', file, name);
  for (const [key, value] of Object.entries(extra)) body.set(key, value);
  return body;
}

async function post(path: string, body: FormData | string, who: keyof typeof token = 'ana') {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token[who]}`,
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  process.env.CLINIC_AUDIO_MAX_BYTES = String(MAX);
  try {
    server = await startTestServer();
  } finally {
    delete process.env.CLINIC_AUDIO_MAX_BYTES;
  }
  ({ tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD }));
  await seedDemoData(server.database, tenantId, { patients: 1, clock: server.clock });
  for (const key of ['ana', 'bruno'] as const) {
    await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role: 'professional' });
    token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
  }
  const store = server.database.forTenant(tenantId);
  const clinic = (await store.collection(clinics).find({ limit: 1 }))[0]!.id;
  const patient = (await store.collection(patients).find({ selector: { active: true }, limit: 1 }))[0]!.id;
  const res = await server.call('POST', '/medicalRecord/instantAttendance', {
    token: token.ana,
    body: { patient, clinic, anamnese: 'dor' },
  });
  recordId = (res.body.medicalRecord as { id: string }).id;
  listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => listener.once('listening', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => listener?.close(resolve));
  await server?.close();
});

describe('multipart audio upload', () => {
  it('takes a 4 MiB audio as a multipart part past the 64 KiB body limit, byte for byte', async () => {
    const audio = new Blob([AUDIO], { type: 'audio/webm;codecs=opus' });
    const res = await post(`/medicalRecord/${recordId}/audio`, form(audio, 'consulta.webm'));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({
      status: 'pending',
      fileName: 'consulta.webm',
      mediaType: 'audio/webm',
      size: AUDIO.byteLength,
    });
    const row = await server.transcription.transcriptions.get(tenantId, res.body.id as string);
    expect(Buffer.from(row!.audio!, 'base64').equals(AUDIO)).toBe(true);
  });

  it('takes the same audio as base64 JSON on that route, a name given as a field', async () => {
    const res = await post(
      `/medicalRecord/${recordId}/audio`,
      JSON.stringify({ fileName: 'ditado.mp3', mediaType: 'audio/mpeg', content: AUDIO.toString('base64') }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ fileName: 'ditado.mp3', size: AUDIO.byteLength });
  });

  it('refuses a file that is not audio, an empty or missing file, one over the limit, and another professional', async () => {
    const path = `/medicalRecord/${recordId}/audio`;
    const text = await post(path, form(new Blob(['olá'], { type: 'text/plain' }), 'nota.txt'));
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ error: { details: [{ path: 'file' }] } });
    const empty = await post(path, form(new Blob([], { type: 'audio/webm' }), 'vazio.webm'));
    expect(empty.status).toBe(400);
    const missing = new FormData();
    missing.set('fileName', 'x.webm');
    expect((await post(path, missing)).status).toBe(400);
    const big = new Blob([randomBytes(MAX + 1024 * 1024)], { type: 'audio/webm' });
    const tooLarge = await post(path, form(big, 'longo.webm'));
    expect(tooLarge.status).toBe(413);
    const other = await post(
      path,
      form(new Blob([AUDIO.subarray(0, 5000)], { type: 'audio/webm' }), 'a.webm'),
      'bruno',
    );
    expect(other.status).toBe(403);
  });

  it('keeps the server body limit on every other route', async () => {
    const res = await fetch(`${base}/medicalRecord/${recordId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token.ana}`, 'content-type': 'application/json' },
      body: JSON.stringify({ anamnese: 'x'.repeat(100 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  it('documents the JSON and the multipart bodies in /openapi.json', async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>>;
    };
    const content = doc.paths['/medicalRecord/{id}/audio']!.post!.requestBody.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(content['multipart/form-data']!.schema).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
  });
});
