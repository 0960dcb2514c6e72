/**
 * Lays the modules' declarations into the registries sync, the guarded store and unification read
 * (push contracts, sync rules, collection policies and grants, patient references, default windows).
 * Called once, by `core/catalogue.ts`, for the modules it lists: the only place a group is wired.
 */
import { declareCollectionPolicy, grantCollectionAccess } from './access/policy.js';
import type { DomainModule } from './module.js';
import { registerPatientReference } from './patient/references.js';
import type { AnyCollectionDef, CollectionDef } from './store/collection-def.js';
import type { RecordBase } from './store/record.js';
import { declarePushContract } from './sync/push-contract.js';
import { registerSyncRules } from './sync/record-rules.js';
import { declareDefaultWindow } from './sync/windows.js';

/**
 * Installs every module's collection declarations.
 *
 * @throws Error when two modules declare the same collection, or a patient field is not a declared
 *   string field (programming errors, caught by the first test that loads the catalogue).
 */
export function installModules(modules: readonly DomainModule[]): void {
  const owners = new Map<string, string>();
  for (const module of modules) {
    for (const entry of module.collections) {
      const name = entry.def.name;
      const owner = owners.get(name);
      if (owner) throw new Error(`collection ${name} is declared by modules ${owner} and ${module.name}`);
      owners.set(name, module.name);
      declarePushContract(name, entry.push);
      if (entry.sync) registerSyncRules(name, entry.sync);
      if (entry.policy) declareCollectionPolicy(name, entry.policy);
      for (const grant of entry.grants ?? []) grantCollectionAccess(name, grant.permission, grant.access);
      for (const field of entry.patientFields ?? []) registerPatientReference(patientReference(entry.def, field));
      if (entry.window) declareDefaultWindow(name, entry.window);
    }
  }
}

/** The untyped pair as `registerPatientReference` takes it; it checks the field against the collection. */
function patientReference(def: AnyCollectionDef, field: string) {
  return { collection: def as CollectionDef<RecordBase & Record<string, unknown>>, field };
}
