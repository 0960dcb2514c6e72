/**
 * Professional installations (docs/decisions/medical-record.md MED-007, LGPD art. 11): a station of
 * kind `professional` is bound to one professional user, and a collection whose sync rules name a
 * `boundTo` field (the medical record's `professional`) goes down only to the installation bound to the
 * user that field names, and is pushed only by it. Other installations never receive such documents,
 * so no station holds clinical content its user may not read, readable in its IndexedDB files.
 */
import type { Kysely, Migration } from 'kysely';
import type { ErrorDetail } from '#core/errors.js';
import { syncRulesOf } from '#core/sync/record-rules.js';
import type { DeviceActor } from './devices.js';

/** The column binding an installation (and its enrolment code) to a user, part of `syncMigrations`. */
export const deviceUserMigrations: Record<string, Migration> = {
  sync_0006_device_user: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sync_enrolment_codes').addColumn('user_id', 'text').execute();
      await db.schema.alterTable('sync_devices').addColumn('user_id', 'text').execute();
    },
  },
};

/** The field of `collection` naming the user its documents are bound to, if any. */
export function boundField(collection: string): string | undefined {
  return syncRulesOf(collection).boundTo;
}

/**
 * Whether `actor` may pull `collection` at all as far as binding goes: a bound collection needs an
 * installation bound to a user (its permissions are checked apart).
 */
export function bindingAllowsCollection(actor: DeviceActor, collection: string): boolean {
  return boundField(collection) === undefined || typeof actor.userId === 'string';
}

/**
 * The ids of bound documents shared with a user besides those naming them (the medical records whose
 * share they accepted, MED-055), as the server's documents service reads them.
 */
export type SharedWithLookup = (tenantId: string, userId: string) => Promise<readonly string[]>;

/** The documents shared with `actor`'s user (none for an installation bound to no user, or no lookup). */
export async function sharedWithStation(actor: DeviceActor, lookup?: SharedWithLookup): Promise<ReadonlySet<string>> {
  if (!lookup || typeof actor.userId !== 'string') return new Set();
  return new Set(await lookup(actor.tenantId, actor.userId));
}

/**
 * Whether `document` of `collection` may go down to `actor`. A document of a bound collection that
 * names another user is not sent at all, not even as a tombstone: a tombstone carries the content;
 * unless its id is in `shared` (a record shared with the station's user, {@link sharedWithStation}).
 */
export function mayHold(
  actor: DeviceActor,
  collection: string,
  document: Record<string, unknown>,
  shared: ReadonlySet<string> = new Set(),
): boolean {
  const field = boundField(collection);
  if (field === undefined) return true;
  if (typeof actor.userId !== 'string') return false;
  return document[field] === actor.userId || (typeof document.id === 'string' && shared.has(document.id));
}

/**
 * Why `actor` may not push `pushed` over `master` (the server's live state, if any): for a bound
 * collection, the stored document (or the new one) must name the installation's user. A transfer
 * (the bound user handing the record to another) passes: the stored version names the user.
 */
export function bindingPushProblems(
  actor: DeviceActor,
  collection: string,
  pushed: Record<string, unknown>,
  master: Record<string, unknown> | undefined,
): ErrorDetail[] {
  const field = boundField(collection);
  if (field === undefined) return [];
  const owner = (master ?? pushed)[field];
  if (typeof actor.userId === 'string' && owner === actor.userId) return [];
  return [{ path: field, message: 'a instalação só envia registros do profissional a que está vinculada' }];
}
