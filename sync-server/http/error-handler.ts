import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { DomainError, isDomainError } from '#core/errors.js';
import { errorStatus } from './error-status.js';

/** Answers a DomainError as `{ error: { code, message, details } }` with its status. */
export function errorResponse(c: Context, error: DomainError): Response {
  return c.json(error.toJSON(), errorStatus[error.code] as ContentfulStatusCode);
}

/**
 * Hono's `onError`: domain errors keep their code; Hono's own HTTP errors keep their status; any
 * other error is logged and answered as a bare 500 so no stack trace or internal text ever leaves.
 */
export function onError(logger: Logger) {
  return (err: Error, c: Context): Response => {
    if (isDomainError(err)) return errorResponse(c, err);
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 401 ? 'unauthenticated' : err.status === 413 ? 'payload_too_large' : 'validation';
      return errorResponse(c, new DomainError(code, err.message || 'Requisição inválida'));
    }
    logger.error({ err, method: c.req.method, path: c.req.path }, 'unhandled error');
    return errorResponse(c, new DomainError('internal', 'Erro interno do servidor'));
  };
}

/** Hono's `notFound`: an unknown route is a JSON 404 like every other error. */
export function onNotFound(c: Context): Response {
  return errorResponse(
    c,
    new DomainError('not_found', 'Rota não encontrada', [{ path: 'route', message: `${c.req.method} ${c.req.path}` }]),
  );
}
