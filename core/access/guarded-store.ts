/**
 * The store an operation receives on the server (docs/architecture.md "Security": authorization lives with the
 * data). Beneath it the port already confines every read and write to the actor's tenant; this layer
 * adds, for the collections a {@link CollectionPolicy} names, the actor's permission on every read
 * and write and an audit entry for each record read or written. Collections without a policy pass
 * through untouched, at no cost.
 */
import { can, type Actor } from '#core/actor.js';
import { DomainError } from '#core/errors.js';
import type { CallOrigin } from '#core/operation.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Collection, Store } from '#core/store/port.js';
import type { Query } from '#core/store/query.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { memoryAuditSink, type AuditEvent, type AuditSink } from './audit.js';
import { collectionGrants, collectionPolicy, type CollectionPolicy } from './policy.js';

/** Who reads and writes, and where their audit entries go. */
export interface GuardContext {
  actor: Actor;
  audit: AuditSink;
  origin?: CallOrigin;
}

/** Fields that change on every write and say nothing about what the writer meant to change. */
const BOOKKEEPING = new Set(['_rev', 'updatedAt']);

/** Top-level fields whose JSON differs between two versions of a record, sorted. */
export function changedFields(before: object, after: object): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const key of keys) {
    if (BOOKKEEPING.has(key)) continue;
    const a = JSON.stringify((before as Record<string, unknown>)[key]);
    const b = JSON.stringify((after as Record<string, unknown>)[key]);
    if (a !== b) changed.push(key);
  }
  return changed.sort();
}

class GuardedCollection<T extends RecordBase> implements Collection<T> {
  private readonly mayRead: boolean;
  private readonly mayWrite: boolean;

  constructor(
    private readonly base: Collection<T>,
    private readonly name: string,
    private readonly policy: CollectionPolicy,
    private readonly guard: GuardContext,
    /** Versions this request already read, by id: an update diffs against them without reading again. */
    private readonly seen: Map<string, object>,
  ) {
    const { actor } = guard;
    // Whoever may change records of a kind may also see them; a check-free policy only audits.
    const grants = collectionGrants(name);
    const granted = (set: ReadonlySet<string>) => [...set].some((p) => can(actor, p));
    this.mayWrite = !policy.check || can(actor, `${policy.resource}:write`) || granted(grants.write);
    this.mayRead = this.mayWrite || can(actor, `${policy.resource}:read`) || granted(grants.read);
  }

  private log(action: AuditEvent['action'], recordId?: string, detail?: string): void {
    const { actor, origin } = this.guard;
    // Built field by field, not by spreads: this runs on every read of patient data.
    const event: AuditEvent = {
      tenantId: actor.tenantId,
      actorKind: actor.kind,
      actorId: actor.id,
      action,
      collection: this.name,
    };
    if (recordId !== undefined) event.recordId = recordId;
    if (detail !== undefined) event.detail = detail;
    if (origin) {
      event.ip = origin.ip;
      event.userAgent = origin.userAgent;
    }
    this.guard.audit.record(event);
  }

  private refuse(access: 'read' | 'write', recordId?: string): never {
    const permission = `${this.policy.resource}:${access}`;
    this.log('denied', recordId, permission);
    throw new DomainError('forbidden', 'Sem permissão para estes dados', [{ path: '', message: permission }]);
  }

  private read(doc: Stored<T>): void {
    this.seen.set(`${this.name}/${doc.id}`, doc);
    if (this.policy.audit === 'all') this.log('read', doc.id);
  }

  async get(id: string): Promise<Stored<T> | undefined> {
    if (!this.mayRead) this.refuse('read', id);
    const doc = await this.base.get(id);
    if (doc) this.read(doc);
    return doc;
  }

  async find(query?: Query<T>): Promise<Stored<T>[]> {
    if (!this.mayRead) this.refuse('read');
    const docs = await this.base.find(query);
    for (const doc of docs) this.read(doc);
    return docs;
  }

  /** Counting reveals no record, so it is checked but not logged. */
  async count(query?: Pick<Query<T>, 'selector'>): Promise<number> {
    if (!this.mayRead) this.refuse('read');
    return await this.base.count(query);
  }

  async insert(doc: T): Promise<Stored<T>> {
    if (!this.mayWrite) this.refuse('write', doc.id);
    const stored = await this.base.insert(doc);
    this.seen.set(`${this.name}/${doc.id}`, stored);
    this.log('create', doc.id);
    return stored;
  }

  async insertMany(docs: readonly T[]): Promise<void> {
    if (!this.mayWrite) this.refuse('write');
    await this.base.insertMany(docs);
    for (const doc of docs) this.log('create', doc.id);
  }

  async update(id: string, expectedRev: string, next: T): Promise<Stored<T>> {
    if (!this.mayWrite) this.refuse('write', id);
    const key = `${this.name}/${id}`;
    // Read first only when this request has not: the entry names the fields that changed.
    const before = this.seen.get(key) ?? (await this.base.get(id));
    const stored = await this.base.update(id, expectedRev, next);
    this.seen.set(key, stored);
    const fields = before ? changedFields(before, next) : [];
    const touchesAccess = fields.some((f) => this.policy.permissionFields?.includes(f));
    this.log(
      touchesAccess ? 'permission.change' : 'update',
      id,
      fields.length ? `campos: ${fields.join(', ')}` : undefined,
    );
    return stored;
  }

  async remove(id: string, expectedRev: string): Promise<void> {
    if (!this.mayWrite) this.refuse('write', id);
    await this.base.remove(id, expectedRev);
    this.seen.delete(`${this.name}/${id}`);
    this.log('remove', id);
  }
}

const KEPT_ON_ROLLBACK = new Set<AuditEvent['action']>(['read', 'denied']);

class GuardedStore implements Store {
  constructor(
    private readonly base: Store,
    private readonly guard: GuardContext,
    private readonly seen: Map<string, object>,
  ) {}

  get tenantId(): string {
    return this.base.tenantId;
  }

  get inner(): Store {
    return this.base;
  }

  collection<T extends RecordBase>(def: CollectionDef<T>): Collection<T> {
    const collection = this.base.collection(def);
    const policy = collectionPolicy(def.name);
    return policy ? new GuardedCollection(collection, def.name, policy, this.guard, this.seen) : collection;
  }

  /**
   * Entries of the work are held until it commits: a rolled-back write never happened, so it is not
   * logged. Reads and refusals inside it are: the data was seen, the attempt was made.
   */
  async transaction<R>(work: (store: Store) => Promise<R>): Promise<R> {
    const held = memoryAuditSink();
    const result = await this.base.transaction((inner) =>
      work(new GuardedStore(inner, { ...this.guard, audit: held }, this.seen)).catch((error: unknown) => {
        for (const event of held.events) if (KEPT_ON_ROLLBACK.has(event.action)) this.guard.audit.record(event);
        throw error;
      }),
    );
    for (const event of held.events) this.guard.audit.record(event);
    return result;
  }
}

/**
 * Wraps a tenant-scoped store for one actor (one request). Reads and writes of collections with a
 * {@link CollectionPolicy} are checked against `actor`'s permissions and logged to `audit`.
 *
 * @throws (from the returned store) DomainError `forbidden` naming the missing permission
 *   (`patient:read`) when the actor may not read or write a guarded collection; the refusal itself
 *   is logged as `denied`.
 *
 * @example
 * const store = guardStore(database.forTenant(actor.tenantId), { actor, audit: writer, origin });
 */
export function guardStore(store: Store, guard: GuardContext): Store {
  return new GuardedStore(store, guard, new Map());
}
