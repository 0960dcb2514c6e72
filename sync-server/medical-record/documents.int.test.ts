/**
 * The attendance's documents through REST, on SQLite (files in a folder beside the database) and on
 * PostgreSQL (files in the `stored_files` table): the pt-BR PDFs carry the council number; the
 * controle especial has its two copies and the buyer/supplier blocks; the atestado shows the CID
 * only when asked; reports are deleted only while the attendance is open; the patient's share opens
 * with its key only, expires, refreshes near expiry, is revoked, and a wrong key answers the same 404;
 * a professional share lets a colleague read after accepting; the reception is refused; every share
 * access is audited.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../admin/demo-data.js';
import type { AuditTables } from '../audit/audit-table.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';

const PASSWORD = 'senha comprida da clínica';
const DAY = 24 * 3600_000;

async function pdfText(base64: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.from(base64, 'base64')) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const reason = await postgresUnreachable();
const skipPg = skipWithoutPostgres(reason, 'PostgreSQL document tests');
const backends = [
  { name: 'sqlite', skip: false },
  { name: 'postgresql', skip: skipPg },
];

describe.each(backends)('attendance documents on $name', ({ name, skip }) => {
  const schema = `test_docs_${randomBytes(4).toString('hex')}`;
  let server: TestServer;
  let tenantId: string;
  const token = { admin: '', ana: '', bruno: '', reception: '' };
  const ids = { ana: '', bruno: '', clinic: '', patient: '' };
  const call = (who: keyof typeof token, method: string, path: string, body?: unknown) =>
    server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });
  const relogin = async () => {
    for (const key of ['admin', 'ana', 'bruno', 'reception'] as const)
      token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
  };
  async function newRecord(sections: Record<string, unknown>): Promise<string> {
    const res = await call('ana', 'POST', '/medicalRecord/instantAttendance', {
      patient: ids.patient,
      clinic: ids.clinic,
      ...sections,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.medicalRecord as { id: string }).id;
  }

  beforeAll(async () => {
    if (skip) return;
    const database =
      name === 'postgresql'
        ? await openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations })
        : undefined;
    server = await startTestServer(database ? { database } : {});
    ({ tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD }));
    await seedDemoData(server.database, tenantId, { patients: 2, clock: server.clock });
    for (const [key, role] of [
      ['ana', 'professional'],
      ['bruno', 'professional'],
      ['reception', 'reception'],
    ] as const)
      ids[key as 'ana'] = await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role });
    await relogin();
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
    ids.patient = (await store.collection(patients).find({ selector: { active: true }, limit: 1 }))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (name === 'postgresql' && !skip) await dropSchema(schema);
  });

  it.skipIf(skip)(
    'prints every document with the council number; controle especial in two copies; CID only when authorized',
    async () => {
      const id = await newRecord({
        prescricao: 'Clonazepam 2 mg — 1 comprimido à noite por 30 dias',
        atestado: 'Atesto para os devidos fins que o paciente necessita de 3 dias de afastamento.',
        pedidosExame: 'Hemograma completo; TSH',
        hipoteseDiagnostica: 'Ansiedade',
        cid10: ['F41.1'],
      });
      const get = (kind: string, query = '') => call('ana', 'GET', `/medicalRecord/${id}/document/${kind}/pdf${query}`);
      const simple = await pdfText((await get('receita')).body.content as string);
      expect(simple).toContain('RECEITUÁRIO SIMPLES');
      expect(simple).toContain('CRM-SP 123456');
      const controlled = await get('receitaControleEspecial');
      expect(controlled.status, JSON.stringify(controlled.body)).toBe(200);
      const text = await pdfText(controlled.body.content as string);
      expect(text).toContain('RECEITUÁRIO DE CONTROLE ESPECIAL');
      expect(text).toContain('1ª via — Retenção da farmácia ou drogaria');
      expect(text).toContain('2ª via — Orientação ao paciente');
      expect(text.match(/IDENTIFICAÇÃO DO COMPRADOR/g)).toHaveLength(2);
      expect(text).toContain('IDENTIFICAÇÃO DO FORNECEDOR');
      expect(text).toContain('IDENTIFICAÇÃO DO EMITENTE');
      expect(text.match(/CRM-SP 123456/g)!.length).toBeGreaterThanOrEqual(2);
      const withoutCid = await pdfText((await get('atestado')).body.content as string);
      expect(withoutCid).toContain('ATESTADO');
      expect(withoutCid).not.toContain('F41.1');
      expect(await pdfText((await get('atestado', '?cid=true')).body.content as string)).toContain('CID-10: F41.1');
      expect(await pdfText((await get('pedidoExame')).body.content as string)).toContain('Hemograma completo; TSH');
      expect((await call('reception', 'GET', `/medicalRecord/${id}/document/receita/pdf`)).status).toBe(403);
      expect((await call('bruno', 'GET', `/medicalRecord/${id}/document/receita/pdf`)).status).toBe(403);
      const empty = await newRecord({ anamnese: 'sem prescrição' });
      expect((await call('ana', 'GET', `/medicalRecord/${empty}/document/receita/pdf`)).status).toBe(409);
    },
  );

  it.skipIf(skip)(
    'saves reports, deletes them only while the attendance is open, lists and downloads the PDFs',
    async () => {
      const id = await newRecord({ prescricao: 'Dipirona 500 mg se dor' });
      const saved = await call('ana', 'POST', `/medicalRecord/${id}/report`, {
        title: 'Raio X de tórax',
        text: 'Campos pulmonares livres.',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const reportId = saved.body.id as string;
      const laudo = await call('ana', 'GET', `/medicalRecord/${id}/document/laudo/pdf?reportId=${reportId}`);
      expect(await pdfText(laudo.body.content as string)).toContain('Campos pulmonares livres.');
      const draft = await call('ana', 'POST', `/medicalRecord/${id}/report`, { title: 'Rascunho', text: 'a apagar' });
      expect((await call('reception', 'DELETE', `/medicalRecord/${id}/report/${draft.body.id as string}`)).status).toBe(
        403,
      );
      expect((await call('ana', 'DELETE', `/medicalRecord/${id}/report/${draft.body.id as string}`)).status).toBe(200);

      const generated = await call('ana', 'POST', `/medicalRecord/${id}/files`);
      expect(generated.status, JSON.stringify(generated.body)).toBe(201);
      const names = (generated.body.items as { name: string }[]).map((f) => f.name).sort();
      expect(names).toEqual([`laudo-${reportId}.pdf`, `receita-${id}.pdf`]);
      const listed = await call('ana', 'GET', `/medicalRecord/${id}/pdf`);
      const files = listed.body.items as { url: string; name: string }[];
      expect(files).toHaveLength(2);
      const download = await call('ana', 'GET', files.find((f) => f.name.startsWith('receita'))!.url);
      expect(await pdfText(download.body.content as string)).toContain('CRM-SP 123456');
      expect((await call('reception', 'GET', `/medicalRecord/${id}/pdf`)).status).toBe(403);

      expect((await call('ana', 'POST', `/medicalRecord/${id}/conclusion`)).status).toBe(200);
      const late = await call('ana', 'DELETE', `/medicalRecord/${id}/report/${reportId}`);
      expect(late.status).toBe(409);
      expect(
        (await call('ana', 'POST', `/medicalRecord/${id}/report`, { reportId, title: 'x', text: 'y' })).status,
      ).toBe(409);
      expect(
        (await call('ana', 'POST', `/medicalRecord/${id}/report`, { title: 'Resultado tardio', text: 'TSH 2,1' }))
          .status,
      ).toBe(201);
    },
  );

  it.skipIf(skip)(
    'shares with the patient by URL and key: wrong key 404, refresh near expiry, revocation, expiry; audited',
    async () => {
      const id = await newRecord({ prescricao: 'Amoxicilina 500 mg de 8 em 8 horas' });
      await call('ana', 'POST', `/medicalRecord/${id}/report`, { title: 'Ultrassom', text: 'Sem alterações.' });
      const created = await call('ana', 'POST', `/medicalRecord/${id}/share`, { kind: 'patient', days: 2 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { url, key, id: shareId } = created.body as { url: string; key: string; id: string };
      expect(key.length).toBeGreaterThanOrEqual(40);
      const open = (k: string, ip = '198.51.100.7') =>
        server.call('GET', `${url}?key=${encodeURIComponent(k)}`, { ip });
      const shared = await open(key);
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      expect(shared.body.attendance).toMatchObject({ professional: 'Dra. Ana Lima', registration: 'CRM-SP 123456' });
      const documents = shared.body.documents as { url: string; name: string }[];
      expect(documents.map((d) => d.name)).toContain(`receita-${id}.pdf`);
      const file = await server.call('GET', `${documents[0]!.url}?key=${encodeURIComponent(key)}`);
      expect(file.status).toBe(200);
      expect(await pdfText(file.body.content as string)).toContain('CRM-SP 123456');
      const reportId = (shared.body.reports as { id: string }[])[0]!.id;
      const reportUrl = await server.call('GET', `${url}/report/${reportId}?key=${encodeURIComponent(key)}`);
      expect(reportUrl.status, JSON.stringify(reportUrl.body)).toBe(200);
      const laudo = await server.call('GET', `${reportUrl.body.url as string}?key=${encodeURIComponent(key)}`);
      expect(await pdfText(laudo.body.content as string)).toContain('Sem alterações.');

      const wrong = await open(`${key.slice(0, -2)}xx`);
      const unknown = await server.call(
        'GET',
        `/document/shared/AAAAAAAAAAAAAAAAAAAAAA?key=${encodeURIComponent(key)}`,
      );
      expect(wrong.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(wrong.body);

      // Not near expiry: unchanged; a day and a half later: refreshed by 7 days.
      const check = (k = key) =>
        server.call('POST', '/attendance/token/check', { body: { access: url.split('/').pop(), key: k } });
      expect((await check()).body).toMatchObject({ valid: true, refreshed: false });
      server.clock.advance(1.5 * DAY);
      const refreshed = await check();
      expect(refreshed.body).toMatchObject({ valid: true, refreshed: true });
      expect(Date.parse(refreshed.body.expiresAt as string)).toBe(server.clock.now().getTime() + 7 * DAY);
      await relogin();

      await server.access.audit.flush();
      const after = await server.database.kysely
        .withTables<AuditTables>()
        .selectFrom('audit_log')
        .selectAll()
        .where('actor_id', '=', `share:${shareId}`)
        .execute();
      expect(after.length).toBeGreaterThanOrEqual(5);
      expect(after.every((r) => r.record_id === id && r.action === 'read' && r.actor_kind === 'anonymous')).toBe(true);

      expect((await call('reception', 'DELETE', `/medicalRecord/share/${shareId}`)).status).toBe(403);
      const revoked = await call('ana', 'DELETE', `/medicalRecord/share/${shareId}`);
      expect(revoked.body).toMatchObject({ status: 'revoked' });
      expect((await open(key)).status).toBe(404);
      expect((await check()).status).toBe(404);

      const short = await call('ana', 'POST', `/medicalRecord/${id}/share`, { kind: 'patient', days: 1 });
      server.clock.advance(DAY + 1000);
      expect((await open(short.body.key as string)).status).toBe(404);
      await relogin();
    },
  );

  it.skipIf(skip)(
    'copies a PDF from a URL into the file storage only when the account allows private networks',
    async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
      const lab = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
      await new Promise<void>((resolve) => lab.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(lab.address() as AddressInfo).port}/laudo.pdf`;
        const id = await newRecord({ anamnese: 'exame externo' });
        const refused = await call('ana', 'POST', `/medicalRecord/${id}/file/copy`, { url });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatchObject({ details: [{ path: 'url' }] });
        await server.webhooks.setAllowPrivate(tenantId, true);
        const copied = await call('ana', 'POST', `/medicalRecord/${id}/file/copy`, { url, name: 'Hemograma' });
        expect(copied.status, JSON.stringify(copied.body)).toBe(201);
        expect(copied.body).toMatchObject({ kind: 'copia', name: 'Hemograma.pdf', mediaType: 'application/pdf' });
        const back = await call('ana', 'GET', copied.body.url as string);
        expect(Buffer.from(back.body.content as string, 'base64').equals(pdf)).toBe(true);
        const report = await call('ana', 'POST', `/medicalRecord/${id}/report`, {
          title: 'Hemograma',
          fileId: copied.body.id,
        });
        expect(report.status, JSON.stringify(report.body)).toBe(201);
        expect((await call('reception', 'POST', `/medicalRecord/${id}/file/copy`, { url })).status).toBe(403);
      } finally {
        await server.webhooks.setAllowPrivate(tenantId, false);
        await new Promise<void>((resolve) => lab.close(() => resolve()));
      }
    },
  );

  it.skipIf(skip)('limits wrong keys per address', async () => {
    let last = 0;
    for (let i = 0; i < 62; i++)
      last = (await server.call('GET', `/document/shared/BBBBBBBBBBBBBBBBBBBBBB?key=x${i}`, { ip: '192.0.2.99' }))
        .status;
    expect(last).toBe(429);
  });

  it.skipIf(skip)('shares with a professional who accepts and may then read; delete withdraws it', async () => {
    const id = await newRecord({ prescricao: 'Losartana 50 mg' });
    expect((await call('bruno', 'GET', `/medicalRecord/${id}/pdf`)).status).toBe(403);
    expect(
      (await call('ana', 'POST', `/medicalRecord/${id}/share`, { kind: 'professional', user: ids.ana })).status,
    ).toBe(400);
    const share = await call('ana', 'POST', `/medicalRecord/${id}/share`, { kind: 'professional', user: ids.bruno });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    expect(share.body).toMatchObject({ status: 'pending', userId: ids.bruno });
    const shareId = share.body.id as string;
    expect((await call('bruno', 'GET', `/medicalRecord/${id}/pdf`)).status).toBe(403);
    expect((await call('reception', 'POST', `/medicalRecord/share/${shareId}/acceptance`)).status).toBe(403);
    expect((await call('admin', 'POST', `/medicalRecord/share/${shareId}/acceptance`)).status).toBe(404);
    const accepted = await call('bruno', 'POST', `/medicalRecord/share/${shareId}/acceptance`);
    expect(accepted.body).toMatchObject({ status: 'accepted' });
    expect((await call('bruno', 'GET', `/medicalRecord/${id}/document/receita/pdf`)).status).toBe(200);
    expect((await call('bruno', 'DELETE', `/medicalRecord/share/${shareId}`)).status).toBe(200);
    expect((await call('bruno', 'GET', `/medicalRecord/${id}/pdf`)).status).toBe(403);
  });
});
