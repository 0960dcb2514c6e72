import { z } from 'zod';
import type { Operation } from '../../core/operation.js';
import type { Registry } from '../../core/registry.js';
import { errorStatus } from './error-status.js';
import { isRecordIdParam, pathParams } from './request-input.js';

type JsonSchema = {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  [key: string]: unknown;
};

const errorBody: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      properties: {
        code: { type: 'string', enum: Object.keys(errorStatus) },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: {
              path: { type: 'string', description: 'campo, pontuado (items.0.quantity)' },
              message: { type: 'string' },
              ref: {
                type: 'object',
                description: 'o registro de que o detalhe fala, quando há um (ex.: o agendamento que ocupa o horário)',
                required: ['collection', 'id'],
                properties: { collection: { type: 'string' }, id: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Splits an input schema into path parameters, query parameters and the JSON body schema. */
function requestParts(op: Operation): { parameters: unknown[]; body?: JsonSchema } {
  const binding = op.http!;
  const input = schemaOf(op.input, 'input');
  const inPath = new Set(pathParams(binding.path));
  const properties = input.properties ?? {};
  const required = new Set(input.required ?? []);
  // A record id in the path is a UUID whatever the operation's schema says: the REST layer checks it.
  const parameters: unknown[] = [...inPath].map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isRecordIdParam(binding, name)
      ? { type: 'string', format: 'uuid', description: 'id do registro (UUID; maiúsculas valem o mesmo)' }
      : (properties[name] ?? { type: 'string' }),
  }));
  const rest = Object.entries(properties).filter(([name]) => !inPath.has(name));
  if (binding.method === 'GET' || binding.method === 'DELETE') {
    for (const [name, schema] of rest) parameters.push({ name, in: 'query', required: required.has(name), schema });
    return { parameters };
  }
  const body: JsonSchema = { ...input, properties: Object.fromEntries(rest) };
  if (op.example !== undefined) {
    body.examples = [Object.fromEntries(Object.entries(op.example as object).filter(([name]) => !inPath.has(name)))];
  }
  body.required = (input.required ?? []).filter((name) => !inPath.has(name));
  if (body.required.length === 0) delete body.required;
  return { parameters, body };
}

function errorResponses(op: Operation): Record<string, unknown> {
  const ref = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const out: Record<string, unknown> = {
    '400': { description: 'Requisição inválida: cada campo com problema em details', ...ref },
    '401': { description: 'auth-bearer ausente ou inválido', ...ref },
    '403': { description: `Sem a permissão ${op.permission}`, ...ref },
  };
  if (pathParams(op.http!.path).length > 0) out['404'] = { description: 'Registro não encontrado', ...ref };
  if (op.http!.method !== 'GET') out['409'] = { description: 'Conflito de revisão ou de estado', ...ref };
  return out;
}

/**
 * The OpenAPI 3.1 document of every mounted operation, generated from the same zod schemas the
 * operations validate with, so the documentation cannot drift from the behaviour.
 */
export function buildOpenApi(registry: Registry, info: { version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of registry.list()) {
    if (!op.http) continue;
    const { parameters, body } = requestParts(op);
    const status = String(op.http.status ?? 200);
    const success = op.http.emptyBody
      ? { description: op.summary }
      : { description: op.summary, content: { 'application/json': { schema: schemaOf(op.output, 'output') } } };
    (paths[op.http.path] ??= {})[op.http.method.toLowerCase()] = {
      operationId: op.name,
      tags: [op.group],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: { [status]: success, ...errorResponses(op) },
      'x-permission': op.permission,
    };
  }
  paths['/health'] = {
    get: {
      operationId: 'health',
      tags: ['System'],
      summary: 'Estado do servidor e do banco de dados',
      security: [],
      responses: { '200': { description: 'Servidor pronto' }, '503': { description: 'Banco de dados indisponível' } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinic API',
      version: info.version,
      description:
        'Gestão de clínicas offline-first. Integradores enviam a chave de API no cabeçalho `auth-bearer` (spec §5). ' +
        'Erros respondem `{ error: { code, message, details: [{ path, message }] } }`.',
    },
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'auth-bearer' } },
      schemas: { Error: errorBody },
    },
    paths,
  };
}
