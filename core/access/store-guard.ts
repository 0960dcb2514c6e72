/**
 * The access guard of one actor's store, as a hook the store adapter calls around each read and write
 * (docs/architecture.md "The store port"; STORE-015). For the collections a {@link CollectionPolicy}
 * names, it checks the actor's permission before the statement and writes an audit entry for each
 * record read or written after it. Collections without a policy get no hook at all, at no cost.
 *
 * The SQL adapter calls it from inside its own collection methods, so the guard adds no call between
 * an operation and its statement; adapters that take no hook are wrapped by the decorator of
 * `guarded-store.ts`, which calls this same code.
 */
import { can, type Actor } from '#core/actor.js';
import { DomainError } from '#core/errors.js';
import type { CallOrigin } from '#core/operation.js';
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

/**
 * The guard of one collection for one actor. An adapter calls `check…` before a statement (it throws
 * `forbidden` and logs `denied`) and the matching past-tense method after it (it logs the entry).
 */
export class CollectionGuard {
  private readonly mayRead: boolean;
  private readonly mayWrite: boolean;

  constructor(
    private readonly name: string,
    private readonly policy: CollectionPolicy,
    private readonly guard: GuardContext,
    /** Versions this request already read, by collection/id: an update diffs against them without reading again. */
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

  /** @throws DomainError `forbidden` (logged as `denied`) when the actor may not read these records. */
  checkRead(recordId?: string): void {
    if (!this.mayRead) this.refuse('read', recordId);
  }

  /** @throws DomainError `forbidden` (logged as `denied`) when the actor may not write these records. */
  checkWrite(recordId?: string): void {
    if (!this.mayWrite) this.refuse('write', recordId);
  }

  /** A record was read (logged when the policy audits reads). */
  read(doc: { id: string }): void {
    this.seen.set(`${this.name}/${doc.id}`, doc);
    if (this.policy.audit === 'all') this.log('read', doc.id);
  }

  /** The version this request last read or wrote of `id`, if any. */
  lastSeen(id: string): object | undefined {
    return this.seen.get(`${this.name}/${id}`);
  }

  /** A record was created. */
  created(stored: { id: string }): void {
    this.seen.set(`${this.name}/${stored.id}`, stored);
    this.log('create', stored.id);
  }

  /** Records were created in bulk (not remembered: bulk imports are large). */
  createdMany(ids: readonly string[]): void {
    for (const id of ids) this.log('create', id);
  }

  /** A record went from `before` (when known) to `next`: the entry names the fields that changed. */
  updated(id: string, before: object | undefined, next: object, stored: object): void {
    this.seen.set(`${this.name}/${id}`, stored);
    const fields = before ? changedFields(before, next) : [];
    const touchesAccess = fields.some((f) => this.policy.permissionFields?.includes(f));
    this.log(
      touchesAccess ? 'permission.change' : 'update',
      id,
      fields.length ? `campos: ${fields.join(', ')}` : undefined,
    );
  }

  /** A record was removed. */
  removed(id: string): void {
    this.seen.delete(`${this.name}/${id}`);
    this.log('remove', id);
  }
}

const KEPT_ON_ROLLBACK = new Set<AuditEvent['action']>(['read', 'denied']);

/** What a store adapter holds to guard one actor's store: a guard per collection, and per transaction. */
export class StoreGuard {
  private readonly guards = new Map<string, CollectionGuard | null>();

  constructor(
    readonly context: GuardContext,
    private readonly seen: Map<string, object> = new Map(),
  ) {}

  /** The guard of collection `name`; undefined when no policy names it (nothing to check or log). */
  collection(name: string): CollectionGuard | undefined {
    let guard = this.guards.get(name);
    if (guard === undefined) {
      const policy = collectionPolicy(name);
      guard = policy ? new CollectionGuard(name, policy, this.context, this.seen) : null;
      this.guards.set(name, guard);
    }
    return guard ?? undefined;
  }

  /**
   * The guard of a transaction's work: its entries are held until `end(true)` (after the commit, or
   * the savepoint's release): a rolled-back write never happened, so it is not logged. On `end(false)`
   * reads and refusals are logged all the same: the data was seen, the attempt was made.
   */
  transaction(): { guard: StoreGuard; end: (committed: boolean) => void } {
    const held = memoryAuditSink();
    const audit = this.context.audit;
    return {
      guard: new StoreGuard({ ...this.context, audit: held }, this.seen),
      end: (committed) => {
        for (const event of held.events) if (committed || KEPT_ON_ROLLBACK.has(event.action)) audit.record(event);
      },
    };
  }
}
