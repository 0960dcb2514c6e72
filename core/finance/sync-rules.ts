/**
 * What sync checks of finance records pushed by desks that worked offline (docs/decisions/finance.md
 * FIN-004). Payments and register movements are append-only: a pushed edit of one is refused. Two
 * desks that mark one bill paid offline each append a payment taken from the same open amount; both
 * stay stored (nothing typed is dropped) and the second is listed for a person with both payments'
 * details (never merged silently). The bill itself, edited on both desks, merges field by field when
 * the edits do not touch the same fields; when both moved its money (paid sum, status) the server's
 * version stays and the desk's goes to the conflict list.
 */
import { formatCentavos } from '#core/br/format.js';
import type { ErrorDetail } from '#core/errors.js';
import type { Store } from '#core/store/port.js';
import type { ConflictHandler } from '#core/sync/record-rules.js';
import { bills, type Bill } from './bill-record.js';
import { statusFor } from './finance-common.js';
import { payments, type Payment } from './payment-record.js';
import { standings } from './payment-standing.js';
import { creditOf } from './credit-balance.js';
import { cashRegisters } from './register-record.js';

type Doc = Record<string, unknown>;

const BOOKKEEPING = new Set(['updatedAt', '_rev', '_deleted', '_meta', '_attachments']);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Fields that differ between two versions, bookkeeping aside. */
function changedFields(a: Doc, b: Doc): string[] {
  return Object.keys({ ...a, ...b }).filter((f) => !BOOKKEEPING.has(f) && !same(a[f], b[f]));
}

/** Append-only records: a pushed version of an existing one must be the same record. */
export function appendOnlyProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) return [];
  const changed = changedFields(previous, next);
  return changed.length === 0 ? [] : [{ path: changed[0]!, message: 'um lançamento não é editado: lance um estorno' }];
}

/** A pushed payment adds up: received = principal − discount + interest + fine, principal within what was open. */
export function paymentPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  const problems = appendOnlyProblems(next, previous);
  const n = (f: string) => (typeof next[f] === 'number' ? next[f] : 0);
  if (
    n('receivedCentavos') !==
    n('principalCentavos') - n('discountCentavos') + n('interestCentavos') + n('fineCentavos')
  )
    problems.push({ path: 'receivedCentavos', message: 'valor − desconto + juros + multa não fecha' });
  if (next.kind === 'payment' && n('principalCentavos') > n('openBeforeCentavos'))
    problems.push({ path: 'principalCentavos', message: 'acima do que estava em aberto' });
  if ((next.kind === 'reversal' || next.kind === 'refund') && typeof next.reverses !== 'string')
    problems.push({ path: 'reverses', message: 'um estorno nomeia o pagamento' });
  return problems;
}

/** A pushed bill: its paid sum within its value and its status the one that sum gives. */
export function billPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  const amount = next.amountCentavos as number;
  const paid = next.paidCentavos as number;
  const problems: ErrorDetail[] = [];
  if (paid > amount) problems.push({ path: 'paidCentavos', message: 'pago acima do valor da conta' });
  const status = next.status as Bill['status'];
  if (status !== 'split' && status !== 'cancelled' && statusFor({ amountCentavos: amount, status }, paid) !== status)
    problems.push({ path: 'status', message: 'status não corresponde ao valor pago' });
  if (
    previous &&
    (previous.status === 'split' || previous.status === 'cancelled') &&
    changedFields(previous, next).length > 0
  )
    problems.push({ path: 'status', message: 'uma conta parcelada ou cancelada não muda' });
  return problems;
}

/** A pushed register: a closed one does not change; it never moves to another station. */
export function registerPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) return [];
  if (previous.station !== next.station) return [{ path: 'station', message: 'um caixa não muda de estação' }];
  if (previous.status === 'closed' && changedFields(previous, next).length > 0)
    return [{ path: 'status', message: 'um caixa fechado não muda' }];
  return [];
}

/**
 * Merges two versions of a bill edited on two desks when their edits touch different fields; when both
 * changed one field (the paid sum after two payments, above all) a person decides.
 */
export const mergeBill: ConflictHandler = (master, assumed, pushed) => {
  if (!assumed) return undefined;
  const theirs = new Set(changedFields(assumed, master));
  const ours = changedFields(assumed, pushed);
  if (ours.some((f) => theirs.has(f))) return undefined;
  const merged: Doc = { ...master };
  for (const f of ours) {
    if (pushed[f] === undefined) delete merged[f];
    else merged[f] = pushed[f];
  }
  merged.updatedAt = String(master.updatedAt) > String(pushed.updatedAt) ? master.updatedAt : pushed.updatedAt;
  return merged;
};

function describePayment(p: Payment): string {
  return `pagamento ${p.id}: ${formatCentavos(p.receivedCentavos)} em ${p.method}, ${p.paidAt}, por ${p.by}${p.register ? `, caixa ${p.register}` : ''}`;
}

/**
 * A payment written that another live payment of the same bill did not know about: both taken from
 * the same open amount, or together settling more than the bill. Lists it with both payments.
 */
export async function concurrentPayments(store: Store, written: Doc): Promise<ErrorDetail[]> {
  if (written.kind !== 'payment' || typeof written.bill !== 'string') return [];
  const overdrawn = written.method === 'patientCredit' ? await overdrawnCredit(store, written) : [];
  const all = await store.collection(payments).find({ selector: { bill: written.bill }, limit: 200 });
  const standing = standings(all);
  const live = standing.map((s) => s.payment);
  const self = live.find((p) => p.id === written.id);
  if (!self) return overdrawn;
  const bill = await store.collection(bills).get(written.bill);
  const twins = live.filter((p) => p.id !== self.id && p.openBeforeCentavos === self.openBeforeCentavos);
  const total = standing.reduce((s, p) => s + p.principal, 0);
  const over = bill !== undefined && total > bill.amountCentavos;
  if (twins.length === 0 && !over) return overdrawn;
  const others = twins.length > 0 ? twins : live.filter((p) => p.id !== self.id);
  return [
    {
      path: 'bill',
      message:
        `conta ${written.bill}${bill?.patient ? ` do paciente ${bill.patient}` : ''} recebeu pagamentos de duas mesas sem que uma soubesse da outra` +
        `${over ? ` (soma ${formatCentavos(total)} acima do valor ${formatCentavos(bill.amountCentavos)})` : ''}: ` +
        [self, ...others].map(describePayment).join('; '),
    },
    ...overdrawn,
  ];
}

/**
 * A patient's credit taken below zero (FIN-017): two desks applied, or handed back, the same credit
 * offline. Both records stay; the entry names the patient and the balance for a person to settle.
 */
export async function overdrawnCredit(store: Store, written: Doc): Promise<ErrorDetail[]> {
  if (typeof written.patient !== 'string') return [];
  const { balance } = await creditOf(store, written.patient);
  if (balance.unapplied >= 0) return [];
  return [
    {
      path: 'patient',
      message: `crédito do paciente ${written.patient} ficou negativo (${formatCentavos(balance.unapplied)}): recebido ${formatCentavos(balance.received)}, aplicado ${formatCentavos(balance.applied)}, devolvido ${formatCentavos(balance.refunded)}`,
    },
  ];
}

/** Two open registers of one station (opened on two desks sharing a station id): listed. */
export async function sharedStation(store: Store, written: Doc): Promise<ErrorDetail[]> {
  if (written.status !== 'open' || typeof written.station !== 'string') return [];
  const open = await store
    .collection(cashRegisters)
    .find({ selector: { station: written.station, status: 'open' }, limit: 3 });
  const others = open.filter((r) => r.id !== written.id);
  return others.length === 0
    ? []
    : [
        {
          path: 'station',
          message: `estação ${written.station} com outro caixa aberto: ${others.map((r) => r.id).join(', ')}`,
        },
      ];
}
