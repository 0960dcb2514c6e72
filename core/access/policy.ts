/**
 * Which collections hold data the store itself must guard and audit. Patient data is sensitive
 * health data (LGPD art. 11): every read and write of it is checked against the actor's permission
 * and written to the audit log, whatever operation does it. Other collections are guarded by the
 * permission of the operation that touches them.
 *
 * Each group declares its own in its module (core/module.ts, `policy` and `grants` of a collection):
 * `{ def: exams, push: examPush, policy: healthData('medicalRecord') }`. The catalogue installs them.
 */

/** How the guarded store treats one collection. */
export interface CollectionPolicy {
  /** Resource of the permissions checked (`patient` → `patient:read` / `patient:write`). */
  readonly resource: string;
  /** True: every read needs `<resource>:read` (or `:write`), every write `<resource>:write`. */
  readonly check: boolean;
  /** `all`: reads and writes go to the audit log; `writes`: only writes. */
  readonly audit: 'all' | 'writes';
  /**
   * Fields whose change alters someone's access (a user's `role`, `active`): an update touching one
   * is logged as `permission.change` instead of `update`.
   */
  readonly permissionFields?: readonly string[];
}

/**
 * The policy of health data (LGPD art. 11): every read needs `<resource>:read` (or `:write`), every
 * write `<resource>:write`, and both go to the audit log.
 */
export const healthData = (resource: string): CollectionPolicy => ({ resource, check: true, audit: 'all' });

const policies = new Map<string, CollectionPolicy>();

/**
 * Declares (or replaces) the policy of a collection. Only core/module-install.ts calls this (and
 * tests); a group declares its collections' policies in its module.
 *
 * @throws Error when `name` is not a collection name (a programming error).
 */
export function declareCollectionPolicy(name: string, policy: CollectionPolicy): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`collection name "${name}" is not valid`);
  policies.set(name, Object.freeze({ ...policy }));
}

/** The policy of a collection, or undefined when the store passes it through untouched. */
export function collectionPolicy(name: string): CollectionPolicy | undefined {
  return policies.get(name);
}

const alsoGranted = new Map<string, { read: Set<string>; write: Set<string> }>();

/**
 * Lets a narrow permission reach one guarded collection at the store, for the operations that need
 * it: `attendance:write` (the totem's check-in) reads the patient whose CPF was typed and moves the
 * appointment to waiting, while the totem still holds neither `patient:read` nor `appointment:write`
 * and so can call no operation that lists or edits patients. Reads and writes stay audited.
 * Only core/module-install.ts calls this (and tests): a module lists them as a collection's `grants`.
 *
 * @param access `read` grants reading only; `write` grants reading and writing.
 */
export function grantCollectionAccess(collection: string, permission: string, access: 'read' | 'write'): void {
  let grants = alsoGranted.get(collection);
  if (!grants) alsoGranted.set(collection, (grants = { read: new Set(), write: new Set() }));
  grants[access].add(permission);
}

/** The permissions {@link grantCollectionAccess} added to a collection, by access. */
export function collectionGrants(collection: string): { read: ReadonlySet<string>; write: ReadonlySet<string> } {
  return alsoGranted.get(collection) ?? { read: new Set(), write: new Set() };
}
