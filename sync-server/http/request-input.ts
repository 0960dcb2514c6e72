import type { Context } from 'hono';
import { DomainError } from '#core/errors.js';
import { isUuid } from '#core/ids.js';
import type { HttpBinding } from '#core/operation.js';
import { isMultipart, readFileBody } from './file-body.js';
import { readIncomingText, untouchedIncoming } from './node-body.js';

/** Names of the `{param}` segments of an operation path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** True for a path parameter holding a record id: `id` or `…Id`, unless the binding says otherwise. */
export function isRecordIdParam(binding: HttpBinding, name: string): boolean {
  return (name === 'id' || /Id$/.test(name)) && !binding.textIds?.includes(name);
}

/**
 * A record id from the path, lower-cased (ids are UUIDs; an upper-case copy names the same record).
 *
 * @throws DomainError `validation` naming the parameter when the text is not a UUID: a malformed id
 *   is a bad request (400), never a missing record (404), whatever the operation.
 */
function recordIdParam(name: string, value: string): string {
  if (!isUuid(value)) {
    throw new DomainError('validation', 'Requisição inválida', [
      { path: name, message: 'id malformado (esperado um UUID)' },
    ]);
  }
  return value.toLowerCase();
}

/**
 * Converts the spec's `{id}` path style to Hono's `:id`, without the trailing slash: the app runs with
 * `strict: false`, which matches `/budget` and `/budget/` alike only for routes registered without it.
 */
export function toHonoPath(path: string): string {
  const hono = path.replace(/\{([^}]+)\}/g, ':$1');
  return hono.length > 1 ? hono.replace(/\/+$/, '') : hono;
}

function hasBody(method: HttpBinding['method']): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}

async function readJsonBody(c: Context, binding: HttpBinding): Promise<Record<string, unknown>> {
  const incoming = untouchedIncoming(c);
  const text = incoming ? await readIncomingText(incoming) : await c.req.text();
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (binding.textBody) {
    const whole = await readTextBody(c, binding.textBody, type, text);
    if (whole) return whole;
  }
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new DomainError('validation', 'Content-Type deve ser application/json', [
      { path: 'header.Content-Type', message: `recebido "${type || 'nenhum'}", esperado application/json` },
    ]);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw new DomainError('validation', 'JSON malformado', [{ path: 'body', message: (e as Error).message }]);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('validation', 'O corpo deve ser um objeto JSON', [
      { path: 'body', message: 'esperado um objeto' },
    ]);
  }
  return body as Record<string, unknown>;
}

/**
 * The input of an operation whose text field may come whole ({@link HttpBinding.textBody}): the raw
 * body of its media type (other fields from the query string), or a multipart upload (the file part
 * is the field, the other parts the other fields). Undefined for any other media type (read as JSON).
 * @throws DomainError `validation` for an upload without the file part.
 */
async function readTextBody(
  c: Context,
  textBody: NonNullable<HttpBinding['textBody']>,
  type: string,
  text: string,
): Promise<Record<string, unknown> | undefined> {
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  if (mediaType === textBody.mediaType) return { ...readQuery(c), [textBody.field]: text.replace(/^\uFEFF/, '') };
  if (mediaType !== 'multipart/form-data') return undefined;
  let form: FormData;
  try {
    form = await new Response(text, { headers: { 'content-type': type } }).formData();
  } catch (e) {
    throw new DomainError('validation', 'Upload malformado', [{ path: 'body', message: (e as Error).message }]);
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (name === textBody.file) continue;
    if (typeof value === 'string') out[name] = value;
  }
  const file = form.get(textBody.file);
  if (file === null) {
    throw new DomainError('validation', `Envie o arquivo no campo ${textBody.file}`, [
      { path: textBody.file, message: 'arquivo ausente' },
    ]);
  }
  out[textBody.field] = (typeof file === 'string' ? file : await file.text()).replace(/^\uFEFF/, '');
  return out;
}

function readQuery(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/**
 * Builds an operation's input from a request: path parameters, plus the query string (GET, DELETE)
 * or the JSON body (POST, PUT, PATCH). A body field that contradicts a path parameter is refused.
 *
 * @throws DomainError `validation` for a non-JSON Content-Type, malformed JSON, a body that is not an
 *   object, or a body field that disagrees with the path.
 */
export async function requestInput(c: Context, binding: HttpBinding): Promise<Record<string, unknown>> {
  const params: Record<string, string> = {};
  for (const name of pathParams(binding.path)) {
    const value = c.req.param(name) ?? '';
    params[name] = isRecordIdParam(binding, name) ? recordIdParam(name, value) : value;
  }
  const rest = !hasBody(binding.method)
    ? readQuery(c)
    : binding.fileBody && isMultipart(c)
      ? await readFileBody(c, binding.fileBody)
      : await readJsonBody(c, binding);
  for (const [name, value] of Object.entries(params)) {
    const given = rest[name];
    const same = typeof given === 'string' && (isRecordIdParam(binding, name) ? given.toLowerCase() : given) === value;
    if (name in rest && !same) {
      throw new DomainError('validation', 'Campo contradiz o caminho', [
        { path: name, message: 'difere do valor no caminho' },
      ]);
    }
  }
  return { ...rest, ...params };
}
