import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfWithCheckDigits, formatCpf } from '#core/br/cpf.js';
import { patients } from '#core/patient/index.js';
import { postgresUnreachable, skipWithoutPostgres } from '../../sync-server/testing/postgres.js';
import { masterDataOperations, openRestFixture, type Engine, type RestFixture } from './rest-fixture.js';

type Json = Record<string, unknown>;
const json = async <T = Json>(res: Response) => (await res.json()) as T;

// PostgreSQL runs where it answers (always in CI, where a missing server fails the suite).
const pgReason = await postgresUnreachable();
const engines: Engine[] = skipWithoutPostgres(pgReason, 'PostgreSQL master-data REST tests')
  ? ['sqlite']
  : ['sqlite', 'postgresql'];

describe.each(engines)('master data over REST on %s', (engine) => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await openRestFixture(engine);
  });
  afterAll(() => f.close());
  const patientCount = () => f.database.forTenant(f.tenantId).collection(patients).count();

  describe('patients over REST', () => {
    it('POST /patient/ with only a name answers 201 { message, patient }; GET, PUT and PATCH follow', async () => {
      const created = await f.call('POST', '/patient/', { name: 'Beatriz Nogueira' });
      expect(created.status).toBe(201);
      const { message, patient } = await json<{ message: string; patient: { id: string } }>(created);
      expect(message).toBe('Paciente cadastrado');
      expect(patient).toMatchObject({ name: 'Beatriz Nogueira', active: true, temporary: false });
      expect(patient).not.toHaveProperty('tenantId');
      expect(await json(await f.call('GET', `/patient/${patient.id}`))).toEqual(patient);

      const put = await f.call('PUT', `/patient/${patient.id}`, {
        name: 'Beatriz Nogueira Alves',
        cellPhone: '(31) 99999-1234',
      });
      expect(await json(put)).toMatchObject({ name: 'Beatriz Nogueira Alves', cellPhone: '+5531999991234' });
      const patch = await f.call('PATCH', `/patient/${patient.id}/`, { email: 'bia@example.com' });
      expect(await json(patch)).toMatchObject({ email: 'bia@example.com', cellPhone: '+5531999991234' });
    });

    it.each([
      ['an invalid CPF', { name: 'A', cpf: '123.456.789-00' }, 'cpf'],
      ['an unknown field', { name: 'A', apelido: 'B' }, 'apelido'],
      ['a bad phone', { name: 'A', cellPhone: '123' }, 'cellPhone'],
      ['no name', { cpf: '529.982.247-25' }, 'name'],
    ])('refuses %s with 400 naming the field, storing nothing', async (_label, body, path) => {
      const before = await patientCount();
      const res = await f.call('POST', '/patient/', body);
      expect(res.status).toBe(400);
      const error = await f.errorOf(res);
      expect(error.code).toBe('validation');
      expect(error.details.map((d) => d.path)).toContain(path);
      expect(await patientCount()).toBe(before);
    });

    it('answers 409 naming cpf for a CPF another active patient has', async () => {
      const cpf = formatCpf(cpfWithCheckDigits('123123123'));
      expect((await f.call('POST', '/patient/', { name: 'Primeiro', cpf })).status).toBe(201);
      const res = await f.call('POST', '/patient/', { name: 'Segundo', cpf });
      expect(res.status).toBe(409);
      expect((await f.errorOf(res)).details[0]?.path).toBe('cpf');
      const status = await json(await f.call('GET', `/patient/cpf/${cpfWithCheckDigits('123123123')}`));
      expect(status).toMatchObject({ exists: true, active: true, patient: { name: 'Primeiro' } });
    });

    it('searches accent- and case-insensitively with cursor paging: GET /patient/?q=…&limit=…&cursor=…', async () => {
      for (const name of ['Érica Lopes', 'erica martins', 'ERICK Souza', 'Eric Tavares', 'Édson Prado']) {
        await f.call('POST', '/patient/', { name });
      }
      const first = await json<{ items: { name: string }[]; next: string }>(
        await f.call('GET', '/patient/?q=ERI&limit=2'),
      );
      expect(first.items.map((p) => p.name)).toEqual(['Eric Tavares', 'Érica Lopes']);
      const second = await json<{ items: { name: string }[]; next: string | null }>(
        await f.call('GET', `/patient/?q=ERI&limit=2&cursor=${encodeURIComponent(first.next)}`),
      );
      expect(second.items.map((p) => p.name)).toEqual(['erica martins', 'ERICK Souza']);
      expect(second.next).toBeNull();
      expect((await f.call('GET', '/patient/?limit=500')).status).toBe(400);
    });

    it('finds a partial CPF and "maria silva" over REST, and names the holder of a taken CPF', async () => {
      const cpf = cpfWithCheckDigits('604581932');
      const maria = await json<{ patient: { id: string } }>(
        await f.call('POST', '/patient/', { name: 'Maria Aparecida da Silva', cpf }),
      );
      await f.call('POST', '/patient/', { name: 'Mariana Silveira' });
      const search = async (q: string) =>
        (await json<{ items: { id: string }[] }>(await f.call('GET', `/patient/?q=${encodeURIComponent(q)}`))).items;
      expect((await search('604.581')).map((p) => p.id)).toEqual([maria.patient.id]);
      expect((await search('MARIA SÍLVA')).map((p) => p.id)).toEqual([maria.patient.id]);
      const taken = await f.call('POST', '/patient/', { name: 'Outra', cpf });
      expect((await f.errorOf(taken)).details).toEqual([
        { path: 'cpf', message: 'CPF já cadastrado (Maria Aparecida da Silva)' },
      ]);
    });

    it('inactivates through POST /patient/{id}/inactivation and unifies through /unification', async () => {
      const a = (await json<{ patient: { id: string } }>(await f.call('POST', '/patient/', { name: 'Gilda Reis' })))
        .patient;
      const b = (await json<{ patient: { id: string } }>(await f.call('POST', '/patient/', { name: 'Gilda R.' })))
        .patient;
      const unified = await f.call('POST', `/patient/${a.id}/unification`, { duplicate: b.id });
      expect(unified.status).toBe(200);
      expect(await json(unified)).toMatchObject({ report: { kept: a.id, duplicate: b.id } });
      expect(await json(await f.call('GET', `/patient/${b.id}`))).toMatchObject({ active: false, mergedInto: a.id });
      const inactivated = await f.call('POST', `/patient/${a.id}/inactivation`, { reason: 'óbito' });
      expect(await json(inactivated)).toMatchObject({ active: false, inactivationReason: 'óbito' });
    });

    it("answers 404 for another account's patient and 403 without the permission", async () => {
      const { patient } = await json<{ patient: { id: string } }>(
        await f.call('POST', '/patient/', { name: 'Sigilosa' }),
      );
      expect((await f.call('GET', `/patient/${patient.id}`, undefined, f.keys.otherAccount)).status).toBe(404);
      expect((await f.call('GET', `/patient/${patient.id}`, undefined, f.keys.readOnly)).status).toBe(200);
      expect((await f.call('POST', '/patient/', { name: 'X' }, f.keys.readOnly)).status).toBe(403);
    });
  });

  describe('clinic, insurance and price tables over REST', () => {
    it('creates a clinic with only a name, adds a place and removes it logically', async () => {
      const res = await f.call('POST', '/clinic/', { name: 'Clínica Central' });
      expect(res.status).toBe(201);
      const { clinic } = await json<{ clinic: { id: string; timeZone: string } }>(res);
      expect(clinic.timeZone).toBe('America/Sao_Paulo');
      expect((await f.call('POST', `/clinic/${clinic.id}/place/`, { name: 'Sala 3' })).status).toBe(201);
      expect(await json(await f.call('GET', `/clinic/${clinic.id}/place/`))).toMatchObject({
        items: [{ name: 'Sala 3' }],
      });
      expect(await json(await f.call('DELETE', `/clinic/${clinic.id}`))).toMatchObject({ clinic: { active: false } });
    });

    it('imports a CSV all or nothing, answers prices of events, checks them and exports', async () => {
      const { insurance } = await json<{ insurance: { id: string } }>(
        await f.call('POST', '/insurance/', { name: 'Amparo Saúde', ansRegistry: '654321' }),
      );
      const { priceTable } = await json<{ priceTable: { id: string } }>(
        await f.call('POST', '/priceTable/', { name: 'Amparo 2026', insurance: insurance.id }),
      );
      const bad = await f.call('POST', `/priceTable/${priceTable.id}/import`, {
        csv: 'codigo;descricao;valor\n10101012;Consulta;100\n10101039;Consulta em pronto socorro;cem\n',
        insurance: insurance.id,
      });
      expect(bad.status).toBe(400);
      expect((await f.errorOf(bad)).details).toEqual([
        { path: 'csv.3.valor', message: 'linha 3: valor inválido "cem"' },
      ]);
      expect(await json(await f.call('GET', `/priceTable/${priceTable.id}`))).toMatchObject({ priceCount: 0 });

      const good = await f.call('POST', `/priceTable/${priceTable.id}/import`, {
        csv: 'codigo;descricao;valor\n10101012;Consulta;100\n10101039;Consulta em pronto socorro;150,75\n',
        insurance: insurance.id,
      });
      expect(await json(good)).toMatchObject({ rows: 2, createdEvents: 2, pricesSet: 2 });
      const { items: found } = await json<{ items: { id: string }[] }>(await f.call('GET', '/event/?q=consulta'));
      const ids = found.map((e) => e.id);
      const prices = await json<{ items: { value: number }[]; missing: string[] }>(
        await f.call(
          'GET',
          `/priceTable/${priceTable.id}/eventPrices?event=${ids.join(',')}&insurance=${insurance.id}`,
        ),
      );
      expect(prices.items.map((p) => p.value).sort()).toEqual([100, 150.75]);
      const general = await json(
        await f.call('GET', `/priceTable/${priceTable.id}/priceCheck?event=${ids[0]}&event=${ids[1]}`),
      );
      expect(general).toEqual({ complete: false, missing: ids });
      const exported = await json<{ content: string; mediaType: string }>(
        await f.call('GET', `/priceTable/${priceTable.id}/export?format=csv&insurance=${insurance.id}`),
      );
      expect(exported.mediaType).toMatch(/^text\/csv/);
      expect(exported.content).toContain('10101039;Consulta em pronto socorro;150,75;procedimento;');
    });
  });

  describe('the registry', () => {
    it('documents every master-data route in /openapi.json with an example body', async () => {
      const doc = await json<{
        paths: Record<
          string,
          Record<string, { requestBody?: { content: Record<string, { schema: { examples?: unknown[] } }> } }>
        >;
      }>(await f.call('GET', '/openapi.json'));
      for (const op of masterDataOperations) {
        const entry = doc.paths[op.http!.path]?.[op.http!.method.toLowerCase()];
        expect(entry, op.name).toBeDefined();
        if (entry?.requestBody)
          expect(entry.requestBody.content['application/json']?.schema.examples, op.name).toBeDefined();
      }
    });

    it('answers every operation example without a server error (2xx, 404 or 409)', async () => {
      for (const op of masterDataOperations) {
        expect(op.example, op.name).toBeDefined();
        const example = { ...(op.example as Json) };
        let path = op.http!.path;
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          path = path.replace(`{${name!}}`, encodeURIComponent(String(example[name!])));
          delete example[name!];
        }
        const method = op.http!.method;
        const query = new URLSearchParams(
          Object.entries(example).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
        );
        const res =
          method === 'GET' || method === 'DELETE'
            ? await f.call(method, `${path}?${query.toString()}`)
            : await f.call(method, path, example);
        // An example naming a record by id names none of this account's: the answer is 404, never a change;
        // 400 when its body names another record too (patient.unify's duplicate), checked before the run.
        const expected = /\{id\}/.test(op.http!.path) && op.name !== 'council.get' ? [404, 400] : [200, 201, 409];
        expect(expected, `${op.name} → ${res.status} ${await res.clone().text()}`).toContain(res.status);
      }
    });
  });
});
