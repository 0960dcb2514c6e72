/**
 * What the medical-record operations share: loading a record, who may change it, the CID-10 checks
 * of a diagnosis, and building a new record.
 */
import { can } from '#core/actor.js';
import { invalidTransition, newRecordBase, nowIso, requireRecord } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { utcKey } from '#core/schedule/time.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { cid10Table } from './cid10/cid10.js';
import { medicalRecords, SECTIONS, type MedicalRecord, type SectionEntry, type SectionName } from './record.js';

/** The record with `id`, or 404 (also for another account's id). */
export function loadRecord(store: Store, id: string): Promise<Stored<MedicalRecord>> {
  return requireRecord(store.collection(medicalRecords), id, 'Prontuário');
}

/** @throws DomainError `forbidden` unless the actor is the record's attending professional. */
export function requireAttending(ctx: OperationContext, record: MedicalRecord, what: string): void {
  if (ctx.actor.id !== record.professional)
    throw new DomainError('forbidden', `Só o profissional do atendimento ${what}`, [
      { path: 'id', message: 'o atendimento é de outro profissional' },
    ]);
}

/** @throws DomainError `forbidden` unless the actor is the record's professional or administers access. */
export function requireMayTransfer(ctx: OperationContext, record: MedicalRecord): void {
  if (!can(ctx.actor, 'access:write')) requireAttending(ctx, record, 'transfere o atendimento');
}

/**
 * @throws DomainError `invalid_transition` (409) when the record is finished: CFM Res. 1.638/2002 and
 *   1.821/2007 keep a finished record as it was signed; what comes later is an addendum.
 */
export function requireOpen(record: MedicalRecord): void {
  if (record.status === 'finished')
    throw invalidTransition(
      'Prontuário finalizado não pode ser alterado: registre um adendo (POST /medicalRecord/{id}/addendum)',
      'id',
      `finalizado em ${record.finishedAt ?? ''}`.trim(),
    );
}

/** Section texts as an edit sends them: any subset, plus the diagnosis' CID-10 codes. */
export type SectionTexts = Partial<Record<SectionName, string>> & { cid10?: string[] | undefined };

/**
 * The CID-10 codes in the table's spelling (`J45.0`).
 * @throws DomainError `validation` naming each code the DATASUS table lacks.
 */
export async function canonicalCodes(codes: readonly string[]): Promise<string[]> {
  const table = await cid10Table();
  const details: ErrorDetail[] = [];
  const canonical = codes.map((code, i) => {
    const entry = table.find(code);
    if (!entry) details.push({ path: `cid10.${i}`, message: `código CID-10 desconhecido: ${code}` });
    return entry?.code ?? code;
  });
  if (details.length > 0) throw new DomainError('validation', 'Código CID-10 inválido', details);
  return [...new Set(canonical)];
}

const SEX_NAMES = { F: 'feminino', M: 'masculino' } as const;

/**
 * Warnings (never refusals: the table's restriction has exceptions a professional judges) for each
 * code restricted to the sex the patient's record does not have. No warning when the sex is unknown
 * or intersex.
 */
export async function sexWarnings(store: Store, patientId: string, codes: readonly string[]): Promise<ErrorDetail[]> {
  const patient = await store.collection(patients).get(patientId);
  const sex = patient?.sex === 'female' ? 'F' : patient?.sex === 'male' ? 'M' : undefined;
  if (!sex) return [];
  const table = await cid10Table();
  const who = sex === 'F' ? 'a paciente' : 'o paciente';
  return codes.flatMap((code, i) => {
    const entry = table.find(code);
    if (!entry?.sex || entry.sex === sex) return [];
    const message = `${entry.code} (${entry.description}) é próprio do sexo ${SEX_NAMES[entry.sex]}; no cadastro ${who} é do sexo ${SEX_NAMES[sex]}`;
    return [{ path: `cid10.${i}`, message }];
  });
}

/** `sections` with the texts of `texts` written now by the actor (untouched sections stay as they were). */
export function withTexts(
  ctx: OperationContext,
  sections: MedicalRecord['sections'],
  texts: SectionTexts,
): MedicalRecord['sections'] {
  const at = nowIso(ctx);
  const next = { ...sections };
  for (const section of SECTIONS) {
    const text = texts[section];
    const codes = section === 'hipoteseDiagnostica' ? texts.cid10 : undefined;
    if (text === undefined && codes === undefined) continue;
    const current = next[section];
    const entry: SectionEntry = { text: text ?? current?.text ?? '', at, by: ctx.actor.id };
    const cid10 = codes ?? current?.cid10;
    if (cid10 && cid10.length > 0) entry.cid10 = cid10;
    next[section] = entry;
  }
  return next;
}

/** A new open record of `patient` with the actor as its professional. */
export function newMedicalRecord(
  ctx: OperationContext,
  fields: { patient: string; clinic?: string | undefined; appointment?: string | undefined },
  texts: SectionTexts,
): MedicalRecord {
  const base = newRecordBase(ctx);
  return {
    ...base,
    patient: fields.patient,
    professional: ctx.actor.id,
    ...(fields.clinic ? { clinic: fields.clinic } : {}),
    ...(fields.appointment ? { appointment: fields.appointment } : {}),
    kind: fields.appointment ? 'appointment' : 'instant',
    status: 'open',
    startedAt: base.createdAt,
    startedUtc: utcKey(base.createdAt),
    sections: withTexts(ctx, {}, texts),
    comments: [],
    addenda: [],
    transfers: [],
    createdBy: ctx.actor.id,
  };
}
