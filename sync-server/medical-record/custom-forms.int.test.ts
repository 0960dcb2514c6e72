/**
 * Custom medical-record forms and the professional's configuration through REST, on a SQLite file and
 * on PostgreSQL (required in CI): the PHQ-9 imported from a FHIR Bundle, answered in an attendance and
 * scored; who sees and changes which forms; answers refused after the record is finished; the
 * reception refused forms and answers (LGPD art. 11); the configuration per professional with defaults
 * (docs/decisions/medical-record.md MED-020..MED-024).
 */
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- REST answers are read as JSON; each assertion states the shape it expects */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCollections } from '#core/catalogue.js';
import { patients } from '#core/patient/patient-record.js';
import { seedDemoData } from '../admin/demo-data.js';
import { addMember, login, seedAccount, startTestServer, type TestServer } from '../auth/test-server.js';
import { serverMigrations } from '../server.js';
import { openSqlDatabase } from '../store/index.js';
import { dropSchema, postgresUnreachable, postgresUrl, skipWithoutPostgres } from '../testing/postgres.js';

const PHQ9_BUNDLE = JSON.parse(
  readFileSync(new URL('../../core/medical-record/forms/fixtures/phq-9.bundle.json', import.meta.url), 'utf8'),
);
const FREQ = ['LA6568-5', 'LA6569-3', 'LA6570-1', 'LA6571-9'];
const PHQ9_QUESTIONS = [
  '44250-9',
  '44255-8',
  '44259-0',
  '44254-1',
  '44251-7',
  '44258-2',
  '44252-5',
  '44253-3',
  '44260-8',
];
const BANDS = [
  { min: 0, max: 4, label: 'mínima' },
  { min: 5, max: 9, label: 'leve' },
  { min: 10, max: 14, label: 'moderada' },
  { min: 15, max: 19, label: 'moderadamente grave' },
  { min: 20, max: 27, label: 'grave' },
];
const PASSWORD = 'senha comprida da clínica';
const schema = `test_forms_${randomBytes(4).toString('hex')}`;
const skipPostgres = skipWithoutPostgres(await postgresUnreachable(), 'PostgreSQL custom form tests');

const backends = [
  { name: 'SQLite file', skip: false, open: () => startTestServer() },
  {
    name: 'PostgreSQL',
    skip: skipPostgres,
    async open() {
      const database = await openSqlDatabase({
        url: postgresUrl,
        schema,
        collections: allCollections,
        migrations: serverMigrations,
      });
      return startTestServer({ database });
    },
  },
];

type Form = { id: string; owner: string; questionnaire: { title: string; item: unknown[] } };

describe.each(backends)('custom forms and configuration on $name', (backend) => {
  let server: TestServer;
  const token = { admin: '', ana: '', bruno: '', reception: '' };
  const ids = { ana: '', patient: '', phq9: '', clinicForm: '' };
  // Answers read loosely: each assertion states the shape it expects.
  type Answer = { status: number; body: any };
  const call = (who: keyof typeof token, method: string, path: string, body?: unknown): Promise<Answer> =>
    server.call(method, path, { token: token[who], ...(body === undefined ? {} : { body }) });

  const phq9Answer = (points: number[], status = 'completed') => ({
    response: {
      resourceType: 'QuestionnaireResponse',
      status,
      item: points.map((p, i) => ({ linkId: PHQ9_QUESTIONS[i], answer: [{ valueCoding: { code: FREQ[p] } }] })),
    },
  });

  beforeAll(async () => {
    if (backend.skip) return;
    server = await backend.open();
    const { tenantId } = await seedAccount(server, 'Clínica Sol', { email: 'admin@sol.test', password: PASSWORD });
    await seedDemoData(server.database, tenantId, { patients: 2, clock: server.clock });
    for (const [key, role] of [
      ['ana', 'professional'],
      ['bruno', 'professional'],
      ['reception', 'reception'],
    ] as const) {
      const id = await addMember(server, tenantId, { email: `${key}@sol.test`, password: PASSWORD, role });
      if (key === 'ana') ids.ana = id;
    }
    for (const key of ['admin', 'ana', 'bruno', 'reception'] as const)
      token[key] = (await login(server, `${key}@sol.test`, PASSWORD)).accessToken;
    const store = server.database.forTenant(tenantId);
    ids.patient = (await store.collection(patients).find({ selector: { active: true }, limit: 1 }))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (backend.name === 'PostgreSQL' && !backend.skip) await dropSchema(schema);
  });

  it.skipIf(backend.skip)(
    'imports the PHQ-9 from a FHIR Bundle, answers it in an attendance and scores it',
    async () => {
      const preview = await call('ana', 'POST', '/medicalRecord/customForm/bundle', {
        bundle: PHQ9_BUNDLE,
        save: false,
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(201);
      expect(preview.body).toMatchObject({ forms: [], questionnaires: [{ title: expect.stringContaining('PHQ-9') }] });
      const imported = await call('ana', 'POST', '/medicalRecord/customForm/bundle', { bundle: PHQ9_BUNDLE });
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      const form = (imported.body.forms as Form[])[0]!;
      expect(form).toMatchObject({ owner: 'professional', professional: ids.ana, questionnaire: { id: form.id } });
      ids.phq9 = form.id;
      // The severity bands are the form's: the professional adds them by editing it.
      const edited = await call('ana', 'PUT', `/medicalRecord/customForm/${form.id}`, {
        questionnaire: form.questionnaire,
        scoreBands: BANDS,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);

      const opened = await call('ana', 'POST', '/medicalRecord/instantAttendance', { patient: ids.patient });
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const record = (opened.body.medicalRecord as { id: string }).id;
      const path = `/medicalRecord/${record}/customForm/${form.id}`;
      const missing = await call('ana', 'PUT', path, phq9Answer([1, 2, 0, 3, 1, 1, 2, 0]));
      expect(missing.status).toBe(400);
      expect(missing.body.error.details).toEqual([
        { path: 'response.item.44260-8', message: expect.stringContaining('resposta obrigatória') },
      ]);
      const draft = await call('ana', 'PUT', path, phq9Answer([1, 2], 'in-progress'));
      expect(draft.body.answer.score).toEqual({ total: 3, complete: false, band: 'mínima' });
      const saved = await call('ana', 'PUT', path, phq9Answer([1, 2, 0, 3, 1, 1, 2, 0, 2]));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.answer.score).toEqual({ total: 12, complete: true, band: 'moderada' });
      expect(saved.body.answer.response.item[0]).toMatchObject({
        linkId: '44250-9',
        text: 'Little interest or pleasure in doing things',
        answer: [{ valueCoding: { code: 'LA6569-3', display: 'Several days' } }],
      });
      // Both versions stay in the record, the latest is the current one.
      const got = await call('ana', 'GET', `/medicalRecord/${record}`);
      expect(got.body.formAnswers).toHaveLength(2);

      // Clinical content: the reception is refused, another professional may not answer Ana's attendance.
      expect((await call('reception', 'PUT', path, phq9Answer([0, 0, 0, 0, 0, 0, 0, 0, 0]))).status).toBe(403);
      expect((await call('bruno', 'PUT', path, phq9Answer([0, 0, 0, 0, 0, 0, 0, 0, 0]))).status).toBe(403);

      // A finished record takes no new answers (CFM Res. 1.638/2002): only addenda.
      expect((await call('ana', 'POST', `/medicalRecord/${record}/conclusion`)).status).toBe(200);
      const late = await call('ana', 'PUT', path, phq9Answer([0, 0, 0, 0, 0, 0, 0, 0, 0]));
      expect(late.status).toBe(409);
      expect(late.body.error.message).toContain('adendo');

      // Deleting the form keeps what the record holds.
      expect((await call('ana', 'DELETE', `/medicalRecord/customForm/${form.id}`)).status).toBe(200);
      expect((await call('ana', 'GET', `/medicalRecord/customForm/${form.id}`)).status).toBe(404);
      const kept = await call('ana', 'GET', `/medicalRecord/${record}`);
      expect(kept.body.formAnswers[1]).toMatchObject({ title: expect.stringContaining('PHQ-9'), score: { total: 12 } });
      // Re-import for the configuration test.
      ids.phq9 = (
        (await call('ana', 'POST', '/medicalRecord/customForm/bundle', { bundle: PHQ9_BUNDLE })).body.forms as Form[]
      )[0]!.id;
    },
  );

  it.skipIf(backend.skip)(
    'shows the clinic forms to every professional and own forms only to their owner',
    async () => {
      const questionnaire = {
        resourceType: 'Questionnaire',
        title: 'Avaliação de dor',
        status: 'active',
        item: [
          { linkId: 'dor', text: 'Sente dor?', type: 'boolean', required: true },
          {
            linkId: 'eva',
            text: 'Escala visual analógica',
            type: 'integer',
            enableWhen: [{ question: 'dor', operator: '=', answerBoolean: true }],
          },
        ],
      };
      expect((await call('ana', 'POST', '/medicalRecord/customForm/', { owner: 'clinic', questionnaire })).status).toBe(
        403,
      );
      const clinic = await call('admin', 'POST', '/medicalRecord/customForm/', { owner: 'clinic', questionnaire });
      expect(clinic.status, JSON.stringify(clinic.body)).toBe(201);
      ids.clinicForm = clinic.body.id;
      const titles = async (who: 'ana' | 'bruno') =>
        ((await call(who, 'GET', '/medicalRecord/customForm/')).body.items as Form[]).map((f) => f.questionnaire.title);
      expect(await titles('ana')).toEqual(['Avaliação de dor', expect.stringContaining('PHQ-9')]);
      expect(await titles('bruno')).toEqual(['Avaliação de dor']);
      expect((await call('bruno', 'GET', `/medicalRecord/customForm/${ids.phq9}`)).status).toBe(404);
      expect(
        (await call('bruno', 'PUT', `/medicalRecord/customForm/${ids.clinicForm}`, { questionnaire })).status,
      ).toBe(403);
      expect((await call('reception', 'GET', '/medicalRecord/customForm/')).status).toBe(403);

      const broken = await call('ana', 'POST', '/medicalRecord/customForm/', {
        questionnaire: {
          ...questionnaire,
          item: [
            ...questionnaire.item,
            {
              linkId: 'x',
              type: 'string',
              enableWhen: [{ question: 'nada', operator: 'exists', answerBoolean: true }],
            },
            { linkId: 'dor', type: 'choice' },
          ],
        },
      });
      expect(broken.status).toBe(400);
      expect(broken.body.error.details).toEqual([
        { path: 'questionnaire.item.3.linkId', message: 'linkId repetido: dor' },
        { path: 'questionnaire.item.2.enableWhen.0.question', message: 'a pergunta nada não existe no formulário' },
        { path: 'questionnaire.item.3.answerOption', message: expect.stringContaining('precisa de opções') },
      ]);
      const badBundle = await call('ana', 'POST', '/medicalRecord/customForm/bundle', {
        bundle: { resourceType: 'Bundle', type: 'collection', entry: [{ resource: { resourceType: 'Patient' } }] },
      });
      expect(badBundle.status).toBe(400);
      expect(badBundle.body.error.details[0].path).toBe('bundle.entry');
    },
  );

  it.skipIf(backend.skip)('keeps each professional its own configuration, with defaults', async () => {
    const defaults = await call('ana', 'GET', '/medicalRecord/config');
    expect(defaults.status, JSON.stringify(defaults.body)).toBe(200);
    expect(defaults.body).toMatchObject({ saved: false, professional: ids.ana, forms: [ids.clinicForm, ids.phq9] });
    expect(defaults.body.sections).toHaveLength(8);
    const put = await call('ana', 'PUT', '/medicalRecord/config', {
      sections: ['evolucao', 'anamnese', 'conduta'],
      forms: [ids.phq9, ids.clinicForm],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const again = await call('ana', 'PUT', '/medicalRecord/config', {
      sections: ['anamnese', 'evolucao'],
      forms: [ids.phq9],
    });
    expect(again.body).toMatchObject({ saved: true, sections: ['anamnese', 'evolucao'], forms: [ids.phq9] });
    expect((await call('ana', 'GET', '/medicalRecord/config')).body).toMatchObject({
      saved: true,
      sections: ['anamnese', 'evolucao'],
    });
    // Bruno keeps the defaults and may not name Ana's own form; repeated sections are refused.
    expect((await call('bruno', 'GET', '/medicalRecord/config')).body).toMatchObject({ saved: false });
    const foreign = await call('bruno', 'PUT', '/medicalRecord/config', { sections: ['anamnese'], forms: [ids.phq9] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([
      { path: 'forms.0', message: expect.stringContaining('não encontrado') },
    ]);
    const twice = await call('bruno', 'PUT', '/medicalRecord/config', {
      sections: ['anamnese', 'anamnese'],
      forms: [],
    });
    expect(twice.body.error.details).toEqual([{ path: 'sections.1', message: 'repetido na lista' }]);
    expect((await call('reception', 'GET', '/medicalRecord/config')).status).toBe(403);
  });
});
