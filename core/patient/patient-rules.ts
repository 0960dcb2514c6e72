/**
 * Rules every write of a patient obeys: a CPF belongs to one active patient of the account, a birth
 * date is not in the future, insurance cards point at the account's insurances and their plans.
 */
import { DomainError } from '#core/errors.js';
import { compact, conflictOn, nowIso, requireRecord, requireReference } from '#core/common/records.js';
import { requireInsuranceScope } from '#core/insurance/scope.js';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { patients, type Patient, type PatientInsurance } from './patient-record.js';

/** Loads a patient (temporary or not): 404 when the path's `id` names none, 400 naming any other field. */
export function requirePatient(
  ctx: Pick<OperationContext, 'store'>,
  id: string,
  path = 'id',
): Promise<Stored<Patient>> {
  const collection = ctx.store.collection(patients);
  return path === 'id' ? requireRecord(collection, id, 'Paciente') : requireReference(collection, id, 'Paciente', path);
}

/**
 * @throws DomainError `conflict` naming `cpf` when another active patient has it; the detail names
 *   that patient as a person reads it (`CPF já cadastrado (Maria Silva)`), so the reception knows
 *   whom to open (or unify); an integrator finds the id with `GET /patient/cpf/{cpf}`.
 */
export async function assertCpfFree(
  ctx: Pick<OperationContext, 'store'>,
  cpf: string | undefined,
  self?: string,
): Promise<void> {
  if (!cpf) return;
  const taken = await ctx.store.collection(patients).find({ selector: { cpf, active: true }, limit: 2 });
  const other = taken.find((p) => p.id !== self);
  if (other)
    throw conflictOn('cpf', 'CPF já cadastrado para outro paciente ativo', `CPF já cadastrado (${other.name})`);
}

/** Today in the runtime's zone as `YYYY-MM-DD` (birth dates carry no zone). */
function today(ctx: Pick<OperationContext, 'clock'>): string {
  const now = ctx.clock.now();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** @throws DomainError `validation` naming `birthDate` for a date after today or before 1900. */
export function assertBirthDate(ctx: Pick<OperationContext, 'clock'>, birthDate: string | undefined): void {
  if (birthDate === undefined) return;
  if (birthDate > today(ctx) || birthDate < '1900-01-01') {
    throw new DomainError('validation', 'Data de nascimento inválida', [
      { path: 'birthDate', message: 'não pode ser futura nem anterior a 1900' },
    ]);
  }
}

/**
 * @throws DomainError `not_found` naming `insurances.N.insurance` / `.insurancePlan` for an
 *   insurance or plan the account does not have; `validation` for the same insurance twice.
 */
export async function assertInsuranceCards(
  ctx: Pick<OperationContext, 'store'>,
  cards: readonly PatientInsurance[],
): Promise<void> {
  const seen = new Set<string>();
  for (const [i, card] of cards.entries()) {
    await requireInsuranceScope(ctx, card, `insurances.${i}`);
    const key = `${card.insurance}/${card.insurancePlan ?? ''}`;
    if (seen.has(key)) {
      throw new DomainError('validation', 'Convênio repetido', [
        { path: `insurances.${i}.insurance`, message: 'mesmo convênio e plano informados duas vezes' },
      ]);
    }
    seen.add(key);
  }
}

/** All of the above for the fields a write sets. */
export async function checkPatientFields(
  ctx: Pick<OperationContext, 'store' | 'clock'>,
  values: {
    cpf?: string | undefined;
    birthDate?: string | undefined;
    insurances?: readonly PatientInsurance[] | undefined;
  },
  self?: string,
): Promise<void> {
  assertBirthDate(ctx, values.birthDate);
  await assertInsuranceCards(ctx, values.insurances ?? []);
  await assertCpfFree(ctx, values.cpf, self);
}

/**
 * Inactivates a patient (temporary or not), keeping when and why; already inactive stays as is.
 * @throws DomainError `conflict` when the record changed since `current` was read.
 */
export async function inactivatePatientRecord(
  ctx: Pick<OperationContext, 'store' | 'clock'>,
  current: Stored<Patient>,
  reason: string | undefined,
): Promise<Stored<Patient>> {
  if (!current.active) return current;
  const now = nowIso(ctx);
  return ctx.store
    .collection(patients)
    .update(
      current.id,
      current._rev,
      compact({ ...current, active: false, inactivatedAt: now, inactivationReason: reason, updatedAt: now }),
    );
}
