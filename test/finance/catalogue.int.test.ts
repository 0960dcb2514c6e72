/**
 * Every operation the spec's Finance and Payment groups name (§4.4) is served, documented in
 * /openapi.json under its group's tag, and carries an example there (the provider-backed ones
 * included, which only the server mounts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../sync-server/auth/test-server.js';
import { SPEC } from './spec-finance-map.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('serves and documents every Finance and Payment operation of the spec, each with an example', async () => {
  const doc = (await (await server.app.request('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[]; operationId?: string }>>;
  };
  const documented = new Map(
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.tags ?? []] as const),
    ),
  );
  const problems: string[] = [];
  for (const [wording, names] of Object.entries(SPEC)) {
    for (const name of names) {
      const op = server.registry.get(name);
      if (!op?.http) {
        problems.push(`${wording}: ${name} not served`);
        continue;
      }
      const tags = documented.get(`${op.http.method} ${op.http.path}`);
      if (!tags?.includes(op.group)) problems.push(`${name}: not in /openapi.json under ${op.group}`);
      if (op.example === undefined) problems.push(`${name}: no example`);
    }
  }
  expect(problems).toEqual([]);
  const finance = server.registry.list().filter((op) => ['Finance', 'Payment'].includes(op.group));
  expect(finance.filter((op) => op.example === undefined).map((op) => op.name)).toEqual([]);
});
