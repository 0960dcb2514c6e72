/**
 * The finance bench's tenant and queries (finance.ts on the server's adapters, desk-finance-page.ts in
 * Chromium): RECORDS finance records (bills to receive, their payments, a cash register a day and its
 * movements over 2026) and the three reads timed, each beside the bare store queries it runs. Pure
 * core code: the Chromium page bundles it.
 */
import { bills, type Bill } from '#core/finance/bill-record.js';
import { patientCredits } from '#core/finance/credit-record.js';
import { patientPaymentInformation } from '#core/finance/payment-ops.js';
import { payments, type Payment } from '#core/finance/payment-record.js';
import { registerFlux } from '#core/finance/register-flux-ops.js';
import { cashMovements, cashRegisters, type CashMovement, type CashRegister } from '#core/finance/register-record.js';
import { registerDays } from '#core/finance/register-summary-record.js';
import { rebuildRegisterDays } from '#core/finance/register-summary-verify.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { addDays } from '#core/schedule/time.js';

/** Finance records in the tenant (bills + payments + registers + movements). */
export const RECORDS = Number(globalThis.process?.env.BENCH_FINANCE_RECORDS ?? 100_000);
/** Queries timed per kind and adapter (after one warm-up each). */
export const QUERIES = 30;
export const TENANT = 'bench-tenant';
const FIRST_DAY = '2026-01-01';
const DAYS = 365;
const AT = '2026-01-01T00:00:00.000-03:00';
/** Patients whose payment information is asked (real patient records); the rest are ids only. */
export const ASKED = 20;
export const PATIENTS = 2000;

const hex = (n: number) => n.toString(16).padStart(12, '0');
const id = (prefix: string, n: number) => `01900000-0000-7000-8${prefix}${hex(n).slice(3)}`;
const base = (i: string) => ({ id: i, tenantId: TENANT, createdAt: AT, updatedAt: AT });

/**
 * The tenant's finance records: 40% bills, 40% payments, the rest movements in a register a day; and the
 * registers' daily summaries (FIN-031) those movements give, as the core keeps them with each movement.
 */
export function financeRecords(count: number, patientIds: readonly string[]) {
  const billCount = Math.floor(count * 0.4);
  const movementCount = count - 2 * billCount - DAYS;
  const out = {
    bills: [] as Bill[],
    payments: [] as Payment[],
    registers: [] as CashRegister[],
    movements: [] as CashMovement[],
    registerDays: [] as ReturnType<typeof rebuildRegisterDays>,
  };
  for (let n = 0; n < billCount; n++) {
    const day = addDays(FIRST_DAY, n % DAYS);
    const paid = n % 3 !== 0;
    const amount = 5000 + (n % 97) * 150;
    out.bills.push({
      ...base(id('01', n)),
      type: 'receivable',
      description: `Consulta ${n}`,
      patient: patientIds[n % PATIENTS]!,
      amountCentavos: amount,
      paidCentavos: paid ? amount : 0,
      dueDate: day,
      status: paid ? 'paid' : 'open',
      source: 'manual',
      createdBy: 'bench',
    });
    out.payments.push({
      ...base(id('02', n)),
      kind: 'payment',
      bill: id('01', n),
      patient: patientIds[n % PATIENTS]!,
      principalCentavos: amount,
      discountCentavos: 0,
      interestCentavos: 0,
      fineCentavos: 0,
      receivedCentavos: amount,
      openBeforeCentavos: amount,
      method: n % 2 ? 'pix' : 'cash',
      paidAt: `${day}T10:00:00.000-03:00`,
      by: 'bench',
    });
  }
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(FIRST_DAY, d);
    out.registers.push({
      ...base(id('03', d)),
      station: `recepcao-${d % 3}`,
      user: 'bench',
      status: 'closed',
      openedAt: `${day}T08:00:00.000-03:00`,
      changeFundCentavos: 10_000,
    });
  }
  const kinds = ['receipt', 'receipt', 'receipt', 'withdrawal', 'supply'] as const;
  for (let n = 0; n < movementCount; n++) {
    const d = n % DAYS;
    const kind = kinds[n % kinds.length]!;
    const minute = String(Math.floor(n / DAYS) % 60).padStart(2, '0');
    out.movements.push({
      ...base(id('04', n)),
      register: id('03', d),
      kind,
      method: n % 2 ? 'pix' : 'cash',
      amountCentavos: kind === 'withdrawal' ? -2000 : 3000 + (n % 50) * 10,
      at: `${addDays(FIRST_DAY, d)}T${String(9 + (Math.floor(n / DAYS / 60) % 9)).padStart(2, '0')}:${minute}:00.000-03:00`,
      by: 'bench',
    });
  }
  out.registerDays = rebuildRegisterDays(TENANT, out.movements, AT);
  return out;
}

/** One timed read: the operation and the bare store queries it runs. */
export interface FinanceKind {
  query: string;
  run(i: number): Promise<unknown>;
  bare(i: number): Promise<unknown>;
  /** The bare queries the operation ran before the registers' daily summaries (FIN-031), when it changed. */
  before?: (i: number) => Promise<unknown>;
}

/** The three reads of the bench on `ctx`'s store; `asked` are the patients whose information is read. */
export function financeKinds(ctx: OperationContext, asked: readonly string[]): FinanceKind[] {
  const store = ctx.store;
  // What the flux reads now: the registers' days of the period, then their registers.
  const readDays = async (from: string, to: string) => {
    const days = await store
      .collection(registerDays)
      .find({ selector: { day: { $gte: from, $lte: to } }, sort: [{ day: 'asc' }] });
    await store
      .collection(cashRegisters)
      .find({ selector: { id: { $in: [...new Set(days.map((d) => d.register))] } } });
  };
  return [
    {
      query: 'flux of a day',
      run: (i: number) =>
        invoke(registerFlux, ctx, {
          from: addDays(FIRST_DAY, (i * 37) % DAYS),
          to: addDays(FIRST_DAY, (i * 37) % DAYS),
        }),
      bare: (i: number) => {
        const day = addDays(FIRST_DAY, (i * 37) % DAYS);
        return readDays(day, day);
      },
      before: async (i: number) => {
        const day = addDays(FIRST_DAY, (i * 37) % DAYS);
        const found = await store
          .collection(cashMovements)
          .find({ selector: { at: { $gte: addDays(day, -1), $lt: addDays(day, 2) } }, sort: [{ at: 'asc' }] });
        await store
          .collection(cashRegisters)
          .find({ selector: { id: { $in: [...new Set(found.map((m) => m.register))] } } });
      },
    },
    {
      query: 'flux of a month',
      run: (i: number) =>
        invoke(registerFlux, ctx, {
          from: addDays(FIRST_DAY, (i * 37) % 330),
          to: addDays(FIRST_DAY, ((i * 37) % 330) + 29),
        }),
      bare: (i: number) => {
        const from = addDays(FIRST_DAY, (i * 37) % 330);
        return readDays(from, addDays(from, 29));
      },
      before: async (i: number) => {
        const from = addDays(FIRST_DAY, (i * 37) % 330);
        const found = await store
          .collection(cashMovements)
          .find({ selector: { at: { $gte: addDays(from, -1), $lt: addDays(from, 31) } }, sort: [{ at: 'asc' }] });
        await store
          .collection(cashRegisters)
          .find({ selector: { id: { $in: [...new Set(found.map((m) => m.register))] } } });
      },
    },
    {
      query: 'patient payment information',
      run: (i: number) => invoke(patientPaymentInformation, ctx, { patient: asked[i % ASKED]! }),
      bare: async (i: number) => {
        const patient = asked[i % ASKED]!;
        await store.collection(patients).get(patient);
        await store
          .collection(bills)
          .find({ selector: { patient, dueDate: { $gte: '' } }, sort: [{ dueDate: 'asc' }], limit: 500 });
        await store
          .collection(payments)
          .find({ selector: { patient, paidAt: { $gte: '' } }, sort: [{ paidAt: 'desc' }], limit: 200 });
        // The patient's credit (credit-balance.ts): its entries and every payment of the patient.
        await store.collection(patientCredits).find({ selector: { patient, at: { $gte: '' } }, sort: [{ at: 'asc' }] });
        await store.collection(payments).find({ selector: { patient, paidAt: { $gte: '' } } });
      },
    },
  ];
}

/** The PATIENTS patient ids the bills name: `asked` (real patient records) first, then ids only. */
export function benchPatientIds(asked: readonly string[]): string[] {
  return Array.from({ length: PATIENTS }, (_, n) => (n < ASKED ? asked[n]! : id('05', n)));
}
