/**
 * Reads the budgets' sends from the desk's own `outbox_messages` (queued here, or pulled with the
 * server's status), and tells whether the desk's sync reaches the server now.
 */
import { useEffect, useState } from 'react';
import { outboxMessages } from '#core/messaging/message.js';
import type { OperationContext } from '#core/operation.js';
import { useLocalCore } from '../local/hooks.js';
import { latestSends, type BudgetSendState } from './budget-send-state.js';

/** The collection whose changes refresh the sends (a local queue, or a status pulled by sync). */
export const BUDGET_SEND_COLLECTIONS = [outboxMessages];

/**
 * The latest send of each budget, by budget id. The desk reads its store directly: the outbox's
 * list operation needs `messaging:read`, which reception does not hold, and these are the budget's
 * own sends, which whoever may send a budget may follow.
 */
export async function loadBudgetSends(ctx: OperationContext): Promise<Map<string, BudgetSendState>> {
  return latestSends(await ctx.store.collection(outboxMessages).find({ selector: {} }));
}

/**
 * Whether the server is reachable, as the sync last saw it: null on the demonstration (no server),
 * false before the first answer and after a failed request.
 */
export function useServerReachable(): boolean | null {
  const { sync } = useLocalCore();
  const [online, setOnline] = useState<boolean>(sync ? sync.handle.status.online : false);
  useEffect(() => {
    if (!sync) return;
    const subscription = sync.status$.subscribe((status) => setOnline(status.online));
    return () => subscription.unsubscribe();
  }, [sync]);
  return sync ? online : null;
}
