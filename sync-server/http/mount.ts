import type { Hono } from 'hono';
import { closedStore } from '../../core/access/closed-store.js';
import { anonymousActor, type Actor } from '../../core/actor.js';
import type { Clock } from '../../core/clock.js';
import type { IdGenerator } from '../../core/ids.js';
import { invoke, type CallOrigin } from '../../core/operation.js';
import type { NumberSource } from '../../core/numbering/number-source.js';
import type { Outbox } from '../../core/outbox.js';
import { checkReferences } from '../../core/references.js';
import type { Registry } from '../../core/registry.js';
import type { Database, Store } from '../../core/store/port.js';
import type { RequestMeta } from '../auth/authenticate.js';
import { requestOrigin } from '../auth/origin.js';
import { requestInput, toHonoPath } from './request-input.js';

/** The tenant of messages that belong to no clinic yet (sign-up, password reset); never replicated. */
export const SERVER_TENANT = 'server';

/** What mounting needs besides the registry: how to tell who calls, and the context pieces. */
export interface MountDeps {
  registry: Registry;
  database: Database;
  /** Resolves the caller of a request. @throws DomainError `unauthenticated`. */
  authenticate(headers: Headers, request: RequestMeta): Promise<Actor>;
  clock: Clock;
  ids: IdGenerator;
  /** The outbox an operation enqueues into, writing through the store the operation sees. */
  outbox(store: Store): Outbox;
  /** The tenant's human sequence numbers. */
  numbers(tenantId: string): NumberSource;
  /**
   * Wraps the tenant store an operation receives: the guarded store, which checks the actor's
   * permissions on patient data and logs every read and write of it. As is when absent.
   */
  guard?(store: Store, actor: Actor, origin: CallOrigin): Store;
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
  for (const op of deps.registry.list()) {
    const binding = op.http;
    if (!binding) continue;
    const route = `${binding.method} ${binding.path}`;
    app.on(binding.method, toHonoPath(binding.path), async (c) => {
      const origin = requestOrigin(c, deps.trustProxy ?? false);
      try {
        const actor = op.public ? anonymousActor : await deps.authenticate(c.req.raw.headers, { ...origin, route });
        const input = await requestInput(c, binding);
        let store = op.public ? closedStore : deps.database.forTenant(actor.tenantId);
        if (deps.guard && !op.public) store = deps.guard(store, actor, origin);
        // Public operations (sign-up, forgot password) have no tenant store; their mail waits in the
        // server's own tenant, which no installation replicates (reset tokens never leave the server).
        const outboxStore = op.public ? deps.database.forTenant(SERVER_TENANT) : store;
        const context = {
          store,
          actor,
          clock: deps.clock,
          ids: deps.ids,
          outbox: deps.outbox(outboxStore),
          numbers: deps.numbers(actor.tenantId),
          origin,
        };
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
