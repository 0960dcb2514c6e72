/**
 * The domain core running on this installation's own database (docs/architecture.md "The shape": the renderer
 * calls each operation's `run` locally on RxDB), so every screen works with the network cable pulled.
 * Replication (sync.ts) keeps the same database in step with the server.
 */
import type { RxStorage } from 'rxdb';
import type { z } from 'zod';
import type { Actor } from '#core/actor.js';
import { systemClock, type Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { memoryNumberSource, type NumberSource } from '#core/numbering/number-source.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { storeOutbox } from '#core/messaging/store-outbox.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import { openRxdbDatabase, type RxdbDatabase } from '#core/store/rxdb/index.js';
import { localCollections } from './collections.js';

/** An open local core: the database, and operations run on it as one actor. */
export interface LocalCore {
  readonly database: RxdbDatabase;
  readonly tenantId: string;
  readonly collections: readonly AnyCollectionDef[];
  /** The context operations get (store confined to the tenant, the signed-in person as actor). */
  context(actor: Actor): OperationContext;
  /** Where budget and ticket numbers come from (an enrolled desk's leased blocks). */
  readonly numbers: NumberSource;
  /**
   * Runs `op` locally as `actor`, exactly as the server would: permission, input schema, the rules.
   * @throws DomainError as the operation does (`validation` with the fields, `conflict`, …).
   */
  run<I extends z.ZodType, O extends z.ZodType>(
    op: Operation<I, O>,
    input: z.input<I>,
    actor: Actor,
  ): Promise<z.output<O>>;
  close(): Promise<void>;
}

/** What {@link openLocalCore} needs. */
export interface LocalCoreOptions {
  /** IndexedDB name prefix (RxDB's rule: lowercase letters, digits, `_`, `$`, `-`). */
  name: string;
  tenantId: string;
  /** `dexieStorage()` in the browser, `memoryStorage()` in unit tests. */
  storage: RxStorage<unknown, unknown>;
  collections?: readonly AnyCollectionDef[];
  clock?: Clock;
  /**
   * Where budget and ticket numbers come from: an enrolled desk's leased blocks, built on the opened
   * database's store (blocks live in it); a counter in memory when absent (demo, tests).
   */
  numbers?: NumberSource | ((store: Store) => NumberSource);
  multiInstance?: boolean;
}

/** A database name for a tenant: RxDB accepts only lowercase letters, digits, `_`, `$` and `-`. */
export function databaseNameFor(tenantId: string): string {
  return `clinic-${tenantId.toLowerCase().replace(/[^a-z0-9_$-]/g, '-')}`;
}

/**
 * Opens (creating when new) the installation's database and binds the catalogue's operations to it.
 * @throws Error when RxDB refuses the database (e.g. the same name already open in this tab).
 */
export async function openLocalCore(options: LocalCoreOptions): Promise<LocalCore> {
  const collections = options.collections ?? localCollections;
  const database = await openRxdbDatabase({
    name: options.name,
    storage: options.storage,
    collections,
    multiInstance: options.multiInstance ?? true,
  });
  const clock = options.clock ?? systemClock;
  const numbers =
    typeof options.numbers === 'function'
      ? options.numbers(database.forTenant(options.tenantId))
      : (options.numbers ?? memoryNumberSource());
  // Messages (a budget sent to the patient, confirmations) are queued in the desk's own outbox_messages,
  // which sync pushes: the server's delivery worker sends them, and their status syncs back.
  const outbox = storeOutbox(database.forTenant(options.tenantId), clock, uuidV7Ids);
  const context = (actor: Actor): OperationContext => {
    if (actor.tenantId !== options.tenantId) throw new Error('o usuário não pertence à conta desta estação');
    return { store: database.forTenant(options.tenantId), actor, clock, ids: uuidV7Ids, outbox, numbers };
  };
  return {
    database,
    tenantId: options.tenantId,
    collections,
    context,
    numbers,
    run: (op, input, actor) => invoke(op, context(actor), input),
    close: () => database.close(),
  };
}
