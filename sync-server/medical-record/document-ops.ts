/**
 * The attendance's PDFs (spec §4.4 Medical Record: "generate files or PDFs of an attendance medical
 * record", "get medical attendance PDFs", "copy a PDF from a URL into the service's file storage and
 * return its URL"). Documents are drawn on the server (pdfkit) and, when generated, kept in the file
 * storage with a row in `medical_files`; every read of one is audited (MED-031, MED-032).
 */
import { z } from 'zod';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { defineOperation, type Operation, type OperationContext } from '#core/operation.js';
import { fetchPdf } from '../files/fetch-pdf.js';
import { checkFile } from '../files/file-storage.js';
import {
  attendanceDocument,
  DOCUMENT_KINDS,
  FILE_STEMS,
  printableKinds,
  type DocumentKind,
} from './attendance-document.js';
import { renderDocumentPdf } from './document-pdf.js';
import type { FileRow, MedicalDocuments } from './document-service.js';
import { recordForReading, recordForWriting } from './record-access.js';

/** What the document operations need from the server. */
export interface DocumentDeps {
  docs: MedicalDocuments;
  audit: AuditLog;
  /** Whether the account lets fetches reach private networks (the webhooks' setting). */
  allowPrivate(tenantId: string): Promise<boolean>;
}

const fileOutput = z
  .object({
    id: z.string(),
    kind: z.string().describe('documento (gerado aqui), laudo ou copia (copiado de uma URL)'),
    name: z.string(),
    mediaType: z.string(),
    size: z.number().int(),
    createdAt: z.string(),
    url: z.string().describe('caminho do download na API'),
  })
  .meta({ id: 'MedicalFile' });
const content = z.object({ fileName: z.string(), mediaType: z.string(), content: z.string().describe('base64') });

/** A file row as answered. */
export const fileOf = (row: FileRow) => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  mediaType: row.media_type,
  size: Number(row.size),
  createdAt: row.created_at,
  url: `/medicalRecord/${row.record_id}/file/${row.id}`,
});

/** Draws document `kind` of record `id` (a laudo needs `reportId`). */
export async function drawDocument(
  ctx: OperationContext,
  docs: MedicalDocuments,
  id: string,
  kind: DocumentKind,
  options: { cid?: boolean | undefined; reportId?: string | undefined },
) {
  let report;
  if (kind === 'laudo') {
    const row = await docs.report(ctx.actor.tenantId, id, options.reportId ?? '');
    report = { title: row.title, text: row.text, at: row.updated_at };
  }
  const doc = await attendanceDocument(ctx.store, id, kind, {
    cid: options.cid === true,
    ...(report ? { report } : {}),
  });
  const stem = kind === 'laudo' ? `laudo-${options.reportId}` : `${FILE_STEMS[kind]}-${id}`;
  return { fileName: `${stem}.pdf`, bytes: await renderDocumentPdf(doc) };
}

/** The document operations over `deps`. */
export function documentOperations(deps: DocumentDeps): Operation[] {
  const { docs, audit } = deps;
  const readAudit = (ctx: OperationContext, recordId: string, detail: string) =>
    audit.record(auditBy(ctx.actor, ctx.origin, { action: 'read', collection: 'medical_files', recordId, detail }));

  const documentPdf = defineOperation({
    name: 'medicalRecord.documentPdf',
    group: GROUP,
    summary:
      'Gera um documento do atendimento em PDF: receita, receita de controle especial, atestado, pedido de exames ou laudo',
    description:
      'Com o conselho, o número e a UF do profissional. O atestado só mostra o CID-10 com `cid=true` (autorização do paciente, ' +
      'CFM Res. 1.658/2002). A receita de controle especial sai em duas vias (Portaria SVS/MS 344/1998). 409 sem texto ou sem registro no conselho.',
    permission: 'medicalRecord:read',
    input: z.strictObject({
      id: idInput,
      kind: z.enum(DOCUMENT_KINDS),
      cid: z.enum(['true', 'false']).optional().describe('atestado: imprimir o CID-10 (o paciente autorizou)'),
      reportId: idInput.optional().describe('laudo: qual'),
    }),
    output: content,
    http: { method: 'GET', path: '/medicalRecord/{id}/document/{kind}/pdf' },
    example: { id: EXAMPLE_ID, kind: 'receita' },
    async run(ctx, { id, kind, cid, reportId }) {
      await recordForReading(ctx, docs, id);
      const { fileName, bytes } = await drawDocument(ctx, docs, id, kind, { cid: cid === 'true', reportId });
      readAudit(ctx, id, `documento ${kind}`);
      return { fileName, mediaType: 'application/pdf', content: Buffer.from(bytes).toString('base64') };
    },
  });

  const generateFiles = defineOperation({
    name: 'medicalRecord.generateFiles',
    group: GROUP,
    summary: 'Gera e guarda os PDFs do atendimento (receita, atestado, pedido de exames e laudos com texto)',
    description: 'Cada documento é gerado de novo a cada chamada e guardado no armazenamento de arquivos.',
    permission: 'medicalRecord:write',
    input: z.strictObject({ id: idInput }),
    output: z.object({ items: z.array(fileOutput) }),
    http: { method: 'POST', path: '/medicalRecord/{id}/files', status: 201 },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const record = await recordForWriting(ctx, id);
      const items = await generateAll(ctx, docs, id, printableKinds(record));
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'create',
          collection: 'medical_files',
          recordId: id,
          detail: `${items.length} PDFs`,
        }),
      );
      return { items: items.map(fileOf) };
    },
  });

  const listPdfs = defineOperation({
    name: 'medicalRecord.pdfs',
    group: GROUP,
    summary: 'Lista os PDFs do atendimento (gerados, laudos e cópias), com o caminho de download de cada um',
    permission: 'medicalRecord:read',
    input: z.strictObject({ id: idInput }),
    output: z.object({ items: z.array(fileOutput) }),
    http: { method: 'GET', path: '/medicalRecord/{id}/pdf' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      await recordForReading(ctx, docs, id);
      const rows = await docs.listFiles(ctx.actor.tenantId, id);
      readAudit(ctx, id, 'lista de PDFs');
      return { items: rows.map(fileOf) };
    },
  });

  const fileContent = defineOperation({
    name: 'medicalRecord.file',
    group: GROUP,
    summary: 'Baixa um arquivo do atendimento (base64)',
    permission: 'medicalRecord:read',
    input: z.strictObject({ id: idInput, fileId: idInput }),
    output: content,
    http: { method: 'GET', path: '/medicalRecord/{id}/file/{fileId}' },
    example: { id: EXAMPLE_ID, fileId: EXAMPLE_ID },
    async run(ctx, { id, fileId }) {
      await recordForReading(ctx, docs, id);
      const { row, bytes } = await docs.readFile(ctx.actor.tenantId, id, fileId);
      readAudit(ctx, id, `arquivo ${fileId}`);
      return { fileName: row.name, mediaType: row.media_type, content: Buffer.from(bytes).toString('base64') };
    },
  });

  const copyPdf = defineOperation({
    name: 'medicalRecord.copyPdf',
    group: GROUP,
    summary: 'Copia um PDF de uma URL para o armazenamento de arquivos do serviço e responde o seu endereço',
    description:
      'Só http(s), sem redirecionamento, até 10 MiB, conteúdo PDF de fato. Endereços privados, de loopback ou link-local são ' +
      'recusados (SSRF), salvo se a conta permite redes privadas (configuração de webhooks).',
    permission: 'medicalRecord:write',
    input: z.strictObject({
      id: idInput,
      url: z.string().trim().min(1).max(2048),
      name: z.string().trim().max(120).optional(),
    }),
    output: fileOutput,
    http: { method: 'POST', path: '/medicalRecord/{id}/file/copy', status: 201 },
    example: { id: EXAMPLE_ID, url: 'https://laboratorio.exemplo.com.br/laudos/123.pdf' },
    async run(ctx, { id, url, name }) {
      await recordForWriting(ctx, id);
      const bytes = await fetchPdf(url, { allowPrivate: await deps.allowPrivate(ctx.actor.tenantId) });
      const safeName = (name ?? 'laudo-copiado').replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 100) || 'laudo-copiado';
      const row = await docs.storeFile(
        ctx.actor.tenantId,
        id,
        {
          kind: 'copia',
          name: safeName.endsWith('.pdf') ? safeName : `${safeName}.pdf`,
          mediaType: 'application/pdf',
          bytes,
        },
        ctx.actor.id,
      );
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'create',
          collection: 'medical_files',
          recordId: id,
          detail: `cópia ${row.id}`,
        }),
      );
      return fileOf(row);
    },
  });

  return [documentPdf, generateFiles, listPdfs, fileContent, copyPdf];
}

/**
 * Draws and stores `kinds` of record `id` and every report with text, replacing files generated before
 * (kind `documento`). @returns the stored rows.
 */
export async function generateAll(
  ctx: OperationContext,
  docs: MedicalDocuments,
  id: string,
  kinds: readonly DocumentKind[],
): Promise<FileRow[]> {
  const tenantId = ctx.actor.tenantId;
  for (const old of (await docs.listFiles(tenantId, id)).filter((f) => f.kind === 'documento'))
    await docs.removeFile(old);
  const rows: FileRow[] = [];
  const drawn = [
    ...kinds.map((kind) => ({ kind, reportId: undefined as string | undefined })),
    ...(await docs.listReports(tenantId, id))
      .filter((r) => r.text.trim())
      .map((r) => ({ kind: 'laudo' as const, reportId: r.id })),
  ];
  for (const { kind, reportId } of drawn) {
    const { fileName, bytes } = await drawDocument(ctx, docs, id, kind, { reportId });
    checkFile(bytes, 'application/pdf', 'id');
    rows.push(
      await docs.storeFile(
        tenantId,
        id,
        { kind: 'documento', name: fileName, mediaType: 'application/pdf', bytes },
        ctx.actor.id,
      ),
    );
  }
  return rows;
}
