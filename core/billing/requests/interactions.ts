/** Writing an attendance's insurance interactions (interaction-record.ts) from the operations that talk to the operator. */
import { newRecordBase, nowIso } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import { insuranceInteractions, type InsuranceInteraction } from './interaction-record.js';
import type { ProcedureRequest } from './request-record.js';

/** The fields an operation gives; the rest comes from `about` and the context. */
export type InteractionFields = Pick<InsuranceInteraction, 'kind' | 'channel' | 'summary' | 'ok'> &
  Partial<Pick<InsuranceInteraction, 'status' | 'code' | 'table' | 'hash'>>;

/**
 * Stores one interaction of `about` (a request, or an appointment's patient and insurance) in
 * `store` (the operation's transaction when it has one).
 */
export async function recordInteraction(
  ctx: OperationContext,
  store: Store,
  about: Pick<ProcedureRequest, 'appointment' | 'patient' | 'insurance'> & { id?: string; kind?: unknown },
  fields: InteractionFields,
): Promise<InsuranceInteraction> {
  const isRequest = about.id !== undefined && typeof about.kind === 'string';
  const interaction: InsuranceInteraction = {
    ...newRecordBase({ ...ctx, store }),
    appointment: about.appointment,
    patient: about.patient,
    insurance: about.insurance,
    ...(isRequest ? { request: about.id } : {}),
    at: nowIso(ctx),
    by: ctx.actor.id,
    ...fields,
  };
  return store.collection(insuranceInteractions).insert(interaction);
}
