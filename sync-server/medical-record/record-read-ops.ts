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
import { getMedicalRecord, medicalRecordHistory } from '#core/medical-record/record-ops.js';
import { medicalRecords, type MedicalRecord } from '#core/medical-record/record.js';
import type { Operation, OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
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

/**
 * `operations` with `medicalRecord.get` and `medicalRecord.history` narrowed to the readers of each
 * record (the attending professional, accepted shares, administrators).
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
    return op;
  });
}
