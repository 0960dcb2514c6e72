/**
 * How the administration area writes. A connected desk pushes its local writes as an installation,
 * which the server holds to reception's permissions (sync-server/sync/devices.ts): a clinic or a
 * schedule changed on the local core would come back refused, as a conflict to review. So set-up
 * changes go to the server's own route for the same operation, as the signed-in admin (their
 * access token), and reach this desk's database by the next pull; reads stay local. The demo desk,
 * which has no server, runs them on the local core. Offline, nothing is written: the screen says so.
 */
import type { z } from 'zod';
import { DomainError, isDomainError, validationError, type ErrorCode } from '#core/errors.js';
import type { Operation } from '#core/operation.js';

/** An operation call as the server's REST route takes it. */
export interface ServerRequest {
  method: string;
  /** Path with the `{param}` segments filled and, for GET and DELETE, the query string. */
  path: string;
  /** JSON body for POST, PUT and PATCH. */
  body?: Record<string, unknown>;
}

/**
 * The REST request of `op` with `input` (spec §4: each operation's `http` binding): path parameters
 * from the input, the rest as the JSON body (POST, PUT, PATCH) or the query string (GET, DELETE).
 * @throws Error when `op` has no HTTP binding (a programming error).
 */
export function serverRequest(op: Operation<z.ZodType, z.ZodType>, input: Record<string, unknown>): ServerRequest {
  const binding = op.http;
  if (!binding) throw new Error(`${op.name} não tem rota HTTP`);
  const rest: Record<string, unknown> = { ...input };
  const path = binding.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
  if (binding.method === 'POST' || binding.method === 'PUT' || binding.method === 'PATCH')
    return { method: binding.method, path, body: rest };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  const text = query.toString();
  return { method: binding.method, path: text ? `${path}?${text}` : path };
}

/** Where and as whom {@link runOnServer} calls. */
export interface ServerTarget {
  baseUrl: string;
  accessToken: string;
  fetch: typeof fetch;
}

/**
 * Runs `op` on the server as the access token's holder. The input is checked here first with the
 * operation's own schema, so a refused field shows its pt-BR message at once and no request goes.
 * @throws DomainError as the server answers (`validation` with the fields, `conflict`, `forbidden`…),
 *   or `internal` with "Sem conexão com o servidor" when it cannot be reached.
 */
export async function runOnServer<I extends z.ZodType, O extends z.ZodType>(
  target: ServerTarget,
  op: Operation<I, O>,
  input: z.input<I>,
): Promise<z.output<O>> {
  const parsed = op.input.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const request = serverRequest(op, input as Record<string, unknown>);
  let response: Response;
  try {
    response = await target.fetch(`${target.baseUrl.replace(/\/+$/, '')}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${target.accessToken}`,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch {
    throw new DomainError('internal', 'Sem conexão com o servidor: tente de novo quando a conexão voltar');
  }
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (response.ok) return body as z.output<O>;
  const error = (body as { error?: { code?: ErrorCode; message?: string; details?: DomainError['details'] } } | null)
    ?.error;
  if (response.status === 401)
    throw new DomainError('unauthenticated', 'Sua sessão no servidor expirou: saia e entre de novo');
  throw new DomainError(error?.code ?? 'internal', error?.message ?? `O servidor respondeu ${response.status}`, [
    ...(error?.details ?? []),
  ]);
}

/** True when `error` says the server could not be reached (see {@link runOnServer}). */
export function isUnreachable(error: unknown): boolean {
  return isDomainError(error) && error.code === 'internal' && error.message.startsWith('Sem conexão');
}
