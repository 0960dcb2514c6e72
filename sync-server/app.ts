import { Hono } from 'hono';
import { SCHEMA_VERSION_HEADER } from '#core/sync/schema-version.js';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import type { Actor } from '#core/actor.js';
import type { Registry } from '#core/registry.js';
import type { Database } from '#core/store/port.js';
import type { RequestMeta } from './auth/authenticate.js';
import { describeAccess } from './auth/openapi-security.js';
import { RateLimitedError } from './auth/rate-limit.js';
import { mountDocs } from './http/docs.js';
import { onError, onNotFound } from './http/error-handler.js';
import { mountOperations, type MountDeps } from './http/mount.js';
import type { OperationContexts } from './operation-context.js';
import { limitBodies, uploadRouteLimits } from './http/body-limits.js';
import { buildOpenApi } from './http/openapi.js';

/** What the app is built from; nothing here listens on a port, so tests use `app.request()`. */
export interface AppDeps {
  registry: Registry;
  database: Database;
  /** Resolves the caller; `request` carries its address and route for rate limits and the audit log. */
  authenticate(headers: Headers, request: RequestMeta): Promise<Actor>;
  logger: Logger;
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** Checks the database answers; `/health` reports 503 when it throws. */
  ping(): Promise<void>;
  version: string;
  /**
   * Every operation's context (sync-server/operation-context.ts): the server's own in production;
   * tests build theirs with the in-memory outbox and number source they need.
   */
  contexts: OperationContexts;
  /** Runs at the end of each request before the answer leaves (writes the audit log). */
  settle?: MountDeps['settle'];
  /** Client addresses come from `X-Forwarded-For` (`CLINIC_TRUST_PROXY`). */
  trustProxy?: boolean;
}

/**
 * Builds the sync server's Hono app: health, OpenAPI document, API reference, and every operation of
 * the registry as a REST route. Trailing slashes are accepted both ways (`strict: false`).
 */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono({ strict: false });
  app.use(secureHeaders());
  // Desks load the renderer from file:// (Origin: null) or another port. Credentials travel in headers,
  // never cookies, so allowing any origin exposes nothing a caller without the key could not reach.
  const preflight = cors({
    origin: '*',
    // The schema version header is how an installation's sync says which build it is (426 when old).
    allowHeaders: ['auth-bearer', 'authorization', 'content-type', SCHEMA_VERSION_HEADER],
    exposeHeaders: ['retry-after'],
    maxAge: 600,
  });
  // Other requests get the same two headers Hono's cors sets, added to the answer once it exists:
  // cors writes them into an empty Response before the handler runs, which makes Hono copy every
  // answer into a streamed one (and @hono/node-server build real undici Responses for both).
  app.use(async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', 'retry-after');
  });
  app.use(async (c, next) => {
    // Below `info` (LOG_LEVEL=warn) the line would be dropped anyway: skip building it.
    if (!deps.logger.isLevelEnabled('info')) return next();
    const started = performance.now();
    await next();
    // Method, route and status only: query strings and bodies may carry patient data.
    deps.logger.info(
      {
        method: c.req.method,
        path: c.req.routePath,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  // The server's body limit, and the larger one of each upload route (an attendance's audio).
  app.use(limitBodies(deps.bodyLimit, uploadRouteLimits(deps.registry.list())));
  const answerError = onError(deps.logger);
  app.onError((err, c) => {
    const res = answerError(err, c);
    // A 429 says when to come back (RFC 6585 §4), so clients wait instead of hammering.
    if (err instanceof RateLimitedError) res.headers.set('Retry-After', String(err.retryAfterSeconds));
    return res;
  });
  app.notFound(onNotFound);

  app.get('/health', async (c) => {
    try {
      await deps.ping();
      return c.json({ status: 'ok', version: deps.version, time: new Date().toISOString() });
    } catch (err) {
      deps.logger.error({ err }, 'health check failed');
      return c.json({ status: 'unavailable', version: deps.version }, 503);
    }
  });
  const openApi = describeAccess(buildOpenApi(deps.registry, { version: deps.version }), deps.registry);
  app.get('/openapi.json', (c) => c.json(openApi));
  mountDocs(app);
  mountOperations(app, {
    registry: deps.registry,
    database: deps.database,
    authenticate: (headers, request) => deps.authenticate(headers, request),
    contexts: deps.contexts,
    ...(deps.settle ? { settle: deps.settle } : {}),
    trustProxy: deps.trustProxy ?? false,
  });
  return app;
}
