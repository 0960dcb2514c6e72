/**
 * A stored batch as the TISS message it becomes: its attendances, the insurance's TISS parameters
 * (ANS registry, provider code, version) and the clinic's identification (CNPJ, CNES), resolved into
 * the writer's plain input (tiss/tiss-data.ts), then written and, where asked, validated.
 */
import { clinics } from '#core/clinic/clinic-record.js';
import { requireRecord } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import type { OperationContext } from '#core/operation.js';
import { toCentavos } from '#core/price/money.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { billingAttendances, type BillingAttendance } from './attendance-record.js';
import type { BillingBatch } from './batch-record.js';
import { writeBatchMessage, type TissMessage } from './tiss/message.js';
import { validateTissMessage, type TissProblem } from './tiss/schema-validator.js';
import type { TissBatch, TissGuide } from './tiss/tiss-data.js';

/** CNES the ANS asks for when the provider has none. */
const NO_CNES = '9999999';

/** The attendances of `batch`, in its order. */
export async function attendancesOf(store: Store, batch: BillingBatch): Promise<Stored<BillingAttendance>[]> {
  if (batch.attendances.length === 0) return [];
  const found = await store.collection(billingAttendances).find({ selector: { id: { $in: batch.attendances } } });
  const byId = new Map(found.map((a) => [a.id, a]));
  return batch.attendances.flatMap((id) => byId.get(id) ?? []);
}

/** One attendance as the writer's guide; prices go to centavos here, once. */
export function guideOf(attendance: BillingAttendance): TissGuide {
  return {
    guideNumber: attendance.guideNumber,
    cardNumber: attendance.cardNumber,
    newborn: attendance.newborn,
    authorizationCode: attendance.authorizationCode,
    authorizationDate: attendance.authorizationDate,
    date: attendance.date,
    consultationType: attendance.returnVisit ? '2' : '1',
    professional: attendance.professionalData,
    notes: attendance.justification,
    planName: attendance.planName,
    stay: attendance.hospitalStay,
    items: attendance.items.map((item) => ({
      table: item.table,
      code: item.code,
      description: item.description,
      quantity: item.quantity,
      unitCentavos: toCentavos(item.unitValue),
      expenseCode: item.expenseCode,
      date: item.date,
      tooth: item.tooth,
      faces: item.toothFace,
      region: item.toothRegion,
      team: item.team,
    })),
  };
}

/**
 * The writer's input for `batch` at `now`.
 *
 * @throws DomainError `validation` when the batch is empty or the insurance or clinic lack what the
 *   header needs (ANS registry; provider code or CNPJ).
 */
export async function tissBatchOf(ctx: OperationContext, batch: BillingBatch): Promise<TissBatch> {
  const insurance = await requireRecord(ctx.store.collection(insurances), batch.insurance, 'Convênio');
  const clinic = await requireRecord(ctx.store.collection(clinics), batch.clinic, 'Clínica');
  const attendances = await attendancesOf(ctx.store, batch);
  const problems: ErrorDetail[] = [];
  if (attendances.length === 0) problems.push({ path: 'attendances', message: 'lote sem atendimentos' });
  if (!insurance.ansRegistry) problems.push({ path: 'insurance', message: 'convênio sem registro ANS' });
  if (!insurance.providerCode && !clinic.cnpj)
    problems.push({ path: 'insurance', message: 'informe o código do prestador no convênio ou o CNPJ da clínica' });
  if (problems.length) throw new DomainError('validation', 'Lote incompleto para o XML TISS', problems);
  // TISS dates and times carry no offset: the clinic's wall clock ('sv-SE' writes `AAAA-MM-DD HH:MM:SS`).
  const local = ctx.clock.now().toLocaleString('sv-SE', { timeZone: clinic.timeZone, hour12: false });
  return {
    version: batch.tissVersion,
    batchNumber: String(batch.batchNumber),
    transactionNumber: String(batch.batchNumber),
    day: local.slice(0, 10),
    time: local.slice(11, 19),
    ansRegistry: insurance.ansRegistry!,
    provider: {
      providerCode: insurance.providerCode,
      cnpj: clinic.cnpj,
      cnes: clinic.cnes ?? NO_CNES,
      name: clinic.legalName ?? clinic.name,
    },
    guideType: batch.guideType,
    guides: attendances.map(guideOf),
  };
}

/** A written batch and what the schema check found (empty when valid). */
export interface CheckedMessage extends TissMessage {
  problems: TissProblem[];
}

/** Writes `batch` and checks it against the ANS schemas of its version. */
export async function checkedMessage(ctx: OperationContext, batch: BillingBatch): Promise<CheckedMessage> {
  const message = writeBatchMessage(await tissBatchOf(ctx, batch));
  return { ...message, problems: await validateTissMessage(message.bytes, batch.tissVersion) };
}
