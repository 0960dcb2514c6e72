import type { Hono } from 'hono';
import { anonymousActor, type Actor } from '#core/actor.js';
import { invoke, type Operation } from '#core/operation.js';
import { checkReferences } from '#core/references.js';
import type { Registry } from '#core/registry.js';
import type { Database } from '#core/store/port.js';
import type { RequestMeta } from '../auth/authenticate.js';
import { requestOrigin } from '../auth/origin.js';
import type { OperationContexts } from '../operation-context.js';
import { requestInput, toHonoPath } from './request-input.js';

export { SERVER_TENANT } from '../operation-context.js';

/** What mounting needs besides the registry: how to tell who calls, and how to build its context. */
export interface MountDeps {
  registry: Registry;
  database: Database;
  /** Resolves the caller of a request. @throws DomainError `unauthenticated`. */
  authenticate(headers: Headers, request: RequestMeta): Promise<Actor>;
  /** The server's one context builder (sync-server/operation-context.ts). */
  contexts: OperationContexts;
  /**
   * Runs when a request ends, answered or failed, before the answer leaves: writes the audit entries
   * it produced, so nothing is answered that the audit log does not hold.
   */
  settle?(): Promise<void>;
  /** Whether the client address comes from `X-Forwarded-For` (behind one reverse proxy). */
  trustProxy?: boolean;
}

/**
 * Mounts every operation that has an HTTP binding as a REST route (docs/architecture.md "One operation, defined
 * once"): no route is written by hand beside its operation. The caller's tenant decides the store
 * the operation sees; public operations (login…) get no actor and a store that refuses every use.
 */
export function mountOperations(app: Hono, deps: MountDeps): void {
  for (const op of literalsFirst(deps.registry.list())) {
    const binding = op.http;
    if (!binding) continue;
    const route = `${binding.method} ${binding.path}`;
    app.on(binding.method, toHonoPath(binding.path), async (c) => {
      const origin = requestOrigin(c, deps.trustProxy ?? false);
      try {
        const actor = op.public ? anonymousActor : await deps.authenticate(c.req.raw.headers, { ...origin, route });
        const input = await requestInput(c, binding);
        const context = op.public ? deps.contexts.forPublic(actor, origin) : deps.contexts.forActor(actor, origin);
        // Referenced ids are looked up in the tenant's own store, not the guarded one: checking that
        // a patient exists is not reading their record (no audit entry, no patient:read needed).
        const references = op.public ? undefined : deps.database.forTenant(actor.tenantId);
        const output = await invoke(op, context, input, {
          beforeRun: (parsed) => (references ? checkReferences(references, op.input, parsed) : Promise.resolve()),
        });
        const status = binding.status ?? 200;
        if (binding.emptyBody || status === 204) return c.body(null, status);
        return c.json(output as object, status);
      } finally {
        await deps.settle?.();
      }
    });
  }
}

/**
 * The operations in mounting order: where two paths could both match a request, the one with a
 * literal segment where the other has a parameter comes first (`/medicalRecord/config` before
 * `/medicalRecord/{id}`), because Hono runs the first registered match. Otherwise the registry's
 * order is kept (the sort is stable), so a module lists its operations in whatever order reads best.
 */
export function literalsFirst(ops: readonly Operation[]): Operation[] {
  const shape = (op: Operation): number[] =>
    (op.http?.path ?? '').split('/').map((segment) => (segment.startsWith('{') ? 1 : 0));
  const compare = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  return [...ops].sort((a, b) => compare(shape(a), shape(b)));
}
