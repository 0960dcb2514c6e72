/**
 * Which shared RxDB collection ("storage group") holds each domain collection. Open-source RxDB opens
 * at most 13 collections per JavaScript realm (error COL23, counted process-wide), and the catalogue
 * declares more domain collections than that, so domain collections share a few RxDB collections
 * (docs/decisions/sync.md). A group is also the unit of replication: one RxDB replication and one
 * server pull/push endpoint per group.
 *
 * Pure data (names only), so the sync server reads the same mapping without loading RxDB.
 */

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
 * has its own rules, and the account's settings and queued messages are small.
 *
 * Five groups leave room under the cap for growth and for tests that run two desks in one process.
 * Every collection of `allCollections` must be listed once (storage-groups.test.ts checks it).
 */
export const CLINIC_STORAGE_GROUPS: StorageGroups = {
  reference: [
    'clinics',
    'events',
    'specialties',
    'insurances',
    'price_tables',
    'prices',
    // The inventory's catalogue: changes rarely, read by every stock screen.
    'inventory_products',
    'inventory_suppliers',
    'inventory_categories',
    'inventory_reserve_reasons',
    'inventory_kits',
  ],
  people: ['patients', 'users'],
  schedule: [
    'appointments',
    'schedule_blocks',
    'schedule_settings',
    'wait_list',
    'schedule_shares',
    'tickets',
    'ticket_controls',
    'medical_records',
  ],
  // Stock movements are an append-only ledger like the money's (docs/decisions/inventory.md INV-001).
  finance: [
    'budgets',
    'treatments',
    'receivables',
    'inventory_movements',
    'inventory_counts',
    // TISS guides and batches: what the clinic bills its insurers.
    'billing_attendances',
    'billing_batches',
    'finance_accounts',
    'finance_categories',
    'finance_bills',
    'finance_payments',
    'cash_registers',
    'cash_movements',
  ],
  account: [
    'account_configurations',
    'schedule_filters',
    'personal_templates',
    'outbox_messages',
    'chat_messages',
    'chat_members',
    'notifications',
    'notification_counters',
  ],
};

/**
 * The group holding `collection`. A collection no group lists is a group of its own, named after it
 * (tests' ad-hoc collections); the catalogue's collections are all listed.
 */
export function storageGroupOf(collection: string, groups: StorageGroups = CLINIC_STORAGE_GROUPS): string {
  for (const [group, members] of Object.entries(groups)) if (members.includes(collection)) return group;
  return collection;
}
