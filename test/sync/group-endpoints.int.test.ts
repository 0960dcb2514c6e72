/**
 * The storage-group replication endpoints (`GET /sync/group/{group}/pull`, `POST …/push`) on a server
 * over SQLite: a pull pages through the union of the group's tables in the tenant's seq order, each
 * document tagged with its collection, and serves only the collections the installation may read; a
 * push is routed per document to its collection's checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '#core/patient/patient-record.js';
import { login, seedAccount } from '../../sync-server/auth/test-server.js';
import { patientDoc } from './patient-doc.js';
import { enrolDevice, startSyncServer, type SyncTestServer } from './sync-fixture.js';

let server: SyncTestServer;
let tenantId: string;
let adminToken: string;
let desk: string;
let totem: string;

beforeAll(async () => {
  server = await startSyncServer();
  const account = await seedAccount(server, 'Clínica Sol', {
    email: 'admin@sol.test',
    password: 'senha-muito-segura-1',
  });
  tenantId = account.tenantId;
  adminToken = (await login(server, 'admin@sol.test', 'senha-muito-segura-1')).accessToken;
  desk = (await enrolDevice(server, adminToken, 'desk', 'Recepção')).token;
  totem = (await enrolDevice(server, adminToken, 'totem', 'Totem')).token;
});
afterAll(() => server.close());

type Doc = Record<string, unknown> & { id: string; rx_collection: string };

const pull = async (token: string, group: string, seq: number, limit: number) => {
  const res = await server.call(
    'GET',
    `/sync/group/${group}/pull?checkpoint=${encodeURIComponent(JSON.stringify({ seq }))}&limit=${limit}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body as { documents: Doc[]; checkpoint: { seq: number } };
};

const pullAll = async (token: string, group: string, limit: number) => {
  const pages: Doc[][] = [];
  let seq = 0;
  for (;;) {
    const page = await pull(token, group, seq, limit);
    if (page.documents.length === 0) return pages;
    pages.push(page.documents);
    seq = page.checkpoint.seq;
  }
};

function patient(n: number, extra: Record<string, unknown> = {}) {
  const id = `0193a1c2-7b3e-7cc1-9a52-0000000001${String(n).padStart(2, '0')}`;
  return { ...patientDoc(tenantId, id, `Paciente ${n}`), ...extra };
}

const push = (token: string, group: string, rows: unknown[]) =>
  server.call('POST', `/sync/group/${group}/push`, { token, body: rows });

describe('group pull', () => {
  it('pages through the union of its tables in seq order, each document tagged with its collection', async () => {
    const call = (path: string, body: unknown) => server.call('POST', path, { token: adminToken, body });
    // Interleaved writes to three tables of the `reference` group.
    expect((await call('/clinic/', { name: 'Centro' })).status).toBe(201);
    expect((await call('/specialty/', { name: 'Pediatria' })).status).toBe(201);
    expect((await call('/clinic/', { name: 'Norte' })).status).toBe(201);
    expect((await call('/insurance/', { name: 'Saúde Exemplo', ansRegistry: '123456' })).status).toBe(201);
    expect((await call('/specialty/', { name: 'Cardiologia' })).status).toBe(201);

    const pages = await pullAll(desk, 'reference', 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const docs = pages.flat();
    expect(docs.map((d) => `${d.rx_collection}:${String(d.name)}`)).toEqual([
      'clinics:Centro',
      'specialties:Pediatria',
      'clinics:Norte',
      'insurances:Saúde Exemplo',
      'specialties:Cardiologia',
    ]);
    expect(docs.every((d) => d._deleted === false && d.tenantId === tenantId)).toBe(true);
    // The same documents as the per-collection endpoints give, with the tag added.
    const clinics = await server.call('GET', '/sync/clinics/pull?limit=10', { token: desk });
    expect((clinics.body as { documents: Doc[] }).documents).toEqual(
      docs.filter((d) => d.rx_collection === 'clinics').map(({ rx_collection: _tag, ...rest }) => rest),
    );
    const last = await pull(desk, 'reference', 0, 100);
    expect((await pull(desk, 'reference', last.checkpoint.seq, 100)).documents).toEqual([]);
  });

  it('serves only the collections the installation may read', async () => {
    const deskPeople = (await pullAll(desk, 'people', 100)).flat();
    expect(new Set(deskPeople.map((d) => d.rx_collection))).toContain('users');
    // A totem reads patients but not users: the group's users never reach it, and nothing fails.
    const totemPeople = (await pullAll(totem, 'people', 100)).flat();
    expect(totemPeople.map((d) => d.rx_collection)).not.toContain('users');
    expect(totemPeople.filter((d) => d.rx_collection === 'patients').length).toBe(
      deskPeople.filter((d) => d.rx_collection === 'patients').length,
    );
  });

  it('answers 404 for an unknown group and 401 without a device token', async () => {
    expect((await server.call('GET', '/sync/group/nada/pull', { token: desk })).status).toBe(404);
    expect((await server.call('GET', '/sync/group/people/pull')).status).toBe(401);
  });
});

describe('group push', () => {
  it("routes each document to its collection's checks: valid rows land, an invalid one is refused alone", async () => {
    const valid = { ...patient(1), rx_collection: 'patients', _deleted: false };
    const invalid = { ...patient(2, { createdAt: 'ontem' }), rx_collection: 'patients', _deleted: false };
    const template = {
      id: '0193a1c2-7b3e-7cc1-9a52-000000000201',
      tenantId,
      createdAt: '2026-11-23T09:00:00-03:00',
      updatedAt: '2026-11-23T09:00:00-03:00',
      owner: 'u-1',
      name: 'Lembrete',
      kind: 'message',
      content: 'Traga seus exames',
      rx_collection: 'personal_templates',
      _deleted: false,
    };
    const people = await push(desk, 'people', [{ newDocumentState: valid }, { newDocumentState: invalid }]);
    expect(people.status).toBe(200);
    // The refused document comes back as a tombstone of its collection, so the desk drops it.
    expect(people.body).toEqual([{ ...invalid, _deleted: true }]);
    expect((await push(desk, 'account', [{ newDocumentState: template }])).body).toEqual([]);

    const store = server.database.forTenant(tenantId);
    const stored = (await store.collection(patients).get(valid.id)) as unknown as Record<string, unknown>;
    expect(stored.name).toBe('Paciente 1');
    expect(stored).not.toHaveProperty('rx_collection');
    expect(await store.collection(patients).get(invalid.id)).toBeUndefined();
    const rejections = (await server.call('GET', '/sync/rejections', { token: desk })).body.items as {
      collection: string;
      docId: string;
    }[];
    expect(rejections.map((r) => `${r.collection}:${r.docId}`)).toEqual([`patients:${invalid.id}`]);

    // An edit from a stale assumed state loses to the server's version, answered tagged.
    const stale = { ...valid, name: 'Velho' };
    const edit = { ...valid, name: 'Novo', nameKey: 'novo' };
    const lost = await push(desk, 'people', [{ assumedMasterState: stale, newDocumentState: edit }]);
    expect(lost.body).toEqual([valid]);
  });

  it('refuses, writing nothing, a batch naming a collection outside the group or none', async () => {
    const foreign = { ...patient(3), rx_collection: 'personal_templates', _deleted: false };
    const other = { ...patient(4), rx_collection: 'patients', _deleted: false };
    const res = await push(desk, 'people', [{ newDocumentState: other }, { newDocumentState: foreign }]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('body.1.newDocumentState.rx_collection');
    const untagged = { ...patient(5), _deleted: false };
    expect((await push(desk, 'people', [{ newDocumentState: untagged }])).status).toBe(400);
    const pulled = (await pullAll(desk, 'people', 100)).flat().map((d) => d.id);
    expect(pulled).not.toContain(other.id);
    expect(pulled).not.toContain(untagged.id);
  });

  it("logs a device's group pull of patient data once per page, naming the patients' seq range", async () => {
    const { id: deviceId, token } = await enrolDevice(server, adminToken, 'desk', 'Recepção 3');
    await push(token, 'people', [{ newDocumentState: { ...patient(7), rx_collection: 'patients', _deleted: false } }]);
    const docs = (await pull(token, 'people', 0, 1000)).documents;
    const log = await server.call('GET', `/audit/?actor=${deviceId}`, { token: adminToken });
    const reads = (log.body.items as { action: string; collection?: string; detail?: string }[]).filter(
      (e) => e.action === 'read',
    );
    const sent = docs.filter((d) => d.rx_collection === 'patients').length;
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ collection: 'patients' });
    expect(reads[0]!.detail).toMatch(new RegExp(`^sync\\.pull ${sent} registros`));
  });

  it('refuses a record carrying the RxDB adapter fields', async () => {
    const slotted = { ...patient(6), rx_s1: 'paciente 6', rx_collection: 'patients', _deleted: false };
    const res = await push(desk, 'people', [{ newDocumentState: slotted }]);
    expect(res.body).toEqual([{ ...slotted, _deleted: true }]);
  });
});
