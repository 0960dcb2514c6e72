/**
 * The collections this installation opens in its local RxDB database: every collection of the
 * catalogue. They share a few RxDB storage groups (core/store/rxdb/storage-groups.ts), so RxDB's cap
 * of 13 collections per realm (COL23) is not reached; every window must open this same list, since a
 * group's schema derives from the members opened.
 */
import { allCollections } from '#core/catalogue.js';
import { numberBlocks } from '#core/numbering/number-blocks.js';
import type { AnyCollectionDef } from '#core/store/collection-def.js';
import { syncPermissions } from '#core/sync/record-rules.js';

/**
 * What the desk opens locally: the whole catalogue, so every operation runs offline, and the number
 * blocks the desk leased (local only: no sync permissions, so never replicated).
 */
export const localCollections: readonly AnyCollectionDef[] = [...allCollections, numberBlocks];

/**
 * The local collections an installation may replicate: a collection no group gave sync permissions
 * needs `*`, which no device holds, so pulling it would only fail forever.
 */
export function replicatedCollections(all: readonly AnyCollectionDef[] = localCollections): AnyCollectionDef[] {
  return all.filter((def) => syncPermissions(def.name).read !== '*');
}
