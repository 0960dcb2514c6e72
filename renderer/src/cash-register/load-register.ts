/**
 * What the Caixa screen shows, read from the desk's own database (so it works offline all day): this
 * station's open register with its balance per method (the sum of its movements, FIN-003), registers
 * of the station still to be counted (`closing`), the register's movements, and today's appointments
 * with a copart — what each still has open and the payments it took (each one's receipt).
 */
import { standings } from '#core/finance/payment-standing.js';
import { users } from '#core/access/user.js';
import { bills } from '#core/finance/bill-record.js';
import { FINANCE_TIME_ZONE } from '#core/finance/finance-common.js';
import { payments, type Payment } from '#core/finance/payment-record.js';
import { balanceByMethod, cashMovements, cashRegisters, type CashMovement } from '#core/finance/register-record.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { toCentavos } from '#core/price/money.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { receivables } from '#core/schedule/receivable-record.js';
import { STATUS } from '#core/schedule/status.js';
import { addDays, dayIn, startOfDayIn } from '#core/schedule/time.js';
import type { Stored } from '#core/store/record.js';

/** Collections the screen reads: any change reloads it. */
export const REGISTER_READS = [
  cashRegisters,
  cashMovements,
  appointments,
  receivables,
  bills,
  payments,
  patients,
  users,
] as const;

/** One appointment of the day the reception may charge. */
export interface ChargeRow {
  appointment: string;
  /** `09:30`, in the clinic's zone. */
  time: string;
  patientName: string;
  professionalName: string;
  status: number;
  copartCentavos: number;
  /** What is still open: the bill's open amount, or the whole copart before any charge. */
  openCentavos: number;
  paymentMethod?: string;
  /** Live payments taken for it, newest last (each has a receipt). */
  payments: Pick<Payment, 'id' | 'method' | 'receivedCentavos' | 'paidAt'>[];
}

/** The screen's data. */
export interface RegisterView {
  station: string;
  register?: { id: string; openedAt: string; changeFundCentavos: number };
  /** This station's registers whose closing was started and not yet counted. */
  closing: { id: string; openedAt: string; balance: Record<string, number> }[];
  /** Centavos per method on the open register. */
  balance: Record<string, number>;
  movements: Stored<CashMovement>[];
  charges: ChargeRow[];
}

const LIVE: readonly number[] = [STATUS.scheduled, STATUS.waiting, STATUS.called, STATUS.inAttendance, STATUS.attended];

/** Reads the station's register and the day's charges (`now` for "today", São Paulo's calendar, FIN-005). */
export async function loadRegister(ctx: OperationContext, station: string, now = new Date()): Promise<RegisterView> {
  const store = ctx.store;
  const registers = await store.collection(cashRegisters).find({ selector: { station } });
  const open = registers.find((r) => r.status === 'open');
  const movements = open
    ? await store.collection(cashMovements).find({ selector: { register: open.id }, sort: [{ at: 'asc' }] })
    : [];
  const day = dayIn(now, FINANCE_TIME_ZONE);
  const from = startOfDayIn(day, FINANCE_TIME_ZONE).toISOString();
  const to = startOfDayIn(addDays(day, 1), FINANCE_TIME_ZONE).toISOString();
  const todays = (
    await store
      .collection(appointments)
      .find({ selector: { startUtc: { $gte: from, $lt: to } }, sort: [{ startUtc: 'asc' }] })
  ).filter((a) => LIVE.includes(a.status) && (a.copart ?? 0) > 0);
  const charges: ChargeRow[] = [];
  for (const a of todays) {
    const [patient, professional, charge] = await Promise.all([
      store.collection(patients).get(a.patient),
      store.collection(users).get(a.professional),
      store
        .collection(receivables)
        .find({ selector: { appointment: a.id }, limit: 1 })
        .then(([c]) => c),
    ]);
    const bill = charge
      ? (await store.collection(bills).find({ selector: { receivable: charge.id }, limit: 1 }))[0]
      : undefined;
    const all = bill
      ? await store.collection(payments).find({ selector: { bill: bill.id }, sort: [{ paidAt: 'asc' }] })
      : [];
    const copartCentavos = toCentavos(a.copart ?? 0);
    charges.push({
      appointment: a.id,
      time: a.start.slice(11, 16),
      patientName: patient?.socialName ?? patient?.name ?? '',
      professionalName: professional?.name ?? '',
      status: a.status,
      copartCentavos,
      openCentavos: bill
        ? bill.status === 'cancelled' || bill.status === 'split'
          ? 0
          : bill.amountCentavos - bill.paidCentavos
        : charge
          ? charge.amountCentavos
          : copartCentavos,
      ...(a.paymentMethod ? { paymentMethod: a.paymentMethod } : {}),
      // What stands of each payment: reversals and partial refunds (FIN-019) taken off.
      payments: standings(all)
        .filter((s) => s.received > 0 || s.principal > 0)
        .map(({ payment: p, received }) => ({
          id: p.id,
          method: p.method,
          receivedCentavos: received,
          paidAt: p.paidAt,
        })),
    });
  }
  return {
    station,
    ...(open
      ? { register: { id: open.id, openedAt: open.openedAt, changeFundCentavos: open.changeFundCentavos } }
      : {}),
    closing: await Promise.all(
      registers
        .filter((r) => r.status === 'closing')
        .map(async (r) => ({
          id: r.id,
          openedAt: r.openedAt,
          balance: balanceByMethod(await store.collection(cashMovements).find({ selector: { register: r.id } })),
        })),
    ),
    balance: balanceByMethod(movements),
    movements: [...movements].reverse(),
    charges,
  };
}
