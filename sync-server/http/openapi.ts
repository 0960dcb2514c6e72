import { z } from 'zod';
import type { Operation } from '#core/operation.js';
import type { Registry } from '#core/registry.js';
import { payloadSchema, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '#core/webhooks/event-catalogue.js';
import { errorStatus } from './error-status.js';
import { isRecordIdParam, pathParams } from './request-input.js';

type JsonSchema = {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $defs?: Record<string, JsonSchema>;
  [key: string]: unknown;
};

/** `components.schemas` as the document is built: records by the name their schema declares. */
type Schemas = Record<string, JsonSchema>;

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

const COMPONENTS = '#/components/schemas/';

/** Points every `#/$defs/X` of a converted schema at its component (renamed through `names`). */
function relink(node: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => relink(item, names));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
      const name = value.slice('#/$defs/'.length);
      out[key] = COMPONENTS + (names.get(name) ?? name);
    } else out[key] = relink(value, names);
  }
  return out;
}

/**
 * Converts a zod schema to JSON Schema. Schemas that declare a name (`.meta({ id: 'Budget' })`) become
 * `components.schemas` entries referenced with `$ref`, so a generated client has one `Budget` type.
 * A named schema whose input form differs from its answered form (defaults, strictness) is
 * registered as `<name>Input`.
 *
 * @throws Error when two different schemas declare the same name (a programming error).
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', schemas: Schemas): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs ?? {};
  delete json.$defs;
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  const names = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    const existing = schemas[name];
    if (existing === undefined || same(existing, relink(def, new Map()))) names.set(name, name);
    else if (io === 'input') names.set(name, `${name}Input`);
    else throw new Error(`OpenAPI: two different schemas are named ${name}`);
  }
  for (const [name, def] of Object.entries(defs)) {
    const target = names.get(name)!;
    const linked = relink(def, names) as JsonSchema;
    const existing = schemas[target];
    if (existing !== undefined && !same(existing, linked)) {
      throw new Error(`OpenAPI: two different schemas are named ${target}`);
    }
    schemas[target] = linked;
  }
  return relink(json, names) as JsonSchema;
}

/** The documented request body: absent when the operation takes no field, optional when none is required. */
interface RequestBody {
  required: boolean;
  content: { 'application/json': { schema: JsonSchema } };
}

/** Splits an input schema into path parameters, query parameters and the JSON body. */
function requestParts(op: Operation, schemas: Schemas): { parameters: unknown[]; body?: RequestBody } {
  const binding = op.http!;
  const input = schemaOf(op.input, 'input', schemas);
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
  if (rest.length === 0) return { parameters };
  const schema: JsonSchema = { ...input, properties: Object.fromEntries(rest) };
  if (op.example !== undefined) {
    schema.examples = [Object.fromEntries(Object.entries(op.example as object).filter(([name]) => !inPath.has(name)))];
  }
  schema.required = [...required].filter((name) => !inPath.has(name));
  if (schema.required.length === 0) delete schema.required;
  // An empty body is read as `{}`: the body is required only when some field is.
  const body = { required: schema.required !== undefined, content: { 'application/json': { schema } } };
  const text = binding.textBody;
  if (text) {
    const others = Object.fromEntries(rest.filter(([name]) => name !== text.field));
    Object.assign(body.content, {
      [text.mediaType]: { schema: { type: 'string', description: `o campo ${text.field}, como corpo` } },
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { [text.file]: { type: 'string', format: 'binary' }, ...others },
          required: [text.file],
        },
      },
    });
  }
  const upload = binding.fileBody;
  if (upload) {
    const others = Object.fromEntries(
      rest.filter(([name]) => name !== upload.field && name !== upload.typeField && name !== upload.nameField),
    );
    Object.assign(body.content, {
      'multipart/form-data': {
        schema: {
          type: 'object',
          description:
            `o arquivo na parte ${upload.file} (tipo ${upload.accept}*, até ${upload.maxBytes} bytes); ` +
            `nome e tipo vêm da própria parte`,
          properties: { [upload.file]: { type: 'string', format: 'binary' }, ...others },
          required: [upload.file],
        },
        encoding: { [upload.file]: { contentType: `${upload.accept}*` } },
      },
    });
  }
  return { parameters, body };
}

const errorContent = { content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` } } } };

/**
 * The error answers an operation can give (docs/decisions/errors-and-rest.md): 400 for any input,
 * 401 without valid credentials, 403 without the permission, 404 for an unknown id in the path,
 * 409 for a revision or state conflict on a write, 413 for a body over the limit. 429 is added by
 * `describeAccess`, which also drops 403 from public operations.
 */
function errorResponses(op: Operation): Record<string, unknown> {
  const method = op.http!.method;
  const out: Record<string, unknown> = {
    '400': { description: 'Requisição inválida: cada campo com problema em details', ...errorContent },
    '401': { description: 'auth-bearer ausente ou inválido', ...errorContent },
    '403': { description: `Sem a permissão ${op.permission}`, ...errorContent },
  };
  if (pathParams(op.http!.path).length > 0) out['404'] = { description: 'Registro não encontrado', ...errorContent };
  if (method !== 'GET') {
    out['409'] = { description: 'Conflito de revisão ou de estado', ...errorContent };
    out['413'] = { description: 'Corpo da requisição grande demais', ...errorContent };
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of every mounted operation, generated from the same zod schemas the
 * operations validate with, so the documentation cannot drift from the behaviour. Records are
 * `components.schemas` entries named by their schema (`Budget`, `Patient`…); errors answer `Error`.
 * Paths are documented exactly as bound, which is the spec's path where it gives one (`/budget/`, spec §4.1: a
 * contract), trailing slash included; the server also answers without it (Hono `strict: false`).
 *
 * @throws Error when two different schemas declare the same component name.
 */
export function buildOpenApi(registry: Registry, info: { version: string }): Record<string, unknown> {
  const schemas: Schemas = { Error: errorBody };
  const paths: Record<string, Record<string, unknown>> = {};
  const served = registry.list().filter((op) => op.http);
  // Answered forms are named first, whatever the registry's order: a request form of the same named
  // schema that differs (defaults, looser fields) then always becomes `<name>Input`.
  const answered = new Map(
    served.map((op) => [op, op.http!.emptyBody ? undefined : schemaOf(op.output, 'output', schemas)] as const),
  );
  const webhooks = webhookDocs(schemas);
  for (const op of served) {
    if (!op.http) continue;
    const { parameters, body } = requestParts(op, schemas);
    const status = String(op.http.status ?? 200);
    const output = answered.get(op);
    const success = output
      ? { description: op.summary, content: { 'application/json': { schema: output } } }
      : { description: op.summary };
    (paths[op.http.path] ??= {})[op.http.method.toLowerCase()] = {
      operationId: op.name,
      tags: [op.group],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
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
        'Erros respondem `{ error: { code, message, details: [{ path, message }] } }`. Os caminhos de coleção ' +
        'aceitam também a barra final da spec (`/budget/`).',
    },
    // Relative: the API is served where this document is.
    servers: [{ url: '/', description: 'Este servidor' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'auth-bearer' } },
      schemas,
    },
    paths,
    webhooks,
  };
}

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event of the catalogue, the POST the account's
 * endpoint receives, its Standard Webhooks headers and the payload schema.
 */
function webhookDocs(schemas: Schemas): Record<string, unknown> {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  const out: Record<string, unknown> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    out[type] = {
      post: {
        operationId: `webhook.event.${type}`,
        tags: ['Webhooks'],
        summary: WEBHOOK_EVENTS[type].description,
        description:
          'Assinado no padrão Standard Webhooks: HMAC-SHA256 com o segredo whsec_ do endereço sobre ' +
          '`webhook-id.webhook-timestamp.corpo`. Entrega ao menos uma vez, em ordem por registro: descarte ' +
          'um webhook-id já processado. Responda 2xx; 410 desativa o endereço.',
        security: [],
        parameters: [
          { name: 'webhook-id', in: 'header', ...header('id do evento (msg_…), igual em toda nova tentativa') },
          { name: 'webhook-timestamp', in: 'header', ...header('segundos desde 1970 da tentativa') },
          { name: 'webhook-signature', in: 'header', ...header('v1,<base64 da HMAC-SHA256>') },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaOf(payloadSchema(type), 'output', schemas) } },
        },
        responses: {
          '200': { description: 'Recebido' },
          '410': { description: 'Endereço desativado pelo receptor: não há novas entregas' },
        },
      },
    };
  }
  return out;
}
