/**
 * Input rules of every operation (issue 20 points 4 to 9), walked over the server's whole registry on
 * SQLite and PostgreSQL, so operations added later are covered without touching this file:
 * ids (malformed path id 400 naming the parameter, unknown 404, upper case the same record), dangling
 * references (400 naming the field), impossible dates, control characters, pt-BR messages.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCollections } from '#core/catalogue.js';
import type { Operation } from '#core/operation.js';
import { referencesIn } from '#core/references.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { patientDoc } from '../../test/sync/patient-doc.js';
import { enrolDevice, type SyncTestServer } from '../../test/sync/sync-fixture.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';
import { isRecordIdParam, pathParams } from './request-input.js';

type Json = Record<string, unknown>;
interface ErrorBody {
  code: string;
  message: string;
  details: { path: string; message: string }[];
}

// PostgreSQL runs where it answers (always in CI, where a missing server fails the suite).
const pgReason = await postgresUnreachable();
const engines = skipWithoutPostgres(pgReason, 'PostgreSQL input-rule tests') ? ['sqlite'] : ['sqlite', 'postgresql'];

const PASSWORD = 'senha comprida da clínica';
/** A well-formed id no record has. */
const UNKNOWN = '0190ffff-0000-7000-8000-0000000000aa';
/** zod's English, and the gender-less "encontrado(a)" the catalogue used to answer. */
const NOT_PT_BR =
  /\b(invalid|expected|received|unrecognized|too (big|small)|must|required|option|input|string|number|boolean|array|object)\b|\(a\)/i;

const bound = (op: Operation): op is Operation & { http: NonNullable<Operation['http']> } => op.http !== undefined;
const isQuery = (op: Operation) => op.http!.method === 'GET' || op.http!.method === 'DELETE';

/** Method-ready path and body (or query) of `op` with its example, path parameters set by `param`. */
function requestFor(op: Operation, input: Json, param: (name: string) => string): { path: string; body?: unknown } {
  const names = pathParams(op.http!.path);
  const rest = { ...input };
  let path = op.http!.path;
  for (const name of names) {
    path = path.replace(`{${name}}`, encodeURIComponent(param(name)));
    delete rest[name];
  }
  if (!isQuery(op)) return { path, body: rest };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(rest)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      query.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const qs = query.toString();
  return { path: qs ? `${path}?${qs}` : path };
}

const exampleOf = (op: Operation): Json => ({ ...((op.example as Json | undefined) ?? {}) });
/** The example's value of a path parameter, or an unknown id. */
const pathValue = (example: Json, name: string): string =>
  typeof example[name] === 'string' ? example[name] : UNKNOWN;

/** A value of the wrong JSON type for a property of `schema` (a JSON Schema of one input field). */
function wrongType(schema: Json): unknown {
  switch (schema.type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'doze';
    case 'boolean':
      return 'talvez';
    case 'array':
      return 'lista';
    case 'object':
      return 'objeto';
    default:
      return { nada: true };
  }
}

describe.each(engines)('input rules of every operation on %s', (engine) => {
  let server: TestServer;
  let token: string;
  let adminId: string;
  let tenant: string;
  const schema = `test_input_${randomBytes(4).toString('hex')}`;
  let ops: Operation[];

  beforeAll(async () => {
    const database =
      engine === 'postgresql'
        ? await openSqlDatabase({
            url: postgresUrl,
            schema,
            collections: allCollections,
            migrations: serverMigrations,
          })
        : undefined;
    server = await startTestServer(database ? { database } : {});
    const { tenantId, adminId: admin } = await seedAccount(server, 'Clínica Entrada', {
      email: 'admin@entrada.com.br',
      password: PASSWORD,
    });
    await addMember(server, tenantId, { email: 'bia@entrada.com.br', password: PASSWORD, role: 'reception' });
    token = (await login(server, 'admin@entrada.com.br', PASSWORD)).accessToken;
    adminId = admin;
    tenant = tenantId;
    ops = server.registry.list().filter(bound);
  });
  afterAll(async () => {
    await server?.close();
    if (engine === 'postgresql') await dropSchema(schema);
  });

  const call = (method: string, path: string, body?: unknown) =>
    server.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  const errorOf = (res: { body: Json }) => res.body.error as ErrorBody;

  describe('ids (point 6)', () => {
    it('answers a malformed path id with 400 naming the parameter, in every operation', async () => {
      const withIds = ops.filter((op) => pathParams(op.http!.path).some((name) => isRecordIdParam(op.http!, name)));
      expect(withIds.length).toBeGreaterThan(60);
      for (const op of withIds) {
        const ids = pathParams(op.http!.path).filter((name) => isRecordIdParam(op.http!, name));
        const { path, body } = requestFor(op, exampleOf(op), (name) => (ids.includes(name) ? 'nao-e-um-uuid' : 'x'));
        const res = await call(op.http!.method, path, body);
        expect(res.status, `${op.name} ${path} → ${JSON.stringify(res.body)}`).toBe(400);
        expect(errorOf(res).details.map((d) => d.path)).toEqual(expect.arrayContaining([ids[0]]));
      }
    });

    it('answers an unknown id in upper case exactly as in lower case, in every operation', async () => {
      const withIds = ops.filter((op) => pathParams(op.http!.path).some((name) => isRecordIdParam(op.http!, name)));
      for (const op of withIds) {
        const answers = [];
        for (const id of [UNKNOWN, UNKNOWN.toUpperCase()]) {
          const { path, body } = requestFor(op, exampleOf(op), () => id);
          answers.push(await call(op.http!.method, path, body));
        }
        const [lower, upper] = answers as unknown as [{ status: number; body: Json }, { status: number; body: Json }];
        expect(upper.status, `${op.name}: ${JSON.stringify(upper.body)}`).toBe(lower.status);
        expect([404, 400, 403, 409], `${op.name}: ${JSON.stringify(lower.body)}`).toContain(lower.status);
        if (lower.status === 404) expect(errorOf(upper).message).toBe(errorOf(lower).message);
      }
    });

    it('documents every record id of a path as a UUID in /openapi.json', async () => {
      const doc = (await server.call('GET', '/openapi.json')).body as {
        paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: Json }[] }>>;
      };
      const ids = Object.values(doc.paths)
        .flatMap((methods) => Object.values(methods))
        .flatMap((operation) => operation.parameters ?? [])
        .filter((p) => p.in === 'path' && (p.name === 'id' || p.name.endsWith('Id')));
      expect(ids.length).toBeGreaterThan(60);
      // The council's acronym is the one path id that is not a record's.
      expect(ids.filter((p) => p.schema.format !== 'uuid').map((p) => p.schema.type)).toEqual(['string']);
    });

    it('finds a record by its id in upper case, and stores references lower-cased', async () => {
      const created = await call('POST', '/patient/', { name: 'Ana Maiúscula' });
      const id = (created.body.patient as { id: string }).id;
      const got = await call('GET', `/patient/${id.toUpperCase()}`);
      expect(got.status).toBe(200);
      expect(got.body.id).toBe(id);
      const put = await call('PATCH', `/patient/${id.toUpperCase()}`, { notes: 'achada' });
      expect(put.status).toBe(200);
      const entry = await call('POST', '/waitList/', {
        patient: id.toUpperCase(),
        professional: adminId.toUpperCase(),
      });
      expect(entry.status, JSON.stringify(entry.body)).toBe(201);
      expect(JSON.stringify(entry.body)).toContain(`"patient":"${id}"`);
      expect(JSON.stringify(entry.body)).toContain(`"professional":"${adminId}"`);
    });

    it('answers an unknown path id with 404 and a gendered pt-BR message', async () => {
      const clinic = await call('GET', `/clinic/${UNKNOWN}`);
      expect(clinic.status).toBe(404);
      expect(errorOf(clinic).message).toBe('Clínica não encontrada');
      const budget = await call('GET', `/budget/${UNKNOWN}`);
      expect(errorOf(budget).message).toBe('Orçamento não encontrado');
    });
  });

  describe('references (point 7)', () => {
    it("refuses a patient's id among a user's specialties with 400 naming the field, storing nothing", async () => {
      const created = await call('POST', '/patient/', { name: 'Paciente Não Especialidade' });
      const patient = (created.body.patient as { id: string }).id;
      const before = await call('GET', '/user/?limit=100');
      const res = await call('POST', '/user/', {
        name: 'Dr. Sem Especialidade',
        email: 'sem@entrada.com.br',
        role: 'professional',
        specialties: [patient],
      });
      expect(res.status).toBe(400);
      expect(errorOf(res).details).toEqual([{ path: 'specialties.0', message: `não existe nesta conta: ${patient}` }]);
      expect((await call('GET', '/user/?limit=100')).body).toEqual(before.body);
    });

    it('answers 400, not 404, for a sub-record or an inactive record a body names', async () => {
      const insurance = (await call('POST', '/insurance/', { name: 'Saúde Sub', plans: [{ name: 'Enfermaria' }] })).body
        .insurance as { id: string };
      const card = await call('POST', '/patient/', {
        name: 'Paciente Plano',
        insurances: [{ insurance: insurance.id, insurancePlan: UNKNOWN }],
      });
      expect(card.status).toBe(400);
      expect(errorOf(card).details.map((d) => d.path)).toEqual(['insurances.0.insurancePlan']);
      expect(errorOf(card).message).toBe('Plano do convênio não encontrado');
    });

    it('refuses every referenced id of every example that names no record of the account', async () => {
      let checked = 0;
      for (const op of ops) {
        if (op.public || isQuery(op)) continue;
        const parsed = op.input.safeParse(exampleOf(op));
        if (!parsed.success) continue;
        const expected = referencesIn(op.input, parsed.data).map((r) => r.path);
        if (expected.length === 0) continue;
        // Path ids of another record than the referenced ones are left to their own 404.
        const { path, body } = requestFor(op, exampleOf(op), (name) => String(exampleOf(op)[name]));
        const res = await call(op.http!.method, path, body);
        expect(res.status, `${op.name} → ${JSON.stringify(res.body)}`).toBe(400);
        expect(
          errorOf(res)
            .details.map((d) => d.path)
            .sort(),
          op.name,
        ).toEqual([...expected].sort());
        checked += 1;
      }
      expect(checked).toBeGreaterThanOrEqual(15);
    });
  });

  describe('impossible dates (point 4)', () => {
    it('refuses a day that does not exist in every date and date-time field, naming it', async () => {
      let checked = 0;
      for (const op of ops) {
        const json = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as {
          properties?: Record<string, Json>;
        };
        for (const [field, schema] of Object.entries(json.properties ?? {})) {
          const format = schema.format ?? (schema.anyOf as Json[] | undefined)?.find((s) => s.format)?.format;
          if (format !== 'date' && format !== 'date-time') continue;
          const bad = format === 'date' ? '2026-04-31' : '2026-02-30T10:00:00-03:00';
          const example = exampleOf(op);
          const { path, body } = requestFor(op, { ...example, [field]: bad }, (name) => pathValue(example, name));
          const res = await call(op.http!.method, path, body);
          expect(res.status, `${op.name}.${field} → ${JSON.stringify(res.body)}`).toBe(400);
          expect(errorOf(res).details.map((d) => d.path)).toContain(field);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(15);
    });

    it('does not move 30 February or 31 April (appointment, block, birth date)', async () => {
      const patient = await call('POST', '/patient/', { name: 'Ana Data', birthDate: '2000-02-30' });
      expect(patient.status).toBe(400);
      expect(errorOf(patient).details.map((d) => d.path)).toEqual(['birthDate']);
      const block = await call('POST', '/schedule/block', {
        professional: UNKNOWN,
        start: '2026-04-31T08:00:00-03:00',
        end: '2026-04-31T12:00:00-03:00',
        reason: 'Congresso',
      });
      expect(block.status).toBe(400);
      expect(errorOf(block).details.map((d) => d.path)).toEqual(['start', 'end']);
      const leap = await call('POST', '/patient/', { name: 'Ana Bissexta', birthDate: '2024-02-29' });
      expect(leap.status).toBe(201);
    });
  });

  describe('control characters (point 8)', () => {
    it('refuses NUL and other controls with 400 on both databases, and keeps tab and line breaks', async () => {
      for (const name of ['Ana\u0000', 'Ana\u0007Souza', 'Ana\u001b[31m']) {
        const res = await call('POST', '/patient/', { name });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        const [detail] = errorOf(res).details;
        expect(detail?.path).toBe('name');
        expect(detail?.message).toMatch(/^caractere de controle não permitido \(U\+00/);
      }
      const nested = await call('POST', '/patient/', { name: 'Ana', address: { street: 'Rua\u0000' } });
      expect(errorOf(nested).details.map((d) => d.path)).toEqual(['address.street']);
      const ok = await call('POST', '/patient/', { name: 'Ana Notas', notes: 'linha 1\r\nlinha 2\tfim' });
      expect(ok.status).toBe(201);
      expect((ok.body.patient as { notes: string }).notes).toBe('linha 1\r\nlinha 2\tfim');
    });

    it('refuses a pushed record holding NUL as a rejected row, the same on both databases, never a 500', async () => {
      const desk = await enrolDevice(server as SyncTestServer, token, 'desk', 'Recepção NUL');
      const good = { ...patientDoc(tenant, '0193a1c2-7b3e-7cc1-9a52-0000000000c1', 'Ana Boa'), _deleted: false };
      const bad = { ...patientDoc(tenant, '0193a1c2-7b3e-7cc1-9a52-0000000000c2', 'Ana\u0000Má'), _deleted: false };
      const res = await server.call('POST', '/sync/patients/push', {
        token: desk.token,
        body: [{ newDocumentState: bad }, { newDocumentState: good }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await call('GET', `/patient/${good.id}`)).status).toBe(200);
      expect((await call('GET', `/patient/${bad.id}`)).status).toBe(404);
      const rejections = await server.call('GET', '/sync/rejections', { token: desk.token });
      expect(JSON.stringify(rejections.body)).toContain('caractere de controle não permitido (U+0000)');
    });

    it('refuses a NUL in a text field of every operation that takes a body', async () => {
      let checked = 0;
      for (const op of ops) {
        if (isQuery(op)) continue;
        const example = exampleOf(op);
        const names = pathParams(op.http!.path);
        const field = Object.keys(example).find((k) => !names.includes(k) && typeof example[k] === 'string');
        if (!field) continue;
        const { path, body } = requestFor(op, { ...example, [field]: `${String(example[field])}\u0000` }, (name) =>
          pathValue(example, name),
        );
        const res = await call(op.http!.method, path, body);
        if (res.status === 429) continue;
        expect(res.status, `${op.name}.${field} → ${JSON.stringify(res.body)}`).toBe(400);
        const detail = errorOf(res).details.find((d) => d.path === field);
        expect(detail?.message, op.name).toMatch(/U\+0000/);
        checked += 1;
      }
      expect(checked).toBeGreaterThan(40);
    });
  });

  describe('messages (point 9)', () => {
    it('answers wrong types in every field of every operation in pt-BR, without repeating itself', async () => {
      let checked = 0;
      for (const op of ops) {
        const json = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as {
          properties?: Record<string, Json>;
        };
        const names = pathParams(op.http!.path);
        const example = exampleOf(op);
        const wrong: Json = {};
        for (const [field, schema] of Object.entries(json.properties ?? {})) {
          if (!names.includes(field)) wrong[field] = isQuery(op) ? 'zzz' : wrongType(schema);
        }
        if (Object.keys(wrong).length === 0) continue;
        const { path, body } = requestFor(op, wrong, (name) => pathValue(example, name));
        const res = await call(op.http!.method, path, body);
        if (res.status !== 400) continue;
        const error = errorOf(res);
        const text = `${op.name}: ${JSON.stringify(error)}`;
        expect(error.message, text).not.toMatch(NOT_PT_BR);
        for (const detail of error.details) {
          expect(detail.message, text).not.toMatch(NOT_PT_BR);
          expect(detail.message, text).not.toBe(error.message);
          expect(detail.message.length, text).toBeGreaterThan(2);
        }
        checked += 1;
      }
      expect(checked).toBeGreaterThan(100);
    });

    it('writes money as R$ 650,50 and dates as dd/mm/aaaa', async () => {
      const clinic = (await call('POST', '/clinic/', { name: 'Clínica Valores' })).body.clinic as { id: string };
      const patient = (await call('POST', '/patient/', { name: 'Paciente Valores' })).body.patient as { id: string };
      const event = (await call('POST', '/event/', { name: 'Limpeza' })).body as Json;
      const eventId = ((event.event ?? event) as { id: string }).id;
      const body = {
        patient: patient.id,
        clinic: clinic.id,
        items: [{ event: eventId, quantity: 1, valueUnity: 650.5 }],
      };
      const money = await call('POST', '/budget/', { ...body, value: 100 });
      expect(money.status).toBe(400);
      expect(errorOf(money).details).toContainEqual({ path: 'value', message: 'a soma das linhas é R$ 650,50' });

      const lapsed = await call('POST', '/budget/', { ...body, status: 1, validUntil: '2020-01-01' });
      expect(lapsed.status).toBe(201);
      const budget = lapsed.body.budget as { id: string; status: number };
      expect(budget.status).toBe(5);
      const bornApproved = await call('POST', '/budget/', { ...body, status: 2, validUntil: '2020-01-01' });
      expect(bornApproved.status).toBe(400);
      expect(errorOf(bornApproved).details).toEqual([{ path: 'validUntil', message: 'vencido em 01/01/2020' }]);
      const empty = await call('POST', '/budget/', { patient: patient.id, clinic: clinic.id, status: 2 });
      expect(errorOf(empty).details).toEqual([{ path: 'items', message: 'sem itens' }]);
    });
  });
});
