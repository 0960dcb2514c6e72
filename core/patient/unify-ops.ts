/**
 * Unifying two records of one person (spec §4.4 Patient: "unify patients' medical records"): every
 * record that points at the duplicate moves to the patient kept, the duplicate's data fills what the
 * kept one lacks, and the duplicate is inactivated with `mergedInto`, all in one store transaction.
 * The merge is recorded on the kept patient (`merges`) and answered as a report; listeners registered
 * with {@link onPatientsUnified} run inside the same transaction (the audit log's hook).
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { EXAMPLE_ID, idInput, invalidTransition, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { patients, type MovedReferences, type Patient, type PatientMerge } from './patient-record.js';
import { requirePatient } from './patient-rules.js';
import { mergeOutput, patientOutput } from './patient-schemas.js';
import { patientReferences, type PatientReference } from './references.js';

/** Called inside the unification's transaction; throwing undoes the whole unification. */
export type UnifyListener = (ctx: OperationContext, merge: PatientMerge & { kept: string }) => Promise<void>;

const listeners: UnifyListener[] = [];

/**
 * Registers a listener run inside every unification's transaction, with the transaction's store in
 * `ctx.store` (e.g. to write an audit entry that lands or not with the merge). @returns its removal.
 */
export function onPatientsUnified(listener: UnifyListener): () => void {
  listeners.push(listener);
  return () => {
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}

/** Records moved per query round: bounded memory whatever the duplicate's history. */
const BATCH = 200;

async function moveReferences(
  store: Store,
  reference: PatientReference,
  from: string,
  to: string,
  now: string,
): Promise<number> {
  const collection = store.collection(reference.collection as unknown as CollectionDef<RecordBase>);
  let count = 0;
  for (;;) {
    // Each moved record stops matching, so the next round finds the following ones.
    const batch = await collection.find({ selector: { [reference.field]: from }, limit: BATCH });
    if (batch.length === 0) return count;
    for (const doc of batch) {
      await collection.update(doc.id, doc._rev, { ...doc, [reference.field]: to, updatedAt: now });
      count++;
    }
  }
}

function unionBy<T>(first: readonly T[], second: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(first.map(key));
  return [...first, ...second.filter((item) => !seen.has(key(item)))];
}

/** The kept patient's data completed with the duplicate's: its own values win, lists are joined. */
export function mergePatientData(kept: Patient, duplicate: Patient): Patient {
  const filled: Patient = { ...kept };
  const scalars = [
    'socialName',
    'cpf',
    'cns',
    'rg',
    'birthDate',
    'sex',
    'motherName',
    'cellPhone',
    'phone',
    'email',
    'address',
    'notes',
  ] as const;
  for (const field of scalars) {
    if (filled[field] === undefined && duplicate[field] !== undefined)
      (filled as unknown as Record<string, unknown>)[field] = duplicate[field];
  }
  filled.insurances = unionBy(kept.insurances, duplicate.insurances, (c) => `${c.insurance}/${c.insurancePlan ?? ''}`);
  filled.allergies = unionBy(kept.allergies, duplicate.allergies, (a) => a.substance.toLowerCase());
  filled.vaccines = unionBy(kept.vaccines, duplicate.vaccines, (v) => v.id);
  filled.temporary = kept.temporary && duplicate.temporary;
  return filled;
}

/** `patient.unify`: `POST /patient/{id}/unification`. */
export const unifyPatients = defineOperation({
  name: 'patient.unify',
  group: 'Patient',
  summary: 'Unifica dois cadastros do mesmo paciente: tudo do duplicado passa para o mantido',
  description:
    'O paciente do caminho é mantido; `duplicate` é inativado com `mergedInto`. Agendamentos, orçamentos e ' +
    'demais registros que apontam para o duplicado passam ao mantido numa única transação.',
  permission: 'patient:write',
  input: z.strictObject({
    id: idInput.describe('paciente mantido'),
    duplicate: refInput(() => patients).describe('cadastro duplicado'),
  }),
  output: z.object({ message: z.string(), patient: patientOutput, report: mergeOutput.extend({ kept: z.string() }) }),
  http: { method: 'POST', path: '/patient/{id}/unification' },
  example: { id: EXAMPLE_ID, duplicate: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4c' },
  async run(ctx, { id, duplicate: duplicateId }) {
    if (id === duplicateId) {
      throw new DomainError('validation', 'Escolha dois cadastros diferentes', [
        { path: 'duplicate', message: 'igual ao paciente mantido' },
      ]);
    }
    return ctx.store.transaction(async (store) => {
      const tx: OperationContext = { ...ctx, store };
      const kept = await requirePatient(tx, id);
      const duplicate = await requirePatient(tx, duplicateId, 'duplicate');
      if (!kept.active) throw invalidTransition('O paciente mantido está inativo', 'id');
      if (duplicate.mergedInto)
        throw invalidTransition(`O duplicado já foi unificado em ${duplicate.mergedInto}`, 'duplicate');
      const now = nowIso(ctx);
      const moved: MovedReferences[] = [];
      for (const reference of patientReferences()) {
        const count = await moveReferences(store, reference, duplicate.id, kept.id, now);
        moved.push({ collection: reference.collection.name, field: reference.field, count });
      }
      const merge: PatientMerge = {
        duplicate: duplicate.id,
        duplicateName: duplicate.name,
        at: now,
        by: { kind: ctx.actor.kind, id: ctx.actor.id },
        moved,
      };
      const collection = store.collection(patients);
      // The duplicate goes first: once inactive, its CPF may pass to the kept patient.
      await collection.update(duplicate.id, duplicate._rev, {
        ...duplicate,
        active: false,
        mergedInto: kept.id,
        inactivatedAt: now,
        inactivationReason: `Unificado em ${kept.name} (${kept.id})`,
        updatedAt: now,
      });
      const patient = await collection.update(kept.id, kept._rev, {
        ...mergePatientData(kept, duplicate),
        merges: [...kept.merges, merge],
        updatedAt: now,
      });
      const report = { ...merge, kept: kept.id };
      for (const listener of listeners) await listener(tx, report);
      return { message: 'Pacientes unificados', patient, report };
    });
  },
});
