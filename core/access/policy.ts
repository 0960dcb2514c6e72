/**
 * Which collections hold data the store itself must guard and audit. Patient data is sensitive
 * health data (LGPD art. 11): every read and write of it is checked against the actor's permission
 * and written to the audit log, whatever operation does it. Other collections are guarded by the
 * permission of the operation that touches them.
 *
 * Declared by collection name, so a group declares its own without editing another group's files:
 * `declareCollectionPolicy('exams', { resource: 'medicalRecord', check: true, audit: 'all' })`.
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

const patientData = (resource: string): CollectionPolicy => ({ resource, check: true, audit: 'all' });

const policies = new Map<string, CollectionPolicy>([
  ['patients', patientData('patient')],
  ['temporary_patients', patientData('patient')],
  ['allergies', patientData('patient')],
  ['vaccines', patientData('patient')],
  ['budgets', patientData('budget')],
  ['appointments', patientData('appointment')],
  // Users are not patient data, but a role change is a permission change: log every write.
  ['users', { resource: 'user', check: false, audit: 'writes', permissionFields: ['role', 'active', 'status'] }],
]);

/**
 * Declares (or replaces) the policy of a collection; call it at module load, beside the
 * collection's `defineCollection`.
 *
 * @throws Error when `name` is not a collection name (a programming error).
 */
export function declareCollectionPolicy(name: string, policy: CollectionPolicy): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`collection name "${name}" is not valid`);
  policies.set(name, Object.freeze({ ...policy }));
}

/** Declares a collection as patient data: checked and audited on every read and write. */
export function declareSensitive(name: string, resource = 'patient'): void {
  declareCollectionPolicy(name, patientData(resource));
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
