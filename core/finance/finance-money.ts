/**
 * The arithmetic of finance (issue 24): parcels, payments with discount, interest and fine, and the
 * closing of a cash register, all in integer centavos so every total adds up to the centavo.
 * Amounts arrive in reais and are converted by the operations (core/price/money.ts) before this runs.
 */
import { DomainError, type ErrorDetail } from '#core/errors.js';

/**
 * Splits `total` centavos into an optional entry and `count` parcels that sum to `total` exactly:
 * each parcel is `floor(rest / count)` and the first `rest % count` parcels take one centavo more,
 * so no two parcels differ by more than one centavo.
 *
 * @param total centavos, ≥ 0
 * @param count parcels after the entry, ≥ 1
 * @param entry centavos paid up front (0 for none), at most `total`
 * @returns the entry (when above 0) followed by the parcels, in centavos
 * @throws DomainError `validation` when the entry exceeds the total or the count is below 1
 */
export function splitCentavos(total: number, count: number, entry = 0): number[] {
  const problems: ErrorDetail[] = [];
  if (!Number.isInteger(count) || count < 1) problems.push({ path: 'quantity', message: 'pelo menos 1 parcela' });
  if (entry > total) problems.push({ path: 'entry', message: 'entrada maior que o valor da conta' });
  if (problems.length > 0) throw new DomainError('validation', 'Parcelamento inválido', problems);
  const rest = total - entry;
  const base = Math.floor(rest / count);
  const extra = rest - base * count;
  const parcels = Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
  return entry > 0 ? [entry, ...parcels] : parcels;
}

/** What a payment settles, in centavos. */
export interface PaymentAmounts {
  /** Of the bill's open amount, how much this payment settles. */
  principal: number;
  /** Taken off what the payer hands over (never above `principal`). */
  discount: number;
  /** Juros de mora. */
  interest: number;
  /** Multa. */
  fine: number;
}

/** A settled payment: the amounts, what changed hands and what stays open. */
export interface SettledPayment extends PaymentAmounts {
  /** What the payer hands over: `principal − discount + interest + fine`. */
  received: number;
  /** Open amount of the bill after this payment: `open − principal`. */
  remaining: number;
}

/**
 * Settles one payment against a bill with `open` centavos still to pay. Without `principal` the
 * whole open amount is settled; a principal below it is a partial payment and the rest stays open.
 *
 * @throws DomainError `validation` naming the amount that does not fit (principal above what is open,
 *   discount above the principal, nothing to settle).
 */
export function settlePayment(
  open: number,
  sent: Partial<PaymentAmounts> & { principal?: number | undefined },
): SettledPayment {
  const principal = sent.principal ?? open;
  const discount = sent.discount ?? 0;
  const interest = sent.interest ?? 0;
  const fine = sent.fine ?? 0;
  const problems: ErrorDetail[] = [];
  if (open <= 0) problems.push({ path: 'id', message: 'a conta não tem valor em aberto' });
  else if (principal <= 0) problems.push({ path: 'value', message: 'informe um valor acima de zero' });
  else if (principal > open) problems.push({ path: 'value', message: `acima do valor em aberto (${open} centavos)` });
  if (discount > principal) problems.push({ path: 'discount', message: 'desconto maior que o valor pago' });
  if (problems.length > 0) throw new DomainError('validation', 'Pagamento não fecha', problems);
  return {
    principal,
    discount,
    interest,
    fine,
    received: principal - discount + interest + fine,
    remaining: open - principal,
  };
}

/**
 * Late charges on `open` centavos paid `daysLate` days after the due date: a fine of `finePercent`
 * once and simple interest of `monthlyInterestPercent` per 30 days pro rata die, each rounded half up
 * to the centavo (the usual 2% multa and 1% a.m. juros of Brazilian bills; CDC art. 52 §1 caps the
 * fine at 2% for consumers, which callers apply).
 */
export function lateCharges(
  open: number,
  daysLate: number,
  finePercent: number,
  monthlyInterestPercent: number,
): { fine: number; interest: number } {
  if (daysLate <= 0) return { fine: 0, interest: 0 };
  // Percentages with up to 2 decimals are taken in hundredths of a percent so the product stays integer.
  const fineBp = Math.round(finePercent * 100);
  const interestBp = Math.round(monthlyInterestPercent * 100);
  return {
    fine: Math.floor((open * fineBp + 5000) / 10000),
    interest: Math.floor((open * interestBp * daysLate + 150000) / 300000),
  };
}

/** One payment method of a register as counted at closing, in centavos. */
export interface MethodCount {
  method: string;
  expected: number;
  counted: number;
  /** `counted − expected`: positive is a surplus (sobra), negative a shortfall (falta). */
  difference: number;
}

/**
 * Compares what a register should hold per method with what was counted. A method counted but never
 * moved is expected at 0; one moved but not counted is counted at 0 (the difference shows it).
 */
export function closeCounts(
  expected: Readonly<Record<string, number>>,
  counted: Readonly<Record<string, number>>,
): MethodCount[] {
  const methods = [...new Set([...Object.keys(expected), ...Object.keys(counted)])].sort();
  return methods.map((method) => {
    const e = expected[method] ?? 0;
    const c = counted[method] ?? 0;
    return { method, expected: e, counted: c, difference: c - e };
  });
}

/** A refund's amounts in centavos, adding up as a payment does: `received = principal − discount + interest`. */
export interface SettledRefund {
  /** Reopened on the bill. */
  principal: number;
  /** Handed back to the payer. */
  received: number;
  /** The part of the payment's discount undone by a closing refund. */
  discount: number;
  /** The part of the payment's interest and fine handed back. */
  interest: number;
}

/**
 * Refunds `value` centavos of a payment of which `earlier` refunds already took part (FIN-019). The bill
 * reopens by the refunded value, at most the principal left; the refund that hands back the last
 * centavo received (`value` = what is left) reopens all the principal left, so a payment refunded in
 * steps ends where its full reversal would (its discount undone too). Refunds never take more than was
 * received.
 *
 * @throws DomainError `validation` at `value` when it is not above zero or above what is left to refund.
 */
export function settleRefund(
  payment: { principal: number; received: number },
  earlier: { principal: number; received: number },
  value: number,
): SettledRefund {
  const leftReceived = payment.received - earlier.received;
  const leftPrincipal = payment.principal - earlier.principal;
  if (!Number.isInteger(value) || value <= 0)
    throw new DomainError('validation', 'Estorno inválido', [
      { path: 'value', message: 'informe um valor acima de zero' },
    ]);
  if (value > leftReceived)
    throw new DomainError('validation', 'Estorno acima do que foi pago', [
      { path: 'value', message: `restam ${leftReceived} centavos a estornar deste pagamento` },
    ]);
  return refundAmounts(value === leftReceived ? leftPrincipal : Math.min(value, leftPrincipal), value);
}

/** The amounts of a refund reopening `principal` and handing back `received` centavos. */
export function refundAmounts(principal: number, received: number): SettledRefund {
  return {
    principal,
    received,
    discount: Math.max(0, principal - received),
    interest: Math.max(0, received - principal),
  };
}
