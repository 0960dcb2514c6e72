import type { Registry } from '#core/registry.js';

type Doc = Record<string, unknown> & {
  components?: { securitySchemes?: Record<string, unknown> };
  paths?: Record<string, Record<string, Record<string, unknown>>>;
};

/**
 * Completes the OpenAPI document with how clinic users authenticate (HTTP Bearer, the access token
 * of `POST /session/`) beside integrators' `auth-bearer`, marks public operations as needing
 * neither, and documents the 429 every route may answer. Changes `doc` in place and returns it.
 */
export function describeAccess<T extends Doc>(doc: T, registry: Registry): T {
  doc.components ??= {};
  doc.components.securitySchemes = {
    ...doc.components.securitySchemes,
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'Access token de POST /session/ (usuários da clínica), válido por 10 minutos.',
    },
  };
  (doc as Record<string, unknown>).security = [{ apiKey: [] }, { bearer: [] }];
  for (const op of registry.list()) {
    if (!op.http) continue;
    const entry = doc.paths?.[op.http.path]?.[op.http.method.toLowerCase()];
    if (!entry) continue;
    if (op.public) {
      entry.security = [];
      const responses = entry.responses as Record<string, unknown>;
      delete responses['403'];
    }
    (entry.responses as Record<string, unknown>)['429'] = {
      description: 'Muitas tentativas: espere os segundos do cabeçalho Retry-After',
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'segundos' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return doc;
}
