import type { Hono } from 'hono';
import type { Actor } from '../../core/actor.js';
import type { Clock } from '../../core/clock.js';
import type { IdGenerator } from '../../core/ids.js';
import { invoke } from '../../core/operation.js';
import type { Outbox } from '../../core/outbox.js';
import type { Registry } from '../../core/registry.js';
import type { Database } from '../../core/store/port.js';
import { requestInput, toHonoPath } from './request-input.js';

/** What mounting needs besides the registry: how to tell who calls, and the context pieces. */
export interface MountDeps {
  registry: Registry;
  database: Database;
  /** Resolves the caller of a request. @throws DomainError `unauthenticated`. */
  authenticate(headers: Headers): Promise<Actor>;
  clock: Clock;
  ids: IdGenerator;
  outbox: Outbox;
}

/**
 * Mounts every operation that has an HTTP binding as a REST route (DESIGN.md "One operation, defined
 * once"): no route is written by hand beside its operation. The caller's tenant decides the store
 * the operation sees.
 */
export function mountOperations(app: Hono, deps: MountDeps): void {
  for (const op of deps.registry.list()) {
    const binding = op.http;
    if (!binding) continue;
    app.on(binding.method, toHonoPath(binding.path), async (c) => {
      const actor = await deps.authenticate(c.req.raw.headers);
      const input = await requestInput(c, binding);
      const store = deps.database.forTenant(actor.tenantId);
      const output = await invoke(op, { store, actor, clock: deps.clock, ids: deps.ids, outbox: deps.outbox }, input);
      const status = binding.status ?? 200;
      if (binding.emptyBody || status === 204) return c.body(null, status);
      return c.json(output as object, status);
    });
  }
}
