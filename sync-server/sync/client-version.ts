/**
 * Refuses sync requests of installations older than the server's minimum schema version
 * (core/sync/schema-version.ts) before they read or write anything: an old installation must update,
 * never push documents in a shape the server would misread.
 */
import type { MiddlewareHandler } from 'hono';
import { DomainError } from '#core/errors.js';
import {
  declaredSchemaVersion,
  MIN_SYNC_SCHEMA_VERSION,
  SCHEMA_VERSION_HEADER,
  UPGRADE_REQUIRED_MESSAGE,
} from '#core/sync/schema-version.js';

/**
 * Middleware for `/sync/*`.
 *
 * @param minimum the oldest version accepted (default {@link MIN_SYNC_SCHEMA_VERSION})
 * @throws DomainError `upgrade_required` (426) for an older installation, `validation` (400) for a
 *   malformed header
 */
export function requireClientSchema(minimum = MIN_SYNC_SCHEMA_VERSION): MiddlewareHandler {
  return async (c, next) => {
    const version = declaredSchemaVersion(c.req.header(SCHEMA_VERSION_HEADER));
    if (Number.isNaN(version)) {
      throw new DomainError('validation', 'Requisição inválida', [
        { path: SCHEMA_VERSION_HEADER, message: 'deve ser um inteiro não negativo' },
      ]);
    }
    if (version < minimum) {
      throw new DomainError('upgrade_required', UPGRADE_REQUIRED_MESSAGE, [
        { path: SCHEMA_VERSION_HEADER, message: `versão ${version}; o servidor exige ${minimum} ou mais` },
      ]);
    }
    await next();
  };
}
