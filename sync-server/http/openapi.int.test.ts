/**
 * `/openapi.json` as an integrator's tools read it (issue 20, point 11): the document the real server
 * serves passes Redocly's `recommended` ruleset with no error, names its records once under
 * `components/schemas`, asks for a body only when the operation needs one, lists its enums in one
 * spelling and documents every error answer with the `Error` schema.
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../auth/test-server.js';
import { pathParams } from './request-input.js';

type Schema = { $ref?: string; properties?: Record<string, Schema>; enum?: unknown[]; [key: string]: unknown };
type Response = { content?: { 'application/json': { schema: Schema } } };
type Entry = {
  operationId: string;
  security?: unknown[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: Schema } } };
  responses: Record<string, Response>;
};
type Doc = { components: { schemas: Record<string, Schema> }; paths: Record<string, Record<string, Entry>> };

let server: TestServer;
let text: string;
let doc: Doc;
beforeAll(async () => {
  server = await startTestServer();
  const res = await server.app.request('/openapi.json');
  text = await res.text();
  doc = JSON.parse(text) as Doc;
});
afterAll(() => server.close());

const entry = (path: string, method: string): Entry => doc.paths[path]![method]!;
const answered = (path: string, method: string, status: string) =>
  entry(path, method).responses[status]!.content!['application/json'].schema;

describe('/openapi.json for integrators', () => {
  it('passes `redocly lint` with the recommended ruleset: no error', async () => {
    // The one rule turned off: the spec's paths end in a slash (`/budget/`, spec §4.1) and are a contract.
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const say = (p: NormalizedProblem) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(say)).toEqual([]);
  });

  it('names each record once under components/schemas and references it from the operations', () => {
    for (const name of ['Budget', 'Patient', 'Appointment', 'Clinic', 'Event', 'Treatment', 'Error']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(answered('/budget/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/Budget' });
    expect(answered('/budget/', 'post', '201').properties!.budget).toEqual({ $ref: '#/components/schemas/Budget' });
    expect(answered('/budget/{id}/approval', 'post', '200')).toEqual({ $ref: '#/components/schemas/Budget' });
    expect(answered('/budget/', 'get', '200').properties!.items).toMatchObject({
      items: { $ref: '#/components/schemas/Budget' },
    });
    expect(answered('/patient/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/Patient' });
    expect(answered('/appointment/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/Appointment' });
    // The budget's fields are written out once, in the component: no operation repeats them.
    expect(text.split('"disapprovalReason"').length - 1).toBe(1);
  });

  it('requires a request body only when the operation needs one', () => {
    expect(entry('/budget/', 'post').requestBody).toMatchObject({ required: true });
    expect(entry('/appointment/{id}/patientConfirmation', 'put').requestBody?.required ?? false).toBe(false);
    expect(entry('/budget/{id}/approval', 'post').requestBody?.required ?? false).toBe(false);
    expect(entry('/clinic/{id}/activation', 'post').requestBody).toBeUndefined();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody;
        if (!body) continue;
        const required = (body.content['application/json'].schema.required as string[] | undefined) ?? [];
        expect(body.required, `${method} ${path}`).toBe(required.length > 0);
      }
    }
  });

  it('lists every enum, in one spelling: budget and appointment status, payment methods in camelCase', () => {
    const budget = doc.components.schemas.Budget!;
    expect(budget.properties!.status!.enum).toEqual([0, 1, 2, 3, 4, 5]);
    const create = entry('/budget/', 'post').requestBody!.content['application/json'].schema;
    expect(create.properties!.status!.enum).toEqual([0, 1, 2, 3, 4, 5]);
    const budgetMethods = (budget.properties!.paymentInformation as Schema).properties!.method!.enum;
    const appointmentMethods = doc.components.schemas.Appointment!.properties!.paymentMethod!.enum;
    expect(budgetMethods).toContain('creditCard');
    expect(appointmentMethods).toContain('creditCard');
    expect(text).not.toMatch(/credit_card|debit_card|bank_slip/);
    expect(doc.components.schemas.Appointment!.properties!.status!.enum).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(doc.components.schemas.Receivable!.properties!.paymentMethod!.enum).toEqual(appointmentMethods);
  });

  it('has no two paths that differ only in a parameter name', () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
    expect(doc.paths['/personalTemplate/name/{name}']?.get).toBeDefined();
    expect(doc.paths['/personalTemplate/{id}']?.delete).toBeDefined();
  });

  it('documents every error an operation can answer with the Error schema', () => {
    for (const op of server.registry.list()) {
      if (!op.http) continue;
      const documented = entry(op.http.path, op.http.method.toLowerCase());
      const expected = ['400', '401', '429'];
      if (!op.public) expected.push('403');
      if (pathParams(op.http.path).length > 0) expected.push('404');
      if (op.http.method !== 'GET') expected.push('409', '413');
      for (const status of expected) {
        expect(documented.responses[status]?.content?.['application/json'].schema, `${op.name} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });
});
