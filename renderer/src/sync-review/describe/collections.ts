/**
 * The describers of the replicated collections, as their modules declare them (`review` of each module
 * collection, e.g. core/schedule/review.ts). A collection without one falls back to a plain noun and
 * shows only the common fields.
 */
import { describers } from '#core/sync/review/describers.js';
import type { CollectionDescriber } from '#core/sync/review/describer.js';

export { describeRef, describerOf, zoneOf } from '#core/sync/review/describers.js';
export { appointmentTitle } from '#core/schedule/review.js';
export type { CollectionDescriber };

/** Every describer, by collection name. */
export const DESCRIBERS: Readonly<Record<string, CollectionDescriber>> = describers();
