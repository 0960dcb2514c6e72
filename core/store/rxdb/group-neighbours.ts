/**
 * Test-only: the conformance and sparse suites run with `samples` and `sparse` in one storage group,
 * the other collection filled with records of the same tenant, so every query, count and read of the
 * suite must leave the neighbour's records out, as the catalogue's collections sharing a group must.
 */
import { samples, type Sample } from '#core/store/conformance.js';
import type { RxdbDatabase } from './rx-database.js';
import { sparse, sparseData } from './sparse-suite.js';
import type { StorageGroups } from './storage-groups.js';

/** The suites' collections, and the group they share. */
export const neighbourCollections = [samples, sparse];
export const neighbourGroups: StorageGroups = { shared: ['samples', 'sparse'] };

function neighbourSample(n: number): Sample {
  return {
    id: `0199${String(n).padStart(4, '0')}-0000-7000-8000-000000000000`,
    tenantId: 'tenant-a',
    createdAt: '2026-11-23T09:00:00.000-03:00',
    updatedAt: '2026-11-23T09:00:00.000-03:00',
    kind: 'consulta',
    rank: n,
    active: n % 2 === 0,
    label: `vizinho ${n}`,
  };
}

/** Opens with `open`, then fills the collection the suite about to run does not use. */
export async function withNeighbours(
  suite: 'samples' | 'sparse',
  open: () => Promise<RxdbDatabase>,
): Promise<RxdbDatabase> {
  const db = await open();
  const store = db.forTenant('tenant-a');
  if (suite === 'samples') {
    // Other ids than the sparse suite's own run uses; same tenant.
    await store.collection(sparse).insertMany(sparseData.map((r) => ({ ...r, id: r.id.replace(/^0191/, '0198') })));
  } else {
    await store.collection(samples).insertMany(Array.from({ length: 20 }, (_, n) => neighbourSample(n)));
  }
  return db;
}
