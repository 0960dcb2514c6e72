import type { Operation } from './operation.js';
import type { CollectionDef } from './store/collection-def.js';
import type { RecordBase } from './store/record.js';

/**
 * Every collection an installation and the server hold. Each domain group adds its own here, so the
 * RxDB schema, the SQL tables and replication all derive from one list.
 */
export const allCollections: readonly CollectionDef<RecordBase>[] = [];

/** Every operation of the catalogue (spec §4), registered once; the REST routes derive from it. */
export const allOperations: readonly Operation[] = [];
