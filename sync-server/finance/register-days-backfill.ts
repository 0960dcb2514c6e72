/**
 * The registers' daily summaries for data written before they existed (FIN-035): at start, every account
 * that has cash movements and no day summary at all gets them rebuilt from its movements, once, on the
 * server only (desks pull them). A desk never rebuilds: the summaries merge as counters (FIN-032), and two
 * rebuilds of the same movements would count them twice.
 */
import type { Logger } from 'pino';
import type { Clock } from '#core/clock.js';
import { cashMovements } from '#core/finance/register-record.js';
import { registerDays } from '#core/finance/register-summary-record.js';
import { verifyRegisterDays } from '#core/finance/register-summary-verify.js';
import type { Store } from '#core/store/port.js';

/**
 * Rebuilds the day summaries of each tenant in `tenants` that has movements and none.
 * @returns the ids of the tenants rebuilt.
 * @throws whatever the store throws; a tenant's rebuild is one transaction, all or nothing.
 */
export async function backfillRegisterDays(
  forTenant: (tenantId: string) => Store,
  tenants: readonly string[],
  clock: Clock,
  logger?: Logger,
): Promise<string[]> {
  const rebuilt: string[] = [];
  for (const tenantId of tenants) {
    const store = forTenant(tenantId);
    const [movement] = await store.collection(cashMovements).find({ limit: 1 });
    if (!movement) continue;
    const [day] = await store.collection(registerDays).find({ limit: 1 });
    if (day) continue;
    const days = await verifyRegisterDays({ clock }, store);
    logger?.info({ tenantId, days: days.length }, 'registers daily summaries rebuilt from the movements');
    rebuilt.push(tenantId);
  }
  return rebuilt;
}
