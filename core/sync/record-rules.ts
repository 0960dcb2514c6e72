/**
 * What each collection's group tells sync about its records: the schema a pushed document must match,
 * the record's own rules, and how two versions of one document are reconciled. Each group gives them
 * in its module (core/module.ts) and the catalogue installs them by name, so sync stays generic over
 * `allCollections` and each group owns its rules.
 */
import type { z } from 'zod';
import type { ErrorDetail } from '#core/errors.js';
import type { Store } from '#core/store/port.js';

/**
 * Reconciles a push that assumed a master state the server no longer holds.
 *
 * @param master the server's current document (`_deleted` tells a tombstone)
 * @param assumed what the installation last saw of it (undefined for a document it believed new)
 * @param pushed the installation's new state
 * @returns the merged document to store (field-wise merge where fields are independent), or
 *   undefined when a person must decide: the master stays and the pushed version goes to the conflict
 *   list with its content.
 */
export type ConflictHandler = (
  master: Record<string, unknown>,
  assumed: Record<string, unknown> | undefined,
  pushed: Record<string, unknown>,
) => Record<string, unknown> | undefined;

/** A collection's sync rules; every part is optional. */
export interface SyncRules {
  /** Needed to pull the collection (a write permission also serves); default in `collection-access.ts`. */
  readPermission?: string;
  /** Needed to push any change to it; default in `collection-access.ts`. */
  writePermission?: string;
  /**
   * A field naming the user (`users` id) a document belongs to: the documents go down only to an
   * installation bound to that user (a `professional` station) and only it pushes them, whatever the
   * permissions of other installations (sync-server/sync/device-user.ts; health data, LGPD art. 11).
   */
  boundTo?: string;
  /**
   * A push-only shape beyond the record's schema (without `_deleted`); a pushed document that fails it
   * is refused. The record's schema and what a pushed deletion means are the collection's required
   * push contract (push-contract.ts).
   */
  schema?: z.ZodType;
  /**
   * The record's own rules beyond its shape (a status change the transition table forbids…).
   * @returns the problems, empty when the change is acceptable.
   */
  check?(next: Record<string, unknown>, previous: Record<string, unknown> | undefined): ErrorDetail[];
  /** Reconciles concurrent versions; without one the server's version wins. */
  resolveConflict?: ConflictHandler;
  /**
   * Checks a document just written against the tenant's other records, for conflicts no single
   * document shows (two bookings of one professional's slot made on two offline desks). The write
   * stands (nothing anyone typed is dropped); each problem lists it for a person to resolve.
   * @returns the problems, empty when none.
   */
  crossCheck?(store: Store, written: Record<string, unknown>): Promise<ErrorDetail[]>;
}

const rules = new Map<string, SyncRules>();

/**
 * Declares (or replaces) the sync rules of a collection. Only core/module-install.ts calls this (and
 * tests): a group gives its rules as a collection's `sync` in its module (core/module.ts).
 */
export function registerSyncRules(collection: string, value: SyncRules): void {
  rules.set(collection, Object.freeze({ ...value }));
}

/** The rules of a collection; `{}` when its group registered none (shape checks only, server wins). */
export function syncRulesOf(collection: string): SyncRules {
  return rules.get(collection) ?? {};
}

/**
 * Permissions of the collections that existed before their groups registered sync rules. Devices are
 * refused what their role could not do through an operation; a collection nobody declared needs `*`
 * (no device holds it), so a new collection never opens a way around its operations' checks.
 */
const DEFAULT_ACCESS: Record<string, { read: string; write: string }> = {
  // The access module declares `user:write` (core/access/user-sync-rules.ts: temporary professionals,
  // profile edits); this stays for a store installed without it: then only admins' installations push users.
  users: { read: 'user:read', write: 'access:write' },
  account_configurations: { read: 'account:read', write: 'account:write' },
  personal_templates: { read: 'profile:read', write: 'profile:write' },
  schedule_filters: { read: 'profile:read', write: 'profile:write' },
  // Any installation may queue a message offline; only the server's worker sends.
  outbox_messages: { read: 'session:read', write: 'session:write' },
  clinics: { read: 'clinic:read', write: 'clinic:write' },
  events: { read: 'clinic:read', write: 'clinic:write' },
  patients: { read: 'patient:read', write: 'patient:write' },
  specialties: { read: 'specialty:read', write: 'specialty:write' },
  insurances: { read: 'insurance:read', write: 'insurance:write' },
  price_tables: { read: 'priceTable:read', write: 'priceTable:write' },
  prices: { read: 'price:read', write: 'price:write' },
};

/** The permissions pulling and pushing `collection` need. */
export function syncPermissions(collection: string): { read: string; write: string } {
  const own = rules.get(collection);
  const fallback = DEFAULT_ACCESS[collection] ?? { read: '*', write: '*' };
  return { read: own?.readPermission ?? fallback.read, write: own?.writePermission ?? fallback.write };
}
