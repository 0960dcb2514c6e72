/**
 * Test-only: a real store (RxDB memory, the renderer's engine) holding every master-data collection,
 * and a way to run operations on it as an actor, exactly as the renderer and the server do.
 */
import type { RxStorage } from 'rxdb';
import type { z } from 'zod';
import type { Actor } from '#core/actor.js';
import { fixedClock, type Clock } from '#core/clock.js';
import { isDomainError, type DomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { invoke, type Operation, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import type { Database } from '#core/store/port.js';
import { memoryStorage, openRxdbDatabase } from '#core/store/rxdb/index.js';
import { moduleCollections } from '#core/module.js';
import { installOpened } from '#core/module-testing.js';
import { clinicModule } from '#core/clinic/module.js';
import { insuranceModule } from '#core/insurance/module.js';
import { patientModule } from '#core/patient/module.js';
import { priceModule } from '#core/price/module.js';
import { specialtyModule } from '#core/specialty/module.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';

/** Every collection of the master-data groups. */
export const masterDataCollections: readonly AnyCollectionDef[] = moduleCollections(
  clinicModule,
  patientModule,
  specialtyModule,
  insuranceModule,
  priceModule,
);

/** The instant tests run at: 2026-11-23 09:00 in São Paulo. */
export const TEST_NOW = '2026-11-23T12:00:00.000Z';

/** An open test store and helpers bound to it. */
export interface MasterDataHarness {
  database: Database;
  /** Context of an actor holding `*` on tenant `t1`. */
  ctx: OperationContext;
  /** Runs `op` with `input` as {@link MasterDataHarness.ctx}'s actor (or another one). */
  run<I extends z.ZodType, O extends z.ZodType>(
    op: Operation<I, O>,
    input: z.input<I>,
    actor?: Actor,
  ): Promise<z.output<O>>;
  /** The DomainError `op` fails with; fails the test when it succeeds. */
  failure(op: Operation, input: unknown, actor?: Actor): Promise<DomainError>;
  close(): Promise<void>;
}

let opened = 0;
const run = Math.random().toString(36).slice(2, 8);

/** An actor of tenant `t1` with the given permissions (`*` by default). */
export function testActor(permissions: readonly string[] = ['*'], tenantId = 't1'): Actor {
  return { kind: 'user', id: 'user-recepcao', tenantId, permissions: new Set(permissions) };
}

/**
 * Opens a fresh RxDB database (memory by default) with the master-data collections plus `extra`.
 * @param clock the clock operations see; fixed at {@link TEST_NOW} by default.
 * @param storage where documents live: the desk's Dexie storage over fake-indexeddb in tests of the desk's read path.
 */
export async function openMasterData(
  extra: readonly AnyCollectionDef[] = [],
  clock: Clock = fixedClock(TEST_NOW),
  storage: RxStorage<unknown, unknown> = memoryStorage(),
): Promise<MasterDataHarness> {
  const collections = [...masterDataCollections, ...extra];
  // What the modules declare about them (policies, patient references, sync rules), as the catalogue does.
  installOpened(collections);
  const database = await openRxdbDatabase({
    name: `master-data-${run}-${++opened}`,
    storage,
    collections,
    multiInstance: false,
  });
  const contextFor = (actor: Actor): OperationContext => ({
    store: database.forTenant(actor.tenantId),
    actor,
    clock,
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: memoryNumberSource(),
  });
  const ctx = contextFor(testActor());
  return {
    database,
    ctx,
    run: (op, input, actor) => invoke(op, actor ? contextFor(actor) : ctx, input),
    async failure(op, input, actor) {
      try {
        await invoke(op, actor ? contextFor(actor) : ctx, input);
      } catch (error) {
        if (isDomainError(error)) return error;
        throw error;
      }
      throw new Error(`${op.name} should have failed`);
    },
    close: () => database.close(),
  };
}
