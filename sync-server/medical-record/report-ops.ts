/**
 * Reports (laudos) of an attendance (spec §4.4 Medical Record: "save a medical report", "delete a
 * medical report from an unsent attendance"). A report is a title and a text, optionally with a PDF
 * already in the record's files (a laboratory's laudo copied from a URL). While the record is open
 * it is edited and deleted freely; once the attendance is finished (sent), a report may still be
 * added (a result arriving later) but no longer changed or deleted (MED-032, as addenda: CFM Res.
 * 1.638/2002).
 */
import { z } from 'zod';
import { EXAMPLE_ID, idInput, invalidTransition } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { defineOperation, type Operation } from '#core/operation.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import type { MedicalDocuments, ReportRow } from './document-service.js';
import { recordForReading, recordForWriting } from './record-access.js';

const reportOutput = z
  .object({
    id: z.string(),
    recordId: z.string(),
    title: z.string(),
    text: z.string(),
    fileId: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MedicalReport' });

const reportOf = (row: ReportRow) => ({
  id: row.id,
  recordId: row.record_id,
  title: row.title,
  text: row.text,
  fileId: row.file_id,
  createdAt: row.created_at,
  createdBy: row.created_by,
  updatedAt: row.updated_at,
});

const sent = () =>
  invalidTransition(
    'Atendimento finalizado: o laudo não pode mais ser alterado ou excluído (registre um novo laudo ou um adendo)',
    'reportId',
    'atendimento finalizado',
  );

/** The report operations over `docs`; `audit` records each change. */
export function reportOperations(docs: MedicalDocuments, audit: AuditLog): Operation[] {
  const saveReport = defineOperation({
    name: 'medicalRecord.saveReport',
    group: GROUP,
    summary: 'Salva um laudo do atendimento (novo, ou alterado com reportId enquanto o atendimento não foi finalizado)',
    permission: 'medicalRecord:write',
    input: z.strictObject({
      id: idInput,
      reportId: idInput.optional(),
      title: z.string().trim().min(1, 'informe o título').max(200),
      text: z.string().max(50_000).default(''),
      fileId: idInput
        .nullable()
        .optional()
        .describe('um PDF já nos arquivos do atendimento (POST /medicalRecord/{id}/file/copy)'),
    }),
    output: reportOutput,
    http: { method: 'POST', path: '/medicalRecord/{id}/report', status: 201 },
    example: { id: EXAMPLE_ID, title: 'Laudo de raio X de tórax', text: 'Campos pulmonares livres.' },
    async run(ctx, { id, reportId, title, text, fileId }) {
      const record = await recordForWriting(ctx, id);
      if (reportId && record.status === 'finished') throw sent();
      if (!text.trim() && !fileId)
        throw new DomainError('validation', 'O laudo precisa de texto ou de um PDF', [
          { path: 'text', message: 'vazio' },
        ]);
      if (fileId) await docs.readFile(ctx.actor.tenantId, id, fileId);
      const row = await docs.saveReport(
        ctx.actor.tenantId,
        id,
        { reportId, title, text, fileId: fileId ?? null },
        ctx.actor.id,
      );
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: reportId ? 'update' : 'create',
          collection: 'medical_reports',
          recordId: row.id,
          detail: `prontuário ${id}`,
        }),
      );
      return reportOf(row);
    },
  });

  const deleteReport = defineOperation({
    name: 'medicalRecord.deleteReport',
    group: GROUP,
    summary: 'Exclui um laudo de um atendimento ainda não finalizado',
    description: '409 depois de finalizado o atendimento: o prontuário é guardado como assinado (CFM Res. 1.821/2007).',
    permission: 'medicalRecord:write',
    input: z.strictObject({ id: idInput, reportId: idInput }),
    output: reportOutput,
    http: { method: 'DELETE', path: '/medicalRecord/{id}/report/{reportId}' },
    example: { id: EXAMPLE_ID, reportId: EXAMPLE_ID },
    async run(ctx, { id, reportId }) {
      const record = await recordForWriting(ctx, id);
      const row = await docs.report(ctx.actor.tenantId, id, reportId);
      if (record.status === 'finished') throw sent();
      await docs.deleteReport(row);
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'remove',
          collection: 'medical_reports',
          recordId: reportId,
          detail: `prontuário ${id}`,
        }),
      );
      return reportOf(row);
    },
  });

  const listReports = defineOperation({
    name: 'medicalRecord.reports',
    group: GROUP,
    summary: 'Lista os laudos do atendimento',
    permission: 'medicalRecord:read',
    input: z.strictObject({ id: idInput }),
    output: z.object({ items: z.array(reportOutput) }),
    http: { method: 'GET', path: '/medicalRecord/{id}/report' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      // Reading reports is reading the record: the same rule as its documents.
      await recordForReading(ctx, docs, id);
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'read', collection: 'medical_reports', recordId: id }));
      return { items: (await docs.listReports(ctx.actor.tenantId, id)).map(reportOf) };
    },
  });

  return [saveReport, deleteReport, listReports];
}
