/**
 * Reference checks for prices: the events and the insurance scopes a request names must exist in the
 * account (another account's id looks missing, as everywhere: 404 naming the field).
 */
import { missingReference } from '#core/common/records.js';
import { events, type ClinicEvent } from '#core/clinic/event-record.js';
import { requireInsuranceScope } from '#core/insurance/scope.js';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import type { PriceScope } from './price-store.js';

const IN_CHUNK = 200;

/** The events with these ids, by id (missing ones absent). */
export async function eventsById(
  ctx: Pick<OperationContext, 'store'>,
  ids: readonly string[],
): Promise<Map<string, Stored<ClinicEvent>>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, Stored<ClinicEvent>>();
  for (let at = 0; at < unique.length; at += IN_CHUNK) {
    const chunk = unique.slice(at, at + IN_CHUNK);
    for (const event of await ctx.store.collection(events).find({ selector: { id: { $in: chunk } } }))
      found.set(event.id, event);
  }
  return found;
}

/**
 * @param path where each id sits, e.g. `(i) => \`prices.${i}.event\``.
 * @throws DomainError `not_found` naming the first missing event.
 */
export async function requireEvents(
  ctx: Pick<OperationContext, 'store'>,
  ids: readonly string[],
  path: (index: number) => string,
): Promise<Map<string, Stored<ClinicEvent>>> {
  const found = await eventsById(ctx, ids);
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw missingReference('Evento', path(missing), ids[missing]!);
  return found;
}

/**
 * Checks every distinct scope once.
 * @param path where each scope sits, e.g. `(i) => \`prices.${i}\``.
 */
export async function requireScopes(
  ctx: Pick<OperationContext, 'store'>,
  scopes: readonly PriceScope[],
  path: (index: number) => string,
): Promise<void> {
  const checked = new Set<string>();
  for (const [i, scope] of scopes.entries()) {
    const key = `${scope.insurance ?? ''}/${scope.insurancePlan ?? ''}`;
    if (checked.has(key)) continue;
    await requireInsuranceScope(ctx, scope, path(i));
    checked.add(key);
  }
}
