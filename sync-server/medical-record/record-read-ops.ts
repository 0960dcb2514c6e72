/**
 * The record's reads on the server follow who may read clinical content (MED-036, MED-055; LGPD art. 11,
 * issue 23 "only the attending professional, professionals the record is shared with, and roles the clinic
 * grants"): `medicalRecord.get` answers 403 to a professional who neither attends the record nor holds an
 * accepted, live share of it; `medicalRecord.history` lists only such records for them. Administrators
 * (`access:write`) and API keys holding the permission read all, as for the documents (record-access.ts).
 *
 * Core's operations are left as they are: on a professional station they run over the records the
 * station holds, which are already those its user may read (MED-007, device-user.ts).
 */
import { can } from '#core/actor.js';
import { requireRecord } from '#core/common/records.js';
import {
  getGestation,
  type gestationListInput,
  listGestations,
  withAge,
} from '#core/medical-record/gestation/gestation-ops.js';
import { gestations } from '#core/medical-record/gestation/gestation-record.js';
import { getMedicalRecord, medicalRecordHistory } from '#core/medical-record/record-ops.js';
import { medicalRecords, type MedicalRecord } from '#core/medical-record/record.js';
import type { Operation, OperationContext } from '#core/operation.js';
import { DomainError } from '#core/errors.js';
import { patients } from '#core/patient/patient-record.js';
import type { z } from 'zod';
import type { Stored } from '#core/store/record.js';
import type { MedicalDocuments } from './document-service.js';
import { recordForReading } from './record-access.js';

/** Whether the actor reads every record of the account (an administrator, an integrator's key). */
function readsAll(ctx: OperationContext): boolean {
  return ctx.actor.kind !== 'user' || can(ctx.actor, 'access:write');
}

/** Newest first, ties by id, as the store sorts the history. */
const newestFirst = (a: MedicalRecord, b: MedicalRecord) =>
  a.startedUtc === b.startedUtc ? a.id.localeCompare(b.id) : b.startedUtc.localeCompare(a.startedUtc);

/**
 * One history page for a professional: their own records plus those shared with them, each read through
 * the guarded store (so only those are audited as read), newest first.
 */
async function ownAndSharedPage(
  ctx: OperationContext,
  docs: MedicalDocuments,
  input: { id: string; limit: number; before?: string | undefined },
) {
  const { id, limit, before } = input;
  await requireRecord(ctx.store.collection(patients), id, 'Paciente');
  const start = before ? { $lt: new Date(before).toISOString() } : { $gte: '' };
  const collection = ctx.store.collection(medicalRecords);
  const own = await collection.find({
    selector: { patient: id, professional: ctx.actor.id, startedUtc: start },
    sort: [{ startedUtc: 'desc' }],
    limit: limit + 1,
  });
  const sharedIds = await docs.sharedWith(ctx.actor.tenantId, ctx.actor.id);
  const shared: Stored<MedicalRecord>[] =
    sharedIds.length === 0
      ? []
      : await collection.find({ selector: { id: { $in: sharedIds }, patient: id, startedUtc: start } });
  const seen = new Set<string>();
  const found = [...own, ...shared].filter((r) => !seen.has(r.id) && seen.add(r.id)).sort(newestFirst);
  const items = found.slice(0, limit);
  return { items, next: found.length > limit ? items.at(-1)!.startedUtc : null };
}

/** A gestation for a professional: theirs, or registered in a record shared with them (MED-056). */
async function sharedGestation(ctx: OperationContext, docs: MedicalDocuments, id: string) {
  const gestation = await requireRecord(ctx.store.collection(gestations), id, 'Gestação');
  const shared = gestation.medicalRecord
    ? (await docs.sharedWith(ctx.actor.tenantId, ctx.actor.id)).includes(gestation.medicalRecord)
    : false;
  if (!readsAll(ctx) && gestation.professional !== ctx.actor.id && !shared)
    throw new DomainError('forbidden', 'Só o profissional que acompanha a gestação ou um administrador', [
      { path: 'id', message: 'gestação acompanhada por outro profissional' },
    ]);
  return withAge(ctx, gestation);
}

/** The gestations a professional follows plus those registered in records shared with them, by due date. */
async function ownAndSharedGestations(
  ctx: OperationContext,
  docs: MedicalDocuments,
  input: z.output<typeof gestationListInput>,
) {
  const { status, patient, limit } = input;
  const selector = { ...(status === 'all' ? {} : { status }), ...(patient ? { patient } : {}) };
  const collection = ctx.store.collection(gestations);
  const own = await collection.find({
    selector: { ...selector, professional: ctx.actor.id },
    sort: [{ dueDate: 'asc' }],
    limit,
  });
  const records = await docs.sharedWith(ctx.actor.tenantId, ctx.actor.id);
  const shared =
    records.length === 0 ? [] : await collection.find({ selector: { ...selector, medicalRecord: { $in: records } } });
  const seen = new Set<string>();
  const found = [...own, ...shared]
    .filter((g) => !seen.has(g.id) && seen.add(g.id))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id))
    .slice(0, limit);
  return { items: await Promise.all(found.map((g) => withAge(ctx, g))) };
}

/**
 * `operations` with `medicalRecord.get` and `medicalRecord.history` narrowed to the readers of each
 * record (the attending professional, accepted shares, administrators), and `gestation.get`/`.list`
 * widened to the gestations registered in records shared with the professional.
 */
export function withRecordReaders(operations: readonly Operation[], docs: MedicalDocuments): Operation[] {
  return operations.map((op): Operation => {
    if (op === (getMedicalRecord as unknown as Operation))
      return { ...op, run: (ctx, input) => recordForReading(ctx, docs, (input as { id: string }).id) };
    if (op === (medicalRecordHistory as unknown as Operation))
      return {
        ...op,
        description:
          'O profissional vê os atendimentos que conduziu e os compartilhados com ele (aceitos); administradores veem todos.',
        run: (ctx, input) =>
          readsAll(ctx)
            ? op.run(ctx, input)
            : ownAndSharedPage(ctx, docs, input as { id: string; limit: number; before?: string }),
      };
    if (op === (getGestation as unknown as Operation))
      return { ...op, run: (ctx, input) => sharedGestation(ctx, docs, (input as { id: string }).id) };
    if (op === (listGestations as unknown as Operation))
      return {
        ...op,
        run: (ctx, input) =>
          readsAll(ctx)
            ? op.run(ctx, input)
            : ownAndSharedGestations(ctx, docs, input as z.output<typeof gestationListInput>),
      };
    return op;
  });
}
