/**
 * What a patient opens without an account (MED-033, MED-034): spec §4.4 Documents "return shared
 * documents and attendance information by access key", Medical Record "get the URL of a medical
 * report by access URL and key", and Attendance "check the validity of a token and update it if
 * necessary". Public operations: the access id and the key prove the right to read. An unknown
 * access, a wrong key, an expired and a revoked share all answer the same 404, and failed attempts
 * per address are limited (429 after 60 in 15 minutes: keys are 256-bit, the limit stops scans of access ids). Every access is audited as a read of the
 * record by `share:<id>`.
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import type { Actor } from '#core/actor.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { DomainError } from '#core/errors.js';
import { loadRecord } from '#core/medical-record/record-write.js';
import { defineOperation, type Operation, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import type { Database } from '#core/store/port.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import { RateLimitedError, type LimitRule, type SqlRateLimiter } from '../auth/rate-limit.js';
import { attendanceDocument } from './attendance-document.js';
import { renderDocumentPdf } from './document-pdf.js';
import type { MedicalDocuments, ShareRow } from './document-service.js';

/** Failed share keys per address: 60 per 15 minutes. */
export const SHARE_FAILURES: LimitRule = { name: 'share:ip', points: 60, windowMs: 15 * 60_000 };

const access = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'acesso inválido');
const key = z.string().min(1).max(128);
const EXAMPLE_ACCESS = 'Zk3p9QmX2aLr7TbN1vYc0w';
const EXAMPLE_KEY = 'q8Vn3xR0sLk2mPz9TtYw4bCj6HdFa1Ue5Gi7Ko0NrQs';

const gone = () =>
  new DomainError('not_found', 'Compartilhamento não encontrado ou expirado', [
    { path: 'key', message: 'confira o endereço e a chave, ou peça um novo link à clínica' },
  ]);

/** What the public operations need. */
export interface SharedAccessDeps {
  docs: MedicalDocuments;
  /** The tenants' stores (unguarded: the share is the permission; each access is audited here). */
  database: Database;
  audit: AuditLog;
  limits: SqlRateLimiter;
}

const fileLink = (share: ShareRow, fileId: string) => `/document/shared/${share.access}/file/${fileId}`;

/** The public share operations over `deps`. */
export function sharedAccessOperations(deps: SharedAccessDeps): Operation[] {
  const { docs, audit, limits } = deps;

  /** The live share `access`/`key`, counted against the caller's address when it fails. */
  async function open(ctx: OperationContext, accessId: string, secret: string): Promise<ShareRow> {
    const ip = ctx.origin?.ip ?? 'unknown';
    const wait = await limits.blockedFor(SHARE_FAILURES, ip);
    if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000), 'key');
    const share = await docs.byAccess(accessId, secret);
    if (!share) {
      await limits.consume(SHARE_FAILURES, ip);
      throw gone();
    }
    return share;
  }
  const reader = (share: ShareRow): Actor => ({
    kind: 'anonymous',
    id: `share:${share.id}`,
    tenantId: share.tenant_id,
    permissions: new Set(),
  });
  const audited = (ctx: OperationContext, share: ShareRow, detail: string) =>
    audit.record(
      auditBy(reader(share), ctx.origin, {
        action: 'read',
        collection: 'medical_records',
        recordId: share.record_id,
        detail,
      }),
    );

  const sharedDocuments = defineOperation({
    name: 'document.shared',
    group: 'Documents',
    summary: 'Documentos compartilhados e dados do atendimento pela chave de acesso (sem conta)',
    description: 'Chave errada, link revogado ou expirado: 404, sem dizer qual. Tentativas erradas demais: 429.',
    permission: 'document:read',
    public: true,
    input: z.strictObject({ access, key }),
    output: z.object({
      attendance: z.object({
        date: z.string().describe('início do atendimento, ISO-8601'),
        status: z.string(),
        clinic: z.string(),
        professional: z.string(),
        registration: z.string().describe('conselho-UF número'),
        patient: z.string(),
      }),
      documents: z.array(
        z.object({ id: z.string(), name: z.string(), mediaType: z.string(), size: z.number(), url: z.string() }),
      ),
      reports: z.array(z.object({ id: z.string(), title: z.string(), text: z.string(), createdAt: z.string() })),
      expiresAt: z.string(),
    }),
    http: { method: 'GET', path: '/document/shared/{access}' },
    example: { access: EXAMPLE_ACCESS, key: EXAMPLE_KEY },
    async run(ctx, input) {
      const share = await open(ctx, input.access, input.key);
      const store = deps.database.forTenant(share.tenant_id);
      const record = await loadRecord(store, share.record_id);
      const [professional, patient, clinic, files, reports] = await Promise.all([
        store.collection(users).get(record.professional),
        store.collection(patients).get(record.patient),
        record.clinic ? store.collection(clinics).get(record.clinic) : undefined,
        docs.listFiles(share.tenant_id, share.record_id),
        docs.listReports(share.tenant_id, share.record_id),
      ]);
      audited(ctx, share, 'acesso do paciente por chave');
      return {
        attendance: {
          date: record.startedAt,
          status: record.status,
          clinic: clinic?.name ?? '',
          professional: professional?.name ?? '',
          registration: professional?.council
            ? `${professional.council}-${professional.councilState ?? ''} ${professional.councilNumber ?? ''}`
            : '',
          patient: patient?.socialName ?? patient?.name ?? '',
        },
        documents: files.map((f) => ({
          id: f.id,
          name: f.name,
          mediaType: f.media_type,
          size: Number(f.size),
          url: fileLink(share, f.id),
        })),
        reports: reports.map((r) => ({ id: r.id, title: r.title, text: r.text, createdAt: r.created_at })),
        expiresAt: new Date(Number(share.expires_ms)).toISOString(),
      };
    },
  });

  const sharedFile = defineOperation({
    name: 'document.sharedFile',
    group: 'Documents',
    summary: 'Baixa um documento compartilhado pela chave de acesso (base64)',
    permission: 'document:read',
    public: true,
    input: z.strictObject({ access, fileId: z.string().min(1).max(64), key }),
    output: z.object({ fileName: z.string(), mediaType: z.string(), content: z.string() }),
    http: { method: 'GET', path: '/document/shared/{access}/file/{fileId}' },
    example: { access: EXAMPLE_ACCESS, fileId: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b', key: EXAMPLE_KEY },
    async run(ctx, input) {
      const share = await open(ctx, input.access, input.key);
      const { row, bytes } = await docs.readFile(share.tenant_id, share.record_id, input.fileId);
      audited(ctx, share, `arquivo ${row.id}`);
      return { fileName: row.name, mediaType: row.media_type, content: Buffer.from(bytes).toString('base64') };
    },
  });

  const reportUrl = defineOperation({
    name: 'medicalRecord.sharedReportUrl',
    group: 'Medical Record',
    summary: 'Endereço do PDF de um laudo pela URL de acesso e chave (sem conta)',
    description:
      'O PDF anexado ao laudo ou, sem ele, o laudo impresso pelo serviço (gerado e guardado na primeira vez).',
    permission: 'document:read',
    public: true,
    input: z.strictObject({ access, reportId: z.string().min(1).max(64), key }),
    output: z.object({ url: z.string().describe('GET com a mesma chave (?key=)'), fileId: z.string() }),
    http: { method: 'GET', path: '/document/shared/{access}/report/{reportId}' },
    example: { access: EXAMPLE_ACCESS, reportId: '01938c2e-7b3e-7cc1-9a52-0c7d3f1e2a4b', key: EXAMPLE_KEY },
    async run(ctx, input) {
      const share = await open(ctx, input.access, input.key);
      const report = await docs.report(share.tenant_id, share.record_id, input.reportId);
      let fileId = report.file_id;
      if (!fileId) {
        const name = `laudo-${report.id}.pdf`;
        fileId = (await docs.listFiles(share.tenant_id, share.record_id)).find((f) => f.name === name)?.id ?? null;
        if (!fileId) {
          const store = deps.database.forTenant(share.tenant_id);
          const doc = await attendanceDocument(store, share.record_id, 'laudo', {
            report: { title: report.title, text: report.text, at: report.updated_at },
          });
          const bytes = await renderDocumentPdf(doc);
          fileId = (
            await docs.storeFile(
              share.tenant_id,
              share.record_id,
              { kind: 'documento', name, mediaType: 'application/pdf', bytes },
              `share:${share.id}`,
            )
          ).id;
        }
      }
      audited(ctx, share, `laudo ${report.id}`);
      return { url: fileLink(share, fileId), fileId };
    },
  });

  const checkToken = defineOperation({
    name: 'attendance.checkToken',
    group: 'Attendance',
    summary: 'Confere a validade do token de acesso do atendimento e o renova se estiver perto de vencer',
    description:
      'Com menos de 24 h de validade, o link ganha mais 7 dias (nunca além de 90 dias da criação). A chave não muda. ' +
      'Inválido, revogado ou expirado: 404.',
    permission: 'document:read',
    public: true,
    input: z.strictObject({ access, key }),
    output: z.object({ valid: z.literal(true), refreshed: z.boolean(), expiresAt: z.string() }),
    http: { method: 'POST', path: '/attendance/token/check' },
    example: { access: EXAMPLE_ACCESS, key: EXAMPLE_KEY },
    async run(ctx, input) {
      const share = await open(ctx, input.access, input.key);
      const { row, refreshed } = await docs.refresh(share);
      audited(ctx, share, refreshed ? 'token renovado' : 'token conferido');
      return { valid: true as const, refreshed, expiresAt: new Date(Number(row.expires_ms)).toISOString() };
    },
  });

  return [sharedDocuments, sharedFile, reportUrl, checkToken];
}
