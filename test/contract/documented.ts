/**
 * Test-only: checks an answer against the schema `/openapi.json` documents for it, so a contract test
 * notices a field the server answers and the document does not describe (or describes otherwise).
 */
import { z } from 'zod';

type Json = Record<string, unknown>;
/** The parts of the OpenAPI document the check reads. */
export interface OpenApiDoc {
  components: { schemas: Record<string, Json> };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>;
}

/** Moves `#/components/schemas/X` references to `#/$defs/X`, where a standalone JSON Schema keeps them. */
function toDefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDefs);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', '#/$defs/') : toDefs(value),
    ]),
  );
}

/**
 * The zod schema of the body `doc` documents for `method path` answering `status`, built from the
 * document's JSON Schema (with its components); undefined when the answer has no documented body.
 *
 * @throws Error when the document has no such operation or status.
 */
export function documentedBody(doc: OpenApiDoc, path: string, method: string, status: number): z.ZodType | undefined {
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  if (!response) throw new Error(`${method} ${path} documents no ${status} answer`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return undefined;
  return z.fromJSONSchema({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...(toDefs(schema) as Json),
    $defs: toDefs(doc.components.schemas) as Record<string, Json>,
  });
}
