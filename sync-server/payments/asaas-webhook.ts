/**
 * The Asaas webhook of an account (`POST /finance/provider/asaas/webhook/{account}`), accepted only
 * with the account's token in the `asaas-access-token` header (compared in constant time). A
 * `PAYMENT_RECEIVED` or `PAYMENT_CONFIRMED` event of one of our charges pays its bill once: the
 * charge is claimed by a conditional update, so a repeated or concurrent event pays nothing more. A
 * paid charge that no longer fits its bill (paid meanwhile at the desk, cancelled) is kept for a
 * person (`review`, with the reason) and never dropped. Other events only note the provider's status.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Actor } from '#core/actor.js';
import { isDomainError } from '#core/errors.js';
import { markPaid } from '#core/finance/payment-ops.js';
import type { FinanceMethod } from '#core/finance/bill-record.js';
import type { OperationContext } from '#core/operation.js';
import { fromCentavos } from '#core/price/money.js';
import type { PaymentService } from './payment-service.js';

/** What the route needs. */
export interface AsaasWebhookDeps {
  service: PaymentService;
  /** The context of the provider's writes in a tenant (guarded and audited like any other actor's). */
  contextFor(actor: Actor): OperationContext;
  logger: Logger;
}

interface AsaasEvent {
  event?: string;
  payment?: { id?: string; status?: string; externalReference?: string | null };
}

const PAID_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);

/** True when `given` is `expected` (constant time). */
function sameToken(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Mounts the webhook route on `app`. */
export function mountAsaasWebhook(app: Hono, deps: AsaasWebhookDeps): void {
  const log = deps.logger.child({ module: 'payments' });

  app.post('/finance/provider/asaas/webhook/:account', async (c) => {
    const tenantId = c.req.param('account');
    const credentials = await deps.service.credentials(tenantId);
    if (!credentials || !sameToken(credentials.webhookToken, c.req.header('asaas-access-token'))) {
      log.warn({ tenantId }, 'payment webhook refused: bad token');
      return c.text('forbidden', 403);
    }
    let event: AsaasEvent;
    try {
      event = await c.req.json<AsaasEvent>();
    } catch {
      return c.text('bad request', 400);
    }
    const chargeId = event.payment?.id;
    const charge = chargeId ? await deps.service.charge(tenantId, chargeId) : undefined;
    if (!charge) {
      // Charges made outside this system (the provider's own screens) are not ours to settle.
      log.info({ tenantId, event: event.event }, 'payment webhook: not one of our charges');
      return c.json({ received: true });
    }
    const providerStatus = event.payment?.status ?? event.event ?? '';
    if (!event.event || !PAID_EVENTS.has(event.event)) {
      await deps.service.noteProviderStatus(charge.charge_id, providerStatus);
      return c.json({ received: true });
    }
    if (!(await deps.service.claim(charge.charge_id, providerStatus))) {
      log.info({ tenantId, charge: charge.charge_id }, 'payment webhook: charge already settled');
      return c.json({ received: true });
    }
    if (event.payment?.externalReference && event.payment.externalReference !== charge.bill_id) {
      await deps.service.settle(charge.charge_id, {
        status: 'review',
        problem: 'a referência do provedor não é a conta desta cobrança',
      });
      return c.json({ received: true });
    }
    const actor: Actor = {
      kind: 'system',
      id: 'payment-provider',
      tenantId,
      permissions: new Set(['cashier:write', 'finance:read']),
    };
    try {
      const paid = await markPaid.run(deps.contextFor(actor), {
        id: charge.bill_id,
        value: fromCentavos(charge.value_centavos),
        method: charge.method as FinanceMethod,
        ...(credentials.account ? { account: credentials.account } : {}),
        note: `Pagamento online ${charge.charge_id}`,
      });
      await deps.service.settle(charge.charge_id, { status: 'received', payment: paid.payment.id });
      log.info({ tenantId, charge: charge.charge_id, bill: charge.bill_id }, 'online payment settled');
    } catch (error) {
      if (!isDomainError(error)) {
        // Unsettled: the provider retries the event, and the claim is free again for it.
        await deps.service.settle(charge.charge_id, { status: 'pending' });
        throw error;
      }
      const problem = [error.message, ...error.details.map((d) => d.message)].join(': ');
      await deps.service.settle(charge.charge_id, { status: 'review', problem });
      log.warn({ tenantId, charge: charge.charge_id, code: error.code }, 'online payment left for review');
    }
    return c.json({ received: true });
  });
}
