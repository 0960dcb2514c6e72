import { installModules } from './module-install.js';
import { modules } from './modules.js';
import type { Operation } from './operation.js';
import type { AnyCollectionDef } from './store/collection-def.js';

export { modules };

// The one place the modules' declarations are installed (docs/adding-a-group.md).
installModules(modules);

/**
 * Every collection an installation and the server hold, from the modules: the RxDB schema, the SQL
 * tables and replication all derive from this one list.
 */
export const allCollections: readonly AnyCollectionDef[] = modules.flatMap((m) => m.collections.map((c) => c.def));

/** Every operation of the catalogue (spec §4), registered once; the REST routes derive from it. */
export const allOperations: readonly Operation[] = modules.flatMap((m) => m.operations);
