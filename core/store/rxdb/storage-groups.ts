/**
 * Which shared RxDB collection ("storage group") holds each domain collection. Open-source RxDB opens
 * at most 13 collections per JavaScript realm (error COL23, counted process-wide), and the catalogue
 * declares more domain collections than that, so domain collections share a few RxDB collections
 * (docs/decisions/sync.md). A group is also the unit of replication: one RxDB replication and one
 * server pull/push endpoint per group.
 *
 * Pure data (names only), so the sync server reads the same mapping without loading RxDB.
 */
import type { DomainModule } from '#core/module.js';
import { modules } from '#core/modules.js';

/**
 * The discriminator a storage group's documents carry: the domain collection (`CollectionDef.name`)
 * each belongs to. Stored by the RxDB adapter and sent with every document of the group replication
 * endpoints. RxDB refuses top-level names starting with `_` (dev-mode rule SC8), hence the `rx_`
 * prefix, which records may not use.
 */
export const COLLECTION_FIELD = 'rx_collection';

/** Prefix of the fields the RxDB adapter adds to stored documents (the discriminator, index slots). */
export const STORAGE_FIELD_PREFIX = 'rx_';

/** Group name → the domain collections (`CollectionDef.name`) it holds. */
export type StorageGroups = Readonly<Record<string, readonly string[]>>;

/**
 * The installation's groups. Chosen by how the data is used and replicated: reference data changes
 * rarely, people are looked up everywhere, the day's schedule and attendance change all day, money
 * (and the stock ledger, docs/decisions/inventory.md INV-001) has its own rules, and the account's
 * settings and queued messages are small. Five groups leave room under the cap for growth and for tests
 * that run two desks in one process.
 */
export const STORAGE_GROUP_NAMES = ['reference', 'people', 'schedule', 'finance', 'account'] as const;
export type StorageGroup = (typeof STORAGE_GROUP_NAMES)[number];

/**
 * Group name → the catalogue's collections it holds, from each module collection's `storageGroup`
 * (core/module.ts), in module order. Every collection of `allCollections` sits in one group
 * (storage-groups.test.ts checks it).
 */
export const CLINIC_STORAGE_GROUPS: StorageGroups = groupsOf(modules);

/** The storage groups of `list`'s collections (a test's fixture modules, or the catalogue's). */
export function groupsOf(list: readonly DomainModule[]): StorageGroups {
  const groups: Record<string, string[]> = Object.fromEntries(STORAGE_GROUP_NAMES.map((name) => [name, []]));
  for (const module of list) for (const c of module.collections) groups[c.storageGroup]!.push(c.def.name);
  return groups;
}

/**
 * The group holding `collection`. A collection no group lists is a group of its own, named after it
 * (tests' ad-hoc collections); the catalogue's collections are all listed.
 */
export function storageGroupOf(collection: string, groups: StorageGroups = CLINIC_STORAGE_GROUPS): string {
  for (const [group, members] of Object.entries(groups)) if (members.includes(collection)) return group;
  return collection;
}
