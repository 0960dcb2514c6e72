/**
 * Shares of an attendance record (spec §4.4 Medical Record: "accept, create and delete a medical
 * record share"). Two kinds (MED-033, MED-034):
 * - `patient`: an access URL and a key the patient opens without an account (Documents group,
 *   shared-access-ops.ts). The key is shown once and kept only as its SHA-256; the share expires
 *   (7 days by default, at most 90) and is revocable. Creating it generates the attendance's PDFs.
 * - `professional`: another professional of the account, who accepts it and may then read the
 *   record's documents (record-access.ts) until it expires or is deleted.
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { permissionsOf } from '#core/access/roles.js';
import { can } from '#core/actor.js';
import { EXAMPLE_ID, idInput, missingReference, notFound } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { GROUP } from '#core/medical-record/record-ops.js';
import { defineOperation, type Operation } from '#core/operation.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import { printableKinds } from './attendance-document.js';
import { generateAll } from './document-ops.js';
import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, type MedicalDocuments, type ShareRow } from './document-service.js';
import { recordForWriting } from './record-access.js';

const shareOutput = z
  .object({
    id: z.string(),
    recordId: z.string(),
    kind: z.enum(['patient', 'professional']),
    userId: z.string().nullable(),
    status: z.enum(['active', 'pending', 'accepted', 'revoked', 'expired']),
    expiresAt: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
  })
  .meta({ id: 'MedicalRecordShare' });

/** A share as answered (never its key or hash). */
export function shareOf(row: ShareRow, nowMs: number) {
  type Status = 'active' | 'pending' | 'accepted' | 'revoked' | 'expired';
  const status: Status =
    row.revoked_ms !== null ? 'revoked' : Number(row.expires_ms) <= nowMs ? 'expired' : (row.status as Status);
  return {
    id: row.id,
    recordId: row.record_id,
    kind: row.kind as 'patient' | 'professional',
    userId: row.user_id,
    status,
    expiresAt: new Date(Number(row.expires_ms)).toISOString(),
    createdAt: new Date(Number(row.created_ms)).toISOString(),
    createdBy: row.created_by,
  };
}

/**
 * The share operations; `publicBase` prefixes the patient's URL (`CLINIC_PUBLIC_URL`, else a path).
 * `touch` rewrites a record unchanged so its replication sequence moves past every station's checkpoint:
 * an accepted share then reaches the recipient's professional station on its next pull (MED-055).
 */
export function shareOperations(
  docs: MedicalDocuments,
  audit: AuditLog,
  publicBase = '',
  touch?: (tenantId: string, recordId: string) => Promise<void>,
): Operation[] {
  const createShare = defineOperation({
    name: 'medicalRecord.createShare',
    group: GROUP,
    summary: 'Compartilha o atendimento: com o paciente (URL de acesso e chave) ou com outro profissional',
    description:
      'Paciente: a chave aparece só nesta resposta; o link vale `days` dias (padrão 7, máximo 90) e pode ser revogado. ' +
      'Profissional: fica pendente até ele aceitar (POST /medicalRecord/share/{id}/acceptance).',
    permission: 'medicalRecord:write',
    input: z.strictObject({
      id: idInput,
      kind: z.enum(['patient', 'professional']),
      user: idInput.optional().describe('profissional: o usuário que recebe'),
      days: z.number().int().min(1).max(SHARE_MAX_DAYS).default(SHARE_DEFAULT_DAYS),
    }),
    output: shareOutput.extend({
      url: z.string().optional().describe('paciente: o endereço de acesso'),
      key: z.string().optional().describe('paciente: a chave, mostrada uma única vez'),
    }),
    http: { method: 'POST', path: '/medicalRecord/{id}/share', status: 201 },
    example: { id: EXAMPLE_ID, kind: 'patient', days: 7 },
    async run(ctx, { id, kind, user, days }) {
      const record = await recordForWriting(ctx, id);
      const tenantId = ctx.actor.tenantId;
      const now = ctx.clock.now().getTime();
      if (kind === 'professional') {
        if (!user)
          throw new DomainError('validation', 'Informe o profissional', [{ path: 'user', message: 'obrigatório' }]);
        const target = await ctx.store.collection(users).get(user);
        if (!target || !target.active || !permissionsOf(target.role).includes('medicalRecord:read'))
          throw missingReference('Profissional', 'user', user, 'não é um profissional ativo da conta');
        if (user === record.professional)
          throw new DomainError('validation', 'O prontuário já é deste profissional', [
            { path: 'user', message: 'é o profissional do atendimento' },
          ]);
        const row = await docs.createProfessionalShare(tenantId, id, user, days, ctx.actor.id);
        audit.record(
          auditBy(ctx.actor, ctx.origin, {
            action: 'create',
            collection: 'medical_shares',
            recordId: row.id,
            detail: `prontuário ${id}`,
          }),
        );
        return shareOf(row, now);
      }
      if (user)
        throw new DomainError('validation', 'Compartilhamento com paciente não tem usuário', [
          { path: 'user', message: 'não se aplica' },
        ]);
      await generateAll(ctx, docs, id, printableKinds(record));
      const { row, key } = await docs.createPatientShare(tenantId, id, days, ctx.actor.id);
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'create',
          collection: 'medical_shares',
          recordId: row.id,
          detail: `prontuário ${id}, paciente`,
        }),
      );
      return { ...shareOf(row, now), url: `${publicBase}/document/shared/${row.access}`, key };
    },
  });

  const listShares = defineOperation({
    name: 'medicalRecord.shares',
    group: GROUP,
    summary: 'Lista os compartilhamentos do atendimento (sem as chaves)',
    permission: 'medicalRecord:write',
    input: z.strictObject({ id: idInput }),
    output: z.object({ items: z.array(shareOutput) }),
    http: { method: 'GET', path: '/medicalRecord/{id}/share' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      await recordForWriting(ctx, id);
      const now = ctx.clock.now().getTime();
      return { items: (await docs.listShares(ctx.actor.tenantId, id)).map((r) => shareOf(r, now)) };
    },
  });

  const acceptShare = defineOperation({
    name: 'medicalRecord.acceptShare',
    group: GROUP,
    summary: 'Aceita um prontuário compartilhado com o profissional logado',
    permission: 'medicalRecord:read',
    input: z.strictObject({ id: idInput }),
    output: shareOutput,
    http: { method: 'POST', path: '/medicalRecord/share/{id}/acceptance' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const row = await docs.share(ctx.actor.tenantId, id);
      // Another professional's share is not there for this caller: the same 404 as a missing one.
      if (row.kind !== 'professional' || row.user_id !== ctx.actor.id) throw notFound('Compartilhamento', 'id', id);
      if (!docs.live(row))
        throw new DomainError('invalid_transition', 'Compartilhamento revogado ou expirado', [
          { path: 'id', message: 'não está mais ativo' },
        ]);
      const accepted = await docs.accept(row);
      await touch?.(ctx.actor.tenantId, row.record_id);
      audit.record(
        auditBy(ctx.actor, ctx.origin, {
          action: 'update',
          collection: 'medical_shares',
          recordId: id,
          detail: 'aceito',
        }),
      );
      return shareOf(accepted, ctx.clock.now().getTime());
    },
  });

  const deleteShare = defineOperation({
    name: 'medicalRecord.deleteShare',
    group: GROUP,
    summary: 'Revoga um compartilhamento do atendimento (o link do paciente deixa de abrir na hora)',
    description: 'O profissional do atendimento ou um administrador revoga; o profissional que recebeu pode recusar.',
    permission: 'medicalRecord:read',
    input: z.strictObject({ id: idInput }),
    output: shareOutput,
    http: { method: 'DELETE', path: '/medicalRecord/share/{id}' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const row = await docs.share(ctx.actor.tenantId, id);
      if (!(ctx.actor.kind === 'user' && row.user_id === ctx.actor.id)) {
        if (!can(ctx.actor, 'medicalRecord:write'))
          throw new DomainError('forbidden', 'Sem permissão para esta operação', [
            { path: '', message: 'medicalRecord:write' },
          ]);
        await recordForWriting(ctx, row.record_id);
      }
      const revoked = row.revoked_ms === null ? await docs.revoke(row) : row;
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'remove', collection: 'medical_shares', recordId: id }));
      return shareOf(revoked, ctx.clock.now().getTime());
    },
  });

  return [createShare, listShares, acceptShare, deleteShare];
}
