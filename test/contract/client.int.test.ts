/**
 * The contract as an integrator meets it (issue 20, point 12): a client generated from
 * `/openapi.json` by openapi-typescript (`api.d.ts`) and driven with openapi-fetch, with no cast,
 * against the real server: clinic → patient → event → budget with every field of spec §2.1–2.4 →
 * approval → treatment → PDF, and appointment → confirm → unconfirm. Every answer is checked against
 * the schema the document gives for its status.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import type { paths } from './api.js';

/** The body of `POST /budget/` as the generated types spell it. */
type BudgetBody = NonNullable<paths['/budget/']['post']['requestBody']>['content']['application/json'];
import { documentedBody, type OpenApiDoc } from './documented.js';

let server: TestServer;
let doc: OpenApiDoc;
let client: ReturnType<typeof createClient<paths>>;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ durableOutbox: true });
  const tenantId = await server.keys.createAccount('Clínica Contrato');
  key = (await server.keys.createKey(tenantId, { name: 'integração' })).key;
  doc = (await (await server.app.request('/openapi.json')).json()) as OpenApiDoc;
  client = createClient<paths>({
    baseUrl: 'http://clinica.test',
    headers: { 'auth-bearer': key },
    fetch: async (request) => server.app.request(request),
  });
  // Which documented path each answer belongs to: openapi-fetch knows it, the Response does not.
  client.use({
    onResponse({ response, schemaPath, request }) {
      routes.set(response, { path: schemaPath, method: request.method });
      return undefined;
    },
  });
});
afterAll(() => server.close());

const routes = new WeakMap<Response, { path: string; method: string }>();

/** What openapi-fetch resolves to, as far as the check needs. */
interface Answer<T, E> {
  data?: T;
  error?: E;
  response: Response;
}

/**
 * Awaits a call, asserts its status and that its body matches the schema documented for that status
 * (or that no body came when none is documented).
 */
async function expectAnswer<T, E>(call: Promise<Answer<T, E>>, status: number): Promise<Answer<T, E>> {
  const answer = await call;
  const route = routes.get(answer.response);
  if (!route) throw new Error('an answer that did not come through the client');
  expect(answer.response.status, JSON.stringify(answer.error)).toBe(status);
  const schema = documentedBody(doc, route.path, route.method, status);
  const body = answer.data ?? answer.error;
  if (!schema) expect(body, `${route.method} ${route.path} documents no body`).toBeUndefined();
  else {
    const checked = schema.safeParse(body);
    expect(checked.success, `${route.method} ${route.path} ${status}: ${checked.error?.message ?? ''}`).toBe(true);
  }
  return answer;
}

/** {@link expectAnswer} for a call that answers data: @returns the data, typed by the generated client. */
async function expectData<T, E>(call: Promise<Answer<T, E>>, status: number): Promise<T> {
  const { data } = await expectAnswer(call, status);
  if (data === undefined) throw new Error('no data in the answer');
  return data;
}

describe('a generated client drives the API', () => {
  it('clinic → patient → event → budget (every §2.1 field) → approval → treatment → PDF', async () => {
    const { clinic } = await expectData(
      client.POST('/clinic/', {
        body: { name: 'Clínica Sorriso Contrato', cnpj: '11.222.333/0001-81', phone: '(11) 3333-4444' },
      }),
      201,
    );
    const { patient } = await expectData(
      client.POST('/patient/', {
        body: {
          name: 'Maria Aparecida da Silva',
          cpf: '529.982.247-25',
          cellPhone: '(11) 98765-4321',
          email: 'maria@exemplo.com.br',
          birthDate: '1980-05-17',
        },
      }),
      201,
    );
    const { event } = await expectData(
      client.POST('/event/', { body: { name: 'Restauração em resina', type: 'procedure', durationMinutes: 30 } }),
      201,
    );
    const { specialty } = await expectData(
      client.POST('/specialty/', { body: { name: 'Dentística', council: 'CRO' } }),
      201,
    );
    const { insurance } = await expectData(
      client.POST('/insurance/', { body: { name: 'Odonto Exemplo', plans: [{ name: 'Essencial' }] } }),
      201,
    );
    const { user: professional } = await expectData(
      client.POST('/user/', {
        body: {
          name: 'Dra. Ana Souza',
          role: 'professional',
          council: 'CRO',
          councilNumber: '12345',
          councilState: 'SP',
          specialties: [specialty.id],
        },
      }),
      201,
    );
    const plan = insurance.plans[0]!;

    const sent: BudgetBody = {
      active: true,
      type: 'dental',
      budgetNumber: 4321,
      patientData: { identificationOnInsurance: '0012345678901', insurancePlan: plan.id },
      patient: patient.id,
      cellPhone: '+5511987654321',
      email: 'maria@exemplo.com.br',
      clinic: clinic.id,
      insurance: insurance.id,
      professional: professional.id,
      specialty: specialty.id,
      status: 1,
      items: [
        {
          typeModel: 'Event',
          quantity: 2,
          totalValue: 500,
          valueUnity: 250,
          item: event.id,
          event: event.id,
          type: 'procedure',
          copart: 50,
          transferPercent: 40,
          unit: 'un',
          expenseCode: '03',
          tooth: '36',
          toothFace: ['O', 'M'],
        },
        {
          typeModel: 'Event',
          quantity: 1,
          totalValue: 150.5,
          valueUnity: 150.5,
          event: event.id,
          type: 'procedure',
          unit: 'sessao',
          toothRegion: 'ASAI',
        },
      ],
      value: 650.5,
      createdBy: professional.id,
      approvedBy: professional.id,
      paymentInformation: { period: 'monthly', quantity: 3, entry: 50.5, parcelValue: 200, method: 'creditCard' },
    };
    const { budget } = await expectData(client.POST('/budget/', { body: sent }), 201);
    // Every field of §2.1–2.4 comes back as sent.
    expect(budget).toMatchObject(sent);
    expect(budget.paymentInformation).toMatchObject({ method: 'creditCard', quantity: 3, lastParcelValue: 200 });

    const approved = await expectData(
      client.POST('/budget/{id}/approval', { params: { path: { id: budget.id } }, body: {} }),
      200,
    );
    expect(approved.status).toBe(2);

    const { treatment } = await expectData(
      client.POST('/budget/{id}/treatment', { params: { path: { id: budget.id } } }),
      201,
    );
    expect(treatment).toMatchObject({ budget: budget.id, status: 'open' });
    expect(treatment.steps.length).toBeGreaterThan(0);
    const executed = await expectData(client.GET('/budget/{id}', { params: { path: { id: budget.id } } }), 200);
    expect(executed).toMatchObject({ status: 4, treatment: treatment.id });

    const pdf = await expectData(client.GET('/budget/{id}/pdf', { params: { path: { id: budget.id } } }), 200);
    expect(pdf.mediaType).toBe('application/pdf');
    expect(Buffer.from(pdf.content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('appointment → confirm → unconfirm', async () => {
    const { clinic } = await expectData(client.POST('/clinic/', { body: { name: 'Centro' } }), 201);
    const { patient } = await expectData(client.POST('/patient/', { body: { name: 'Helena Prado' } }), 201);
    const { user: professional } = await expectData(
      client.POST('/user/', { body: { name: 'Dr. Caio Lima', role: 'professional' } }),
      201,
    );
    const { appointment } = await expectData(
      client.POST('/appointment/', {
        body: {
          clinic: clinic.id,
          patient: patient.id,
          professional: professional.id,
          start: '2026-11-24T09:00:00-03:00',
          end: '2026-11-24T09:30:00-03:00',
        },
      }),
      201,
    );
    expect(appointment.patientConfirmation.confirmed).toBe(false);
    const path = { params: { path: { id: appointment.id } } };

    await expectAnswer(
      client.PUT('/appointment/{id}/patientConfirmation', { ...path, body: { channel: 'whatsapp' } }),
      200,
    );
    const confirmed = await expectData(client.GET('/appointment/{id}', path), 200);
    expect(confirmed.patientConfirmation).toMatchObject({ confirmed: true, channel: 'whatsapp' });

    // The body is optional: an integrator may confirm with none.
    await expectAnswer(client.PUT('/appointment/{id}/patientConfirmation', path), 200);

    await expectAnswer(client.DELETE('/appointment/{id}/patientConfirmation', path), 200);
    const unconfirmed = await expectData(client.GET('/appointment/{id}', path), 200);
    expect(unconfirmed.patientConfirmation.confirmed).toBe(false);
  });

  it('answers errors with the documented Error schema', async () => {
    const missing = await expectAnswer(
      client.GET('/budget/{id}', { params: { path: { id: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b' } } }),
      404,
    );
    expect(missing.error?.error.code).toBe('not_found');
    await expectAnswer(client.POST('/clinic/', { body: { name: '' } }), 400);
  });

  it('still accepts the old snake_case payment method on input and answers it in camelCase', async () => {
    const { clinic } = await expectData(client.POST('/clinic/', { body: { name: 'Legado' } }), 201);
    const { patient } = await expectData(client.POST('/patient/', { body: { name: 'Rui Legado' } }), 201);
    const res = await server.call('POST', '/budget/', {
      key,
      body: { clinic: clinic.id, patient: patient.id, paymentInformation: { method: 'credit_card' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.budget).toMatchObject({ paymentInformation: { method: 'creditCard' } });
  });

  it('the documented-schema check refuses what the document does not describe', () => {
    const budget = documentedBody(doc, '/budget/{id}', 'get', 200)!;
    const valid = {
      id: 'b1',
      createdAt: '2026-11-23T09:00:00-03:00',
      updatedAt: '2026-11-23T09:00:00-03:00',
      active: true,
      type: 'dental',
      budgetNumber: 1,
      patient: 'p1',
      clinic: 'c1',
      status: 1,
      items: [],
      value: 0,
      paymentInformation: { quantity: 0, entry: 0, parcelValue: 0, lastParcelValue: 0 },
      validUntil: '2026-12-23',
    };
    expect(budget.safeParse(valid).success).toBe(true);
    expect(budget.safeParse({ ...valid, undocumented: 1 }).success).toBe(false);
    expect(budget.safeParse({ ...valid, status: 9 }).success).toBe(false);
    const legacy = { ...valid.paymentInformation, method: 'credit_card' };
    expect(budget.safeParse({ ...valid, paymentInformation: legacy }).success).toBe(false);
  });
});
