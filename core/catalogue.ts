import type { Operation } from './operation.js';
import type { AnyCollectionDef } from './store/collection-def.js';

/**
 * Every collection an installation and the server hold. Each domain group adds its own here, so the
 * RxDB schema, the SQL tables and replication all derive from one list.
 */
export const allCollections: readonly AnyCollectionDef[] = [];

/** Every operation of the catalogue (spec §4), registered once; the REST routes derive from it. */
export const allOperations: readonly Operation[] = [];
