/**
 * The check behind the spec coverage tables (test/billing/catalogue.int.test.ts,
 * test/medical-record/spec-coverage.int.test.ts): each table maps a spec wording ("Group: operation", §4.3 and
 * §4.4) to our operation names.
 */
import type { TestServer } from '../../sync-server/auth/test-server.js';

/** Spec wording (group: operation) → our operation names; `[]` while an operation is not built. */
export type SpecTable = Record<string, string[]>;

/**
 * What is wrong with a table against the running server: a mapped operation not served over HTTP, in another
 * group than the wording's, missing from `/openapi.json` under its group tag, or without an example. Empty
 * when every mapped operation is right.
 */
export async function specCoverageProblems(server: TestServer, table: SpecTable): Promise<string[]> {
  const doc = (await (await server.app.request('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const documented = new Map(
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.tags ?? []] as const),
    ),
  );
  const problems: string[] = [];
  for (const [wording, names] of Object.entries(table)) {
    const group = wording.slice(0, wording.indexOf(':'));
    for (const name of names) {
      const op = server.registry.get(name);
      if (!op?.http) {
        problems.push(`${wording}: ${name} not served`);
        continue;
      }
      if (op.group !== group) problems.push(`${name}: group ${op.group}, the spec says ${group}`);
      if (!documented.get(`${op.http.method} ${op.http.path}`)?.includes(op.group))
        problems.push(`${name}: not in /openapi.json under ${op.group}`);
      if (op.example === undefined) problems.push(`${name}: no example`);
    }
  }
  return problems;
}

/** The wordings of a table still mapped to no operation. */
export function unbuilt(table: SpecTable): string[] {
  return Object.entries(table)
    .filter(([, names]) => names.length === 0)
    .map(([wording]) => wording);
}
