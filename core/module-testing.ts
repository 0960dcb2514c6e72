/**
 * Test-only: installs the module declarations of just the collections a test database opens. A fixture
 * holding a subset of the groups cannot install the whole catalogue: unification would look for every
 * collection that references a patient, and at most 13 RxDB collections open in one process (COL23).
 * The app installs every module through `core/catalogue.ts`.
 */
import { installModules } from './module-install.js';
import { modules } from './modules.js';
import type { AnyCollectionDef } from './store/collection-def.js';

/**
 * Installs what the modules declare about each of `opened` (found by the definition itself, so a
 * test's stand-in with a real collection's name installs nothing); declaring again changes nothing.
 */
export function installOpened(opened: readonly AnyCollectionDef[]): void {
  const defs = new Set(opened);
  installModules(modules.map((m) => ({ ...m, collections: m.collections.filter((c) => defs.has(c.def)) })));
}
