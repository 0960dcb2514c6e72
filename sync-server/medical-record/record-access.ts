/**
 * Who reads an attendance's documents (MED-035; issue 23 "only the attending professional,
 * professionals the record is shared with, and roles the clinic grants"): beyond the permission
 * (`medicalRecord:read`), a user must be the attending professional, hold an accepted live share of
 * the record, or administer the account (`access:write`). An API key holding the permission is an
 * integrator the clinic granted it to. The record is read through the guarded store: audited.
 */
import { can } from '#core/actor.js';
import { DomainError } from '#core/errors.js';
import { loadRecord } from '#core/medical-record/record-write.js';
import type { MedicalRecord } from '#core/medical-record/record.js';
import type { OperationContext } from '#core/operation.js';
import type { MedicalDocuments } from './document-service.js';

const refused = () =>
  new DomainError(
    'forbidden',
    'Só o profissional do atendimento, quem recebeu o compartilhamento ou um administrador',
    [{ path: 'id', message: 'prontuário de outro profissional' }],
  );

/**
 * Whether `ctx.actor` may read record `record`'s documents.
 */
export async function mayRead(ctx: OperationContext, docs: MedicalDocuments, record: MedicalRecord): Promise<boolean> {
  const { actor } = ctx;
  if (actor.kind !== 'user') return true;
  if (actor.id === record.professional || can(actor, 'access:write')) return true;
  return (await docs.sharedWith(actor.tenantId, actor.id)).includes(record.id);
}

/**
 * Loads record `id` for reading its documents.
 * @throws DomainError `not_found`; `forbidden` (403) for a professional it is not shared with.
 */
export async function recordForReading(
  ctx: OperationContext,
  docs: MedicalDocuments,
  id: string,
): Promise<MedicalRecord> {
  const record = await loadRecord(ctx.store, id);
  if (!(await mayRead(ctx, docs, record))) throw refused();
  return record;
}

/**
 * Loads record `id` for changing its documents (reports, shares): the attending professional or an
 * administrator, users only being people who sign.
 * @throws DomainError `not_found`; `forbidden` (403) for anyone else.
 */
export async function recordForWriting(ctx: OperationContext, id: string): Promise<MedicalRecord> {
  const record = await loadRecord(ctx.store, id);
  const { actor } = ctx;
  if (actor.kind === 'user' && actor.id !== record.professional && !can(actor, 'access:write')) throw refused();
  return record;
}
