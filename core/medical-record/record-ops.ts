/**
 * Attendance medical record operations (spec §4.4 Medical Record: "edit, get, finish … an attendance
 * medical record", "create and start an instant medical attendance", "add a comment to a section",
 * "transfer an attendance to another professional", "get the medical record history"), plus opening
 * the record of an appointment's attendance and dated addenda to a finished record (CFM Res.
 * 1.638/2002). Reading needs `medicalRecord:read`, writing `medicalRecord:write`; the guarded store
 * checks and audits every access (docs/decisions/medical-record.md).
 */
import { z } from 'zod';
import { textInput } from '#core/br/schemas.js';
import {
  EXAMPLE_ID,
  idInput,
  invalidTransition,
  nowIso,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { limitInput } from '#core/common/query-input.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { endAttendance, startAttendance } from '#core/schedule/appointment-flow-ops.js';
import { loadAppointment, requireProfessional } from '#core/schedule/appointment-write.js';
import { STATUS } from '#core/schedule/status.js';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { medicalRecordOutput, medicalRecords, SECTIONS, type MedicalRecord, type SectionName } from './record.js';
import {
  canonicalCodes,
  loadRecord,
  newMedicalRecord,
  requireAttending,
  requireMayTransfer,
  requireOpen,
  sexWarnings,
  withTexts,
  type SectionTexts,
} from './record-write.js';

/** The spec group, the OpenAPI tag. */
export const GROUP = 'Medical Record';

const SECTION_MAX = 20_000;
const sectionName = z.enum(SECTIONS);
const cid10Input = z
  .array(z.string().min(3).max(8))
  .max(20)
  .describe('códigos CID-10 da hipótese diagnóstica (`J45.0` ou `J450`)');

/** The section texts an edit may carry, each optional. */
const sectionTextsInput = {
  ...(Object.fromEntries(SECTIONS.map((s) => [s, textInput(SECTION_MAX).optional()])) as Record<
    SectionName,
    z.ZodOptional<ReturnType<typeof textInput>>
  >),
  cid10: cid10Input.optional(),
};

const warningsOutput = z
  .array(z.object({ path: z.string(), message: z.string() }))
  .describe('avisos que não impedem a gravação (CID-10 próprio do outro sexo)');
const recordWithWarnings = z.object({ medicalRecord: medicalRecordOutput, warnings: warningsOutput });

/** Texts with their CID-10 codes in the table's spelling, and the warnings the codes give for `patient`. */
async function checkedTexts(ctx: OperationContext, patient: string, texts: SectionTexts) {
  const cid10 = texts.cid10 === undefined ? undefined : await canonicalCodes(texts.cid10);
  const warnings = cid10 ? await sexWarnings(ctx.store, patient, cid10) : [];
  return { texts: { ...texts, cid10 }, warnings };
}

/**
 * `medicalRecord.openAttendance`: `POST /appointment/{id}/medicalRecord` (201). Starts the
 * appointment's attendance when the patient waits or was called (as `appointment.startAttendance`)
 * and opens its record; an attendance already under way opens (or answers) its record.
 */
export const openAttendanceRecord = defineOperation({
  name: 'medicalRecord.openAttendance',
  group: GROUP,
  summary: 'Inicia o atendimento de um agendamento e abre o prontuário',
  description:
    'Só o profissional do agendamento abre o prontuário. Um atendimento que já tem prontuário responde o existente.',
  permission: 'medicalRecord:write',
  input: z.strictObject({ id: idInput }),
  output: medicalRecordOutput,
  http: { method: 'POST', path: '/appointment/{id}/medicalRecord', status: 201 },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) =>
    ctx.store.transaction(async (store) => {
      const tx = { ...ctx, store };
      const appointment = await loadAppointment(store, id);
      if (appointment.professional !== ctx.actor.id)
        throw new DomainError('forbidden', 'Só o profissional do agendamento abre o prontuário', [
          { path: 'id', message: 'o agendamento é de outro profissional' },
        ]);
      const [existing] = await store.collection(medicalRecords).find({ selector: { appointment: id }, limit: 1 });
      if (existing) return existing;
      if (appointment.status === STATUS.waiting || appointment.status === STATUS.called)
        await startAttendance.run(tx, { id });
      else if (appointment.status !== STATUS.inAttendance)
        throw invalidTransition(
          'O prontuário abre quando o atendimento começa: o paciente precisa ter chegado',
          'id',
          'o agendamento não está aguardando, chamado ou em atendimento',
        );
      const record = newMedicalRecord(
        tx,
        { patient: appointment.patient, clinic: appointment.clinic, appointment: id },
        {},
      );
      return store.collection(medicalRecords).insert(record);
    }),
});

/** `medicalRecord.instantAttendance`: `POST /medicalRecord/instantAttendance` (201). */
export const instantAttendance = defineOperation({
  name: 'medicalRecord.instantAttendance',
  group: GROUP,
  summary: 'Cria e inicia um atendimento imediato (sem agendamento), com o prontuário aberto',
  description: 'O profissional é quem chama a operação (um usuário ativo da conta).',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    patient: refInput(() => patients),
    clinic: refInput(() => clinics).optional(),
    ...sectionTextsInput,
  }),
  output: recordWithWarnings,
  http: { method: 'POST', path: '/medicalRecord/instantAttendance', status: 201 },
  example: { patient: EXAMPLE_ID, anamnese: 'Dor de garganta há 2 dias, sem febre.' },
  async run(ctx, { patient, clinic, ...rest }) {
    await requireProfessional(ctx.store, ctx.actor.id, 'professional');
    const person = await requireReference(ctx.store.collection(patients), patient, 'Paciente', 'patient');
    if (!person.active)
      throw new DomainError('validation', 'Paciente inativo', [{ path: 'patient', message: 'reative-o antes' }]);
    if (clinic) await requireReference(ctx.store.collection(clinics), clinic, 'Clínica', 'clinic');
    const { texts, warnings } = await checkedTexts(ctx, patient, rest);
    const record = newMedicalRecord(ctx, { patient, clinic }, texts);
    return { medicalRecord: await ctx.store.collection(medicalRecords).insert(record), warnings };
  },
});

/** `medicalRecord.get`: `GET /medicalRecord/{id}`. */
export const getMedicalRecord = defineOperation({
  name: 'medicalRecord.get',
  group: GROUP,
  summary: 'Mostra o prontuário de um atendimento',
  permission: 'medicalRecord:read',
  input: z.strictObject({ id: idInput }),
  output: medicalRecordOutput,
  http: { method: 'GET', path: '/medicalRecord/{id}' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) => loadRecord(ctx.store, id),
});

/** `medicalRecord.edit`: `PATCH /medicalRecord/{id}`: the sections sent, the others as they were. */
export const editMedicalRecord = defineOperation({
  name: 'medicalRecord.edit',
  group: GROUP,
  summary: 'Grava seções do prontuário enquanto o profissional escreve (só as enviadas mudam)',
  description:
    'Prontuário finalizado não muda: a resposta é 409 pedindo um adendo. Um CID-10 próprio do outro sexo grava com aviso em `warnings`.',
  permission: 'medicalRecord:write',
  input: z.strictObject({ id: idInput, ...sectionTextsInput }),
  output: recordWithWarnings,
  http: { method: 'PATCH', path: '/medicalRecord/{id}' },
  example: { id: EXAMPLE_ID, hipoteseDiagnostica: 'Asma alérgica', cid10: ['J45.0'] },
  async run(ctx, { id, ...rest }) {
    const current = await loadRecord(ctx.store, id);
    requireOpen(current);
    requireAttending(ctx, current, 'edita o prontuário');
    const { texts, warnings } = await checkedTexts(ctx, current.patient, rest);
    const next: MedicalRecord = {
      ...current,
      sections: withTexts(ctx, current.sections, texts),
      updatedAt: nowIso(ctx),
    };
    return { medicalRecord: await ctx.store.collection(medicalRecords).update(id, current._rev, next), warnings };
  },
});

/**
 * `medicalRecord.finish`: `POST /medicalRecord/{id}/conclusion`. The record becomes immutable; the
 * appointment's attendance, when under way, ends (attended) in the same transaction.
 */
export const finishMedicalRecord = defineOperation({
  name: 'medicalRecord.finish',
  group: GROUP,
  summary: 'Finaliza o prontuário (depois dele, só adendos datados)',
  permission: 'medicalRecord:write',
  input: z.strictObject({ id: idInput }),
  output: medicalRecordOutput,
  http: { method: 'POST', path: '/medicalRecord/{id}/conclusion' },
  example: { id: EXAMPLE_ID },
  run: (ctx, { id }) =>
    ctx.store.transaction(async (store) => {
      const current = await loadRecord(store, id);
      requireOpen(current);
      requireAttending(ctx, current, 'finaliza o prontuário');
      const at = nowIso(ctx);
      const saved = await store
        .collection(medicalRecords)
        .update(id, current._rev, { ...current, status: 'finished', finishedAt: at, updatedAt: at });
      if (current.appointment) {
        const appointment = await loadAppointment(store, current.appointment).catch(() => undefined);
        if (appointment?.status === STATUS.inAttendance) await endAttendance({ ...ctx, store }, appointment.id);
      }
      return saved;
    }),
});

/** `medicalRecord.comment`: `POST /medicalRecord/{id}/comment` (201): a remark on one section. */
export const commentMedicalRecord = defineOperation({
  name: 'medicalRecord.comment',
  group: GROUP,
  summary: 'Adiciona um comentário a uma seção do prontuário',
  description: 'Comentários não fazem parte do texto clínico: também cabem em prontuário finalizado.',
  permission: 'medicalRecord:write',
  input: z.strictObject({ id: idInput, section: sectionName, text: textInput(4000).pipe(z.string().min(1)) }),
  output: medicalRecordOutput,
  http: { method: 'POST', path: '/medicalRecord/{id}/comment', status: 201 },
  example: { id: EXAMPLE_ID, section: 'conduta', text: 'Reavaliar em 7 dias.' },
  async run(ctx, { id, section, text }) {
    const current = await loadRecord(ctx.store, id);
    const at = nowIso(ctx);
    const comment = { id: ctx.ids.next(), section, text, at, by: ctx.actor.id };
    return ctx.store
      .collection(medicalRecords)
      .update(id, current._rev, { ...current, comments: [...current.comments, comment], updatedAt: at });
  },
});

/** `medicalRecord.addendum`: `POST /medicalRecord/{id}/addendum` (201): dated text after finishing. */
export const addAddendum = defineOperation({
  name: 'medicalRecord.addendum',
  group: GROUP,
  summary: 'Registra um adendo datado a um prontuário finalizado (CFM Res. 1.638/2002)',
  description: 'Enquanto o prontuário está aberto, edite a seção; o adendo é para o que vem depois de finalizado.',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    id: idInput,
    text: textInput(SECTION_MAX).pipe(z.string().min(1)),
    section: sectionName.optional(),
  }),
  output: medicalRecordOutput,
  http: { method: 'POST', path: '/medicalRecord/{id}/addendum', status: 201 },
  example: { id: EXAMPLE_ID, text: 'Resultado do hemograma normal.', section: 'evolucao' },
  async run(ctx, { id, text, section }) {
    const current = await loadRecord(ctx.store, id);
    if (current.status !== 'finished')
      throw invalidTransition('Prontuário ainda aberto: edite a seção em vez de registrar um adendo');
    const at = nowIso(ctx);
    const addendum = { id: ctx.ids.next(), text, at, by: ctx.actor.id, ...(section ? { section } : {}) };
    return ctx.store
      .collection(medicalRecords)
      .update(id, current._rev, { ...current, addenda: [...current.addenda, addendum], updatedAt: at });
  },
});

/** `medicalRecord.transfer`: `POST /medicalRecord/{id}/transfer`: the attendance goes to another professional. */
export const transferMedicalRecord = defineOperation({
  name: 'medicalRecord.transfer',
  group: GROUP,
  summary: 'Transfere o atendimento a outro profissional',
  description: 'Só o profissional do atendimento (ou quem administra os acessos) transfere; finalizado não transfere.',
  permission: 'medicalRecord:write',
  input: z.strictObject({
    id: idInput,
    professional: refInput(() => users),
    reason: textInput(500).optional(),
  }),
  output: medicalRecordOutput,
  http: { method: 'POST', path: '/medicalRecord/{id}/transfer' },
  example: { id: EXAMPLE_ID, professional: EXAMPLE_ID, reason: 'Plantão encerrado' },
  async run(ctx, { id, professional, reason }) {
    const current = await loadRecord(ctx.store, id);
    requireOpen(current);
    requireMayTransfer(ctx, current);
    if (professional === current.professional)
      throw new DomainError('validation', 'O atendimento já é deste profissional', [
        { path: 'professional', message: 'escolha outro profissional' },
      ]);
    await requireProfessional(ctx.store, professional);
    const at = nowIso(ctx);
    const transfer = {
      at,
      by: ctx.actor.id,
      from: current.professional,
      to: professional,
      ...(reason ? { reason } : {}),
    };
    return ctx.store.collection(medicalRecords).update(id, current._rev, {
      ...current,
      professional,
      transfers: [...current.transfers, transfer],
      updatedAt: at,
    });
  },
});

/** `medicalRecord.history`: `GET /patient/{id}/medicalRecord`: the patient's records, newest first. */
export const medicalRecordHistory = defineOperation({
  name: 'medicalRecord.history',
  group: GROUP,
  summary: 'Histórico de prontuários do paciente, do mais recente ao mais antigo',
  permission: 'medicalRecord:read',
  input: z.strictObject({
    id: idInput.describe('o paciente'),
    limit: limitInput,
    before: z.iso.datetime({ offset: true }).optional().describe('o `next` da página anterior'),
  }),
  output: z.object({ items: z.array(medicalRecordOutput), next: z.string().nullable() }),
  http: { method: 'GET', path: '/patient/{id}/medicalRecord' },
  example: { id: EXAMPLE_ID, limit: 20 },
  async run(ctx, { id, limit, before }) {
    await requireRecord(ctx.store.collection(patients), id, 'Paciente');
    const found = await ctx.store.collection(medicalRecords).find({
      // A condition on `startedUtc` on every page lets the desk's IndexedDB walk the (patient, startedUtc)
      // index and stop at `limit` (core/store/rxdb/query-plan.ts); every record has a start.
      selector: { patient: id, startedUtc: before ? { $lt: new Date(before).toISOString() } : { $gte: '' } },
      sort: [{ startedUtc: 'desc' }],
      limit: limit + 1,
    });
    const items = found.slice(0, limit);
    return { items, next: found.length > limit ? items.at(-1)!.startedUtc : null };
  },
});

/** The record operations, collected by the module. */
export const medicalRecordOperations = [
  openAttendanceRecord,
  instantAttendance,
  getMedicalRecord,
  editMedicalRecord,
  finishMedicalRecord,
  commentMedicalRecord,
  addAddendum,
  transferMedicalRecord,
  medicalRecordHistory,
];
