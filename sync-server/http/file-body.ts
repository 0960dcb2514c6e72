/**
 * Binary uploads ({@link HttpBinding.fileBody}): a `multipart/form-data` body whose `file` part becomes
 * the operation's base64 field, with the part's file name and media type, read as bytes (the text path
 * of request-input.ts would corrupt them) and bounded by the route's own limit.
 */
import type { Context } from 'hono';
import { DomainError } from '#core/errors.js';
import type { HttpBinding } from '#core/operation.js';
import { BodyTooLarge, readIncomingBytes, untouchedIncoming } from './node-body.js';

type FileBody = NonNullable<HttpBinding['fileBody']>;

/** Room for the multipart boundaries, part headers and the other (short) fields. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The largest request body a route with `fileBody` takes: the file in base64 inside JSON (4/3 of it) or
 * as a multipart part, plus {@link MULTIPART_OVERHEAD}.
 */
export function fileBodyLimit(fileBody: FileBody): number {
  return Math.ceil(fileBody.maxBytes / 3) * 4 + MULTIPART_OVERHEAD;
}

const tooLarge = (fileBody: FileBody) =>
  new DomainError('payload_too_large', 'Arquivo grande demais', [
    { path: fileBody.file, message: `máximo de ${fileBody.maxBytes} bytes` },
  ]);

/** True when the request is a multipart upload (the only form {@link readFileBody} reads). */
export function isMultipart(c: Context): boolean {
  return /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');
}

/**
 * The input fields of a multipart upload: each text part by name, and the file part as
 * `field` (base64), `nameField` and `typeField`.
 * @throws DomainError `payload_too_large` past the limit; `validation` for a malformed upload, a missing
 *   or empty file part, or a media type that does not start with `accept`.
 */
export async function readFileBody(c: Context, fileBody: FileBody): Promise<Record<string, unknown>> {
  const limit = fileBodyLimit(fileBody);
  const incoming = untouchedIncoming(c);
  let bytes: Uint8Array;
  try {
    bytes = incoming ? await readIncomingBytes(incoming, limit) : new Uint8Array(await c.req.arrayBuffer());
  } catch (error) {
    if (error instanceof BodyTooLarge) throw tooLarge(fileBody);
    throw error;
  }
  if (bytes.byteLength > limit) throw tooLarge(fileBody);
  let form: FormData;
  try {
    const type = c.req.header('content-type') ?? '';
    form = await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch (e) {
    throw new DomainError('validation', 'Upload malformado', [{ path: 'body', message: (e as Error).message }]);
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (name !== fileBody.file && typeof value === 'string') out[name] = value;
  }
  const file = form.get(fileBody.file);
  if (file === null || typeof file === 'string' || file.size === 0) {
    throw new DomainError('validation', `Envie o arquivo no campo ${fileBody.file}`, [
      { path: fileBody.file, message: file === null ? 'arquivo ausente' : 'arquivo vazio' },
    ]);
  }
  if (file.size > fileBody.maxBytes) throw tooLarge(fileBody);
  const mediaType = file.type.split(';')[0]!.trim().toLowerCase();
  if (!mediaType.startsWith(fileBody.accept)) {
    throw new DomainError('validation', 'Tipo de arquivo não aceito', [
      { path: fileBody.file, message: `esperado ${fileBody.accept}*, recebido "${file.type || 'nenhum'}"` },
    ]);
  }
  out[fileBody.field] = Buffer.from(await file.arrayBuffer()).toString('base64');
  if (file.name && out[fileBody.nameField] === undefined) out[fileBody.nameField] = file.name;
  out[fileBody.typeField] = file.type;
  return out;
}
