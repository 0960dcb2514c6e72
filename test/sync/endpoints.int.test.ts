/**
 * The replication endpoints over a real server on SQLite: pull by `seq` checkpoint, push with
 * validation, conflicts answered with the master state, tombstones, the review list, enrolment and
 * revocation of installations, and tenant isolation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerSyncRules } from '#core/sync/record-rules.js';
import { patientDoc } from './patient-doc.js';
import { enrolDevice, seedAdmin, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let adminToken: string;
let desk: string;

beforeEach(async () => {
  server = await startSyncServer();
  ({ tenantId, token: adminToken } = await seedAdmin(server, 'Clínica Sol'));
  desk = (await enrolDevice(server, adminToken)).token;
});
afterEach(async () => {
  await server.close();
});

let counter = 0;
/** A patient as a desk creates it offline (patients: what a reception installation may write). */
function patient(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const id = `0193a1c2-7b3e-7cc1-9a52-${String(counter).padStart(12, '0')}`;
  return { ...patientDoc(tenantId, id, `Paciente ${counter}`), _deleted: false, ...overrides };
}

const push = (token: string, collection: string, rows: unknown[]) =>
  server.call('POST', `/sync/${collection}/push`, { token, body: rows });
const pull = (token: string, collection: string, seq = 0, limit = 100) =>
  server.call(
    'GET',
    `/sync/${collection}/pull?checkpoint=${encodeURIComponent(JSON.stringify({ seq }))}&limit=${limit}`,
    {
      token,
    },
  );

describe('pull and push', () => {
  it('a pushed document comes back on pull, and the checkpoint moves past it', async () => {
    const doc = patient();
    expect(await push(desk, 'patients', [{ newDocumentState: doc }])).toMatchObject({ status: 200, body: [] });
    const page = await pull(desk, 'patients');
    expect(page.status).toBe(200);
    expect(page.body.documents).toEqual([doc]);
    const { seq } = page.body.checkpoint as { seq: number };
    expect(seq).toBeGreaterThan(0);
    expect((await pull(desk, 'patients', seq)).body).toEqual({ documents: [], checkpoint: { seq } });
  });

  it('pages follow seq order with the limit', async () => {
    const docs = [patient(), patient(), patient()];
    await push(
      desk,
      'patients',
      docs.map((newDocumentState) => ({ newDocumentState })),
    );
    const first = await pull(desk, 'patients', 0, 2);
    expect((first.body.documents as { id: string }[]).map((d) => d.id)).toEqual([docs[0]!.id, docs[1]!.id]);
    const next = await pull(desk, 'patients', (first.body.checkpoint as { seq: number }).seq, 2);
    expect((next.body.documents as { id: string }[]).map((d) => d.id)).toEqual([docs[2]!.id]);
  });

  it('an edit on a stale state is a conflict answered with the master state, listed for review', async () => {
    const original = patient();
    await push(desk, 'patients', [{ newDocumentState: original }]);
    const first = { ...original, name: 'Ana Lima' };
    expect((await push(desk, 'patients', [{ assumedMasterState: original, newDocumentState: first }])).body).toEqual(
      [],
    );
    const late = { ...original, name: 'Ana Lima Souza' };
    const answer = await push(desk, 'patients', [{ assumedMasterState: original, newDocumentState: late }]);
    expect(answer.body).toEqual([first]);
    const conflicts = await server.call('GET', '/sync/conflicts', { token: desk });
    expect(conflicts.body.items).toMatchObject([
      { kind: 'conflict', docId: original.id, document: late, master: first },
    ]);
  });

  it('re-sending a push changes nothing', async () => {
    const doc = patient();
    const rows = [{ newDocumentState: doc }];
    await push(desk, 'patients', rows);
    const after = await pull(desk, 'patients');
    expect((await push(desk, 'patients', rows)).body).toEqual([]);
    expect(await pull(desk, 'patients')).toMatchObject({ body: after.body });
    const edit = [{ assumedMasterState: doc, newDocumentState: { ...doc, name: 'Outra' } }];
    await push(desk, 'patients', edit);
    expect((await push(desk, 'patients', edit)).body).toEqual([]);
    expect((await server.call('GET', '/sync/conflicts', { token: desk })).body.items).toEqual([]);
  });

  it('a deletion travels as a tombstone where its collection allows it (a personal template)', async () => {
    const doc = {
      id: '0193a1c2-7b3e-7cc1-9a52-0000000000f1',
      tenantId,
      createdAt: '2026-11-23T09:00:00-03:00',
      updatedAt: '2026-11-23T09:00:00-03:00',
      owner: 'user-1',
      name: 'Lembrete',
      kind: 'message',
      content: 'Traga seus exames',
      _deleted: false,
    };
    await push(desk, 'personal_templates', [{ newDocumentState: doc }]);
    const { seq } = (await pull(desk, 'personal_templates')).body.checkpoint as { seq: number };
    const deleted = await push(desk, 'personal_templates', [
      { assumedMasterState: doc, newDocumentState: { ...doc, _deleted: true } },
    ]);
    expect(deleted.body).toEqual([]);
    const page = await pull(desk, 'personal_templates', seq);
    expect(page.body.documents).toEqual([{ ...doc, _deleted: true }]);
    const resurrect = await push(desk, 'personal_templates', [
      { assumedMasterState: doc, newDocumentState: { ...doc, name: 'De volta' } },
    ]);
    expect(resurrect.body).toEqual([{ ...doc, _deleted: true }]);
  });

  it("refuses a patient's deletion into the rejection list: patients are inactivated, never deleted", async () => {
    const doc = patient();
    await push(desk, 'patients', [{ newDocumentState: doc }]);
    const answer = await push(desk, 'patients', [
      { assumedMasterState: doc, newDocumentState: { ...doc, _deleted: true } },
    ]);
    expect(answer.body).toEqual([doc]);
    expect((await pull(desk, 'patients')).body.documents).toEqual([doc]);
    const items = (await server.call('GET', '/sync/rejections', { token: desk })).body.items as {
      reasons: { message: string }[];
    }[];
    expect(items.flatMap((item) => item.reasons.map((r) => r.message))).toEqual([
      'um paciente não é apagado: inative-o pela operação (o prontuário fica)',
    ]);
  });
});

describe('audit', () => {
  it("logs a device's writes of patient data and its pulls of them, and not a refused push's write", async () => {
    const { id: deviceId, token } = await enrolDevice(server, adminToken, 'desk', 'Recepção 2');
    const doc = patient();
    await push(token, 'patients', [{ newDocumentState: doc }, { newDocumentState: patient({ active: 'sim' }) }]);
    await pull(token, 'patients');
    const log = await server.call('GET', `/audit/?actor=${deviceId}`, { token: adminToken });
    const items = log.body.items as { action: string; collection?: string; recordId?: string; detail?: string }[];
    expect(items.filter((e) => e.action === 'create').map((e) => e.recordId)).toEqual([doc.id]);
    expect(items.find((e) => e.action === 'read')).toMatchObject({ collection: 'patients' });
    expect(items.find((e) => e.action === 'read')!.detail).toMatch(/^sync\.pull 1 registros/);
  });
});

describe('push validation', () => {
  it('refuses a document of the wrong shape, keeps it with its content, and tells the installation to drop it', async () => {
    const bad = patient({ active: 'sim', updatedAt: 'ontem' });
    const answer = await push(desk, 'patients', [{ newDocumentState: bad }]);
    expect(answer.body).toEqual([{ ...bad, _deleted: true }]);
    expect((await pull(desk, 'patients')).body.documents).toEqual([]);
    const rejections = await server.call('GET', '/sync/rejections', { token: desk });
    const items = rejections.body.items as { document: unknown; reasons: { path: string }[] }[];
    expect(items).toHaveLength(1);
    expect(items[0]!.document).toEqual(bad);
    expect(items[0]!.reasons.map((r) => r.path).sort()).toEqual(['active', 'updatedAt']);
  });

  it('checks the record schema and rules a group registered, beside a valid row of the same batch', async () => {
    registerSyncRules('patients', {
      check: (next) => (String(next.name).length < 3 ? [{ path: 'name', message: 'nome curto demais' }] : []),
    });
    try {
      const good = patient();
      const short = patient({ name: 'X' });
      const answer = await push(desk, 'patients', [{ newDocumentState: short }, { newDocumentState: good }]);
      expect(answer.body).toEqual([{ ...short, _deleted: true }]);
      expect((await pull(desk, 'patients')).body.documents).toEqual([good]);
    } finally {
      registerSyncRules('patients', {});
    }
  });

  it('refuses a document naming another tenant', async () => {
    const foreign = patient({ tenantId: 'outra-conta' });
    await push(desk, 'patients', [{ newDocumentState: foreign }]);
    const items = (await server.call('GET', '/sync/rejections', { token: desk })).body.items as {
      reasons: { path: string }[];
    }[];
    expect(items[0]!.reasons).toContainEqual({ path: 'tenantId', message: 'não pertence a esta conta' });
  });

  it('refuses what the installation may not write: a totem cannot edit patients', async () => {
    const totem = (await enrolDevice(server, adminToken, 'totem', 'Totem da entrada')).token;
    const doc = patient();
    expect((await push(totem, 'patients', [{ newDocumentState: doc }])).body).toEqual([{ ...doc, _deleted: true }]);
    expect((await pull(desk, 'patients')).body.documents).toEqual([]);
  });

  it('answers 400 naming the bad parts of a malformed request, 404 for an unknown collection', async () => {
    const bad = await server.call('GET', '/sync/patients/pull?checkpoint=ontem&limit=0', { token: desk });
    expect(bad.status).toBe(400);
    expect((bad.body.error as { details: { path: string }[] }).details.map((d) => d.path).sort()).toEqual([
      'query.checkpoint',
      'query.limit',
    ]);
    const body = await push(desk, 'patients', [{ newDocumentState: { name: 'sem id' } }]);
    expect(body.status).toBe(400);
    expect((await pull(desk, 'audit_log')).status).toBe(404);
  });
});

describe('installations', () => {
  it('a code works once; a revoked installation gets 401 at once; admins list them', async () => {
    const code = await server.call('POST', '/installation/enrolmentCode', {
      token: adminToken,
      body: { name: 'Filial Centro' },
    });
    expect(code.status).toBe(201);
    expect(code.body.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const typed = String(code.body.code).toLowerCase().replace(/-/g, ' ');
    const first = await server.call('POST', '/installation/enrolment', { body: { code: typed } });
    expect(first.status).toBe(201);
    expect((await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } })).status).toBe(401);
    const token = first.body.token as string;
    expect((await pull(token, 'patients')).status).toBe(200);

    const listed = await server.call('GET', '/installation/', { token: adminToken });
    expect((listed.body.items as { name: string }[]).map((d) => d.name)).toEqual(['Recepção', 'Filial Centro']);
    const id = (first.body.installation as { id: string }).id;
    expect((await server.call('DELETE', `/installation/${id}`, { token: adminToken })).status).toBe(200);
    expect((await pull(token, 'patients')).status).toBe(401);
    expect((await push(token, 'patients', [{ newDocumentState: patient() }])).status).toBe(401);
  });

  it('an expired code is refused', async () => {
    const code = await server.call('POST', '/installation/enrolmentCode', { token: adminToken, body: { name: 'PC' } });
    server.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await server.call('POST', '/installation/enrolment', { body: { code: code.body.code } })).status).toBe(401);
  });

  it('sync endpoints refuse user access tokens and missing tokens', async () => {
    expect((await pull(adminToken, 'patients')).status).toBe(401);
    expect((await server.call('GET', '/sync/patients/pull')).status).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("a device token of tenant A neither pulls nor pushes tenant B's documents", async () => {
    const other = await seedAdmin(server, 'Clínica Lua');
    const lua = (await enrolDevice(server, other.token)).token;
    const mine = patient();
    await push(desk, 'patients', [{ newDocumentState: mine }]);
    expect((await pull(lua, 'patients')).body.documents).toEqual([]);

    // Lua pushes an edit of Sol's document with Sol's tenant: refused, Sol's copy untouched.
    const hijack = { ...mine, name: 'Invadido' };
    await push(lua, 'patients', [{ assumedMasterState: mine, newDocumentState: hijack }]);
    // ...and with its own tenant: a new document of Lua (same id, other tenant), never Sol's.
    await push(lua, 'patients', [{ newDocumentState: { ...hijack, tenantId: other.tenantId } }]);
    expect((await pull(desk, 'patients')).body.documents).toEqual([mine]);
    expect((await server.call('GET', '/sync/rejections', { token: desk })).body.items).toEqual([]);
    expect(
      (
        await server.call('DELETE', `/installation/${(await enrolDevice(server, adminToken)).id}`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
  });
});
