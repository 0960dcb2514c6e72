/**
 * The port's Store over SQL: a tenant, the declared collections, and transactions.
 */
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Collection, Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import type { StoreTables } from './layout.js';
import type { StoreGuard } from '#core/access/store-guard.js';
import { atomically, currentSession, type Session, type SessionSource } from './session.js';
import { SqlCollection } from './sql-collection.js';

/** What the stores of one open database share: sessions plus the collections declared at open. */
export interface StoreContext extends SessionSource {
  /** By name; the declaration given at open fixes the table's columns. */
  readonly collections: ReadonlyMap<string, CollectionDef<RecordBase>>;
}

/**
 * A tenant-scoped store; bound to a transaction when handed to `transaction`'s work. With a guard
 * (`withGuard`, core/access/guarded-store.ts `guardStore`), its collections check the actor's
 * permissions and log audit entries themselves: the guard is a hook of this adapter, not a store
 * wrapped around it (STORE-015).
 */
export class SqlStore implements Store {
  constructor(
    private readonly context: StoreContext,
    readonly tenantId: string,
    private readonly bound: Session | undefined,
    private readonly guard?: StoreGuard,
  ) {}

  /** This store (tenant, transaction) checked and audited through `guard`. */
  withGuard(guard: StoreGuard): SqlStore {
    return new SqlStore(this.context, this.tenantId, this.bound, guard);
  }

  collection<T extends RecordBase>(def: CollectionDef<T>): Collection<T> {
    const declared = this.context.collections.get(def.name);
    if (!declared) throw new Error(`coleção "${def.name}" não foi declarada ao abrir o banco`);
    return new SqlCollection<T>(
      declared as unknown as CollectionDef<T>,
      this.context,
      this.tenantId,
      () => this.session(),
      this.guard?.collection(def.name),
    );
  }

  /**
   * A real database transaction; inside one, `transaction` opens a savepoint of it, so a nested
   * `work` that throws undoes only its own writes. Nested transactions of one transaction run one at
   * a time; writes made beside a running nested one (through `Promise.all`) belong to it. A guarded
   * store's audit entries of the work are held until it commits (core/access/store-guard.ts).
   */
  transaction<R>(work: (store: Store) => Promise<R>): Promise<R> {
    const guarded = this.guard?.transaction();
    return atomically(
      this.context,
      this.session(),
      (session) => work(new SqlStore(this.context, this.tenantId, session, guarded?.guard)),
      true,
      guarded?.end,
    );
  }

  /** The Kysely executor this store's statements go to right now (a transaction's, inside one). */
  executor(): Kysely<StoreTables> {
    return this.session().executor;
  }

  /** Runs `query` where this store's statements go right now (see session.ts `execute`). */
  run<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
    return this.context.execute(this.session(), query);
  }

  private session(): Session {
    return currentSession(this.context, this.bound);
  }
}
