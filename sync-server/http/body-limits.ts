/**
 * The request body limit of each route: the server's (`CLINIC_BODY_LIMIT`, 1 MiB by default) for every
 * route but those of operations taking a file upload ({@link HttpBinding.fileBody}), which take as much
 * as their file needs (file-body.ts). Applied before routing, by method and path.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '#core/errors.js';
import type { Operation } from '#core/operation.js';
import { fileBodyLimit } from './file-body.js';
import { untouchedIncoming } from './node-body.js';

/** A route's own limit: its method and a pattern of its path (trailing slash either way). */
interface RouteLimit {
  method: string;
  path: RegExp;
  maxBytes: number;
}

function pathPattern(path: string): RegExp {
  const escaped = path
    .replace(/\/+$/, '')
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

/** The routes with limits of their own among `operations`. */
export function uploadRouteLimits(operations: readonly Operation[]): RouteLimit[] {
  return operations.flatMap((op) =>
    op.http?.fileBody
      ? [{ method: op.http.method, path: pathPattern(op.http.path), maxBytes: fileBodyLimit(op.http.fileBody) }]
      : [],
  );
}

/**
 * The middleware refusing a body over its route's limit (413 `payload_too_large`). Under Node, a body
 * with a Content-Length (and no chunking) is judged by its header alone, as Hono's bodyLimit does,
 * without making it build a web Request around the socket to find out; a chunked one goes through
 * Hono's bodyLimit.
 */
export function limitBodies(defaultMax: number, routes: readonly RouteLimit[]): MiddlewareHandler {
  const tooLarge = (maxBytes: number) => (): never => {
    throw new DomainError('payload_too_large', 'Corpo da requisição grande demais', [
      { path: 'body', message: `máximo de ${maxBytes} bytes` },
    ]);
  };
  const limiters = new Map<number, MiddlewareHandler>();
  const limiter = (maxBytes: number) => {
    let found = limiters.get(maxBytes);
    if (!found) limiters.set(maxBytes, (found = bodyLimit({ maxSize: maxBytes, onError: tooLarge(maxBytes) })));
    return found;
  };
  return (c, next) => {
    const route =
      routes.length > 0 ? routes.find((r) => r.method === c.req.method && r.path.test(c.req.path)) : undefined;
    const maxBytes = route?.maxBytes ?? defaultMax;
    const headers = untouchedIncoming(c)?.headers;
    if (!headers || headers['transfer-encoding'] !== undefined) return limiter(maxBytes)(c, next);
    const length = headers['content-length'];
    const bodyless = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (!bodyless && length !== undefined && parseInt(length, 10) > maxBytes) tooLarge(maxBytes)();
    return next();
  };
}
