/**
 * One domain group as one value (docs/architecture.md "Domain modules"): its collections with
 * everything sync, the guarded store and unification need to know about each, and its operations.
 * `core/catalogue.ts` lists the modules; nothing is registered by importing a file for its side effect.
 * Adding a group is its folder plus one line in the catalogue (docs/adding-a-group.md).
 */
import type { CollectionPolicy } from './access/policy.js';
import type { ModuleAccess } from './access/role-grants.js';
import type { Operation } from './operation.js';
import type { AnyCollectionDef } from './store/collection-def.js';
import type { StorageGroup } from './store/rxdb/storage-groups.js';
import type { CollectionDescriber } from './sync/review/describer.js';
import type { PushContract } from './sync/push-contract.js';
import type { SyncRules } from './sync/record-rules.js';
import type { SyncWindow } from './sync/windows.js';

/** A narrow permission that reaches one guarded collection at the store (core/access/policy.ts). */
export interface CollectionGrant {
  /** e.g. `attendance:write` (the totem's check-in). */
  permission: string;
  /** `read` grants reading only; `write` reading and writing. */
  access: 'read' | 'write';
}

/** One collection of a module and what the rest of the system needs to know about it. */
export interface ModuleCollection {
  def: AnyCollectionDef;
  /** The shared RxDB collection (and replication endpoint) holding it (core/store/rxdb/storage-groups.ts). */
  storageGroup: StorageGroup;
  /** Required: the stored record's schema and what a pushed deletion means (fail closed without one). */
  push: PushContract;
  /** Optional refinements of sync: permissions, a push-only schema, record checks, conflict handler. */
  sync?: SyncRules;
  /** How the guarded store checks and audits it (health data: `check: true, audit: 'all'`). */
  policy?: CollectionPolicy;
  /** Narrow permissions of other groups' operations that reach this collection at the store. */
  grants?: readonly CollectionGrant[];
  /** Top-level string fields that hold a patient id (moved on unification, spec §4.4 Patient). */
  patientFields?: readonly string[];
  /** Which documents go down to installations; `all` when absent (core/sync/windows.ts). */
  window?: SyncWindow;
  /** How the desk's sync review names its records and reads their fields, in pt-BR (core/sync/review/). */
  review?: CollectionDescriber;
}

/** A domain group: the spec group(s) it implements, its collections and its operations. */
export interface DomainModule {
  /** Short id of the group folder (`budget`, `finance`). */
  name: string;
  collections: readonly ModuleCollection[];
  operations: readonly Operation[];
  /** The resources its permissions name and which roles hold them (core/access/roles.ts composes them). */
  access?: ModuleAccess;
}

/** Identity with the type checked: `export const budgetModule = domainModule({...})`. */
export function domainModule(module: DomainModule): DomainModule {
  return module;
}

/** The collection definitions of `modules`, in order (test fixtures holding a subset of the groups). */
export function moduleCollections(...modules: readonly DomainModule[]): AnyCollectionDef[] {
  return modules.flatMap((m) => m.collections.map((c) => c.def));
}
