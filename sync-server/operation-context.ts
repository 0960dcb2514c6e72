/**
 * The one place the server builds an operation's context (docs/architecture.md "From request to
 * row"): REST routes, sync pushes and the panel feed all ask it, so the store, the outbox and the
 * number source an operation sees are the same whoever calls.
 */
import { closedStore } from '#core/access/closed-store.js';
import type { Actor } from '#core/actor.js';
import type { Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import type { NumberSource } from '#core/numbering/number-source.js';
import type { CallOrigin, OperationContext } from '#core/operation.js';
import type { Outbox } from '#core/outbox.js';
import type { Database, Store } from '#core/store/port.js';

/** The tenant of messages that belong to no clinic yet (sign-up, password reset); never replicated. */
export const SERVER_TENANT = 'server';

/** What every context is made of. Tests give in-memory pieces (`memoryOutbox`, `memoryNumberSource`). */
export interface ContextParts {
  database: Database;
  clock: Clock;
  ids: IdGenerator;
  /** The outbox an operation enqueues into, writing through the store the operation sees. */
  outbox(store: Store): Outbox;
  /** The tenant's human sequence numbers (the server's counter: `serverNumberSource`). */
  numbers(tenantId: string): NumberSource;
  /**
   * Wraps the tenant store an actor's call receives: the guarded store, which checks the actor's
   * permissions on patient data and logs every read and write of it. As is when absent.
   */
  guard?(store: Store, actor: Actor, origin: CallOrigin | undefined): Store;
}

/** Builds contexts; one per server. */
export interface OperationContexts {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The context of a call by `actor` (a REST request, a system reader): its tenant's store, guarded. */
  forActor(actor: Actor, origin?: CallOrigin): OperationContext;
  /**
   * The context of the server's own reader (the panel feed): the tenant's store unguarded, as no
   * person reads through it; no audit entry is written for it.
   */
  forSystem(actor: Actor): OperationContext;
  /**
   * The context of a public operation (sign-up, forgot password): a store that refuses every use,
   * and an outbox in the server's own tenant, which no installation replicates (reset tokens never
   * leave the server).
   */
  forPublic(actor: Actor, origin?: CallOrigin): OperationContext;
  /** The store `actor`'s writes go through outside an operation (a sync push): guarded as in {@link forActor}. */
  storeFor(actor: Actor, origin: CallOrigin | undefined, base?: Store): Store;
}

/** The contexts of one server over `parts`. */
export function operationContexts(parts: ContextParts): OperationContexts {
  const storeFor = (actor: Actor, origin: CallOrigin | undefined, base?: Store): Store => {
    const store = base ?? parts.database.forTenant(actor.tenantId);
    return parts.guard ? parts.guard(store, actor, origin) : store;
  };
  const context = (actor: Actor, store: Store, outboxStore: Store, origin?: CallOrigin): OperationContext => ({
    store,
    actor,
    clock: parts.clock,
    ids: parts.ids,
    outbox: parts.outbox(outboxStore),
    numbers: parts.numbers(actor.tenantId),
    ...(origin ? { origin } : {}),
  });
  return {
    clock: parts.clock,
    ids: parts.ids,
    forActor(actor, origin) {
      const store = storeFor(actor, origin);
      return context(actor, store, store, origin);
    },
    forSystem(actor) {
      const store = parts.database.forTenant(actor.tenantId);
      return context(actor, store, store);
    },
    forPublic(actor, origin) {
      return context(actor, closedStore, parts.database.forTenant(SERVER_TENANT), origin);
    },
    storeFor,
  };
}
