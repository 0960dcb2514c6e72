/** Plumbing shared by the finance operations: the group, today's date, a bill as answered. */
import { DomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import { fromCentavos } from '#core/price/money.js';
import { dayIn } from '#core/schedule/time.js';
import type { Stored } from '#core/store/record.js';
import type { Bill } from './bill-record.js';

/** The spec's operation group (OpenAPI tag). */
export const GROUP = 'Finance';

/** Due dates and "overdue" are judged on the clinic's calendar (FIN-005: São Paulo until clinics carry a zone). */
export const FINANCE_TIME_ZONE = 'America/Sao_Paulo';

/** Today's `YYYY-MM-DD` in {@link FINANCE_TIME_ZONE}. */
export function today(ctx: Pick<OperationContext, 'clock'>): string {
  return dayIn(ctx.clock.now(), FINANCE_TIME_ZONE);
}

/** The user behind the call, or the API key / job id: every payment names who recorded it. */
export function actorId(ctx: OperationContext): string {
  return ctx.actor.id;
}

/** Centavos still open on a bill (0 for split or cancelled bills: nothing is due on them). */
export function openCentavos(bill: Pick<Bill, 'amountCentavos' | 'paidCentavos' | 'status'>): number {
  if (bill.status === 'split' || bill.status === 'cancelled') return 0;
  return bill.amountCentavos - bill.paidCentavos;
}

/** The status a bill has with `paid` centavos settled (split and cancelled bills keep theirs). */
export function statusFor(bill: Pick<Bill, 'amountCentavos' | 'status'>, paid: number): Bill['status'] {
  if (bill.status === 'split' || bill.status === 'cancelled') return bill.status;
  if (paid <= 0) return 'open';
  return paid >= bill.amountCentavos ? 'paid' : 'partial';
}

/** A stored bill as answered: reais, open amount and whether it is overdue on `day`. */
export function billAnswer(bill: Stored<Bill> | Bill, day: string) {
  const { amountCentavos, paidCentavos, tenantId: _t, ...rest } = bill as Bill & { _rev?: string };
  delete (rest as { _rev?: string })._rev;
  const open = openCentavos(bill);
  return {
    ...rest,
    value: fromCentavos(amountCentavos),
    paid: fromCentavos(paidCentavos),
    open: fromCentavos(open),
    overdue: open > 0 && bill.dueDate < day,
  };
}

/** The `invalid_transition` of a bill whose status refuses the change. */
export function billRefuses(message: string, bill: Pick<Bill, 'status'>): DomainError {
  return new DomainError('invalid_transition', message, [{ path: 'id', message: `conta ${statusLabel(bill.status)}` }]);
}

const LABELS: Record<Bill['status'], string> = {
  open: 'em aberto',
  partial: 'paga em parte',
  paid: 'quitada',
  split: 'parcelada',
  cancelled: 'cancelada',
};

/** pt-BR word of a bill status. */
export function statusLabel(status: Bill['status']): string {
  return LABELS[status];
}
