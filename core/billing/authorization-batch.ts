/**
 * Authorization batches (spec §4.4 Billing: "create an authorization batch", TISS-035): billed
 * attendances of one clinic and insurer that still lack the operator's authorization (senha), put
 * together so the faturista asks for them at once (on the operator's portal, or request by request
 * through tissSolicitacaoProcedimento: TISS 4.01.00 has no batch of solicitations) and follows them in
 * one list. Each entry's situation is read from its attendance when answered: authorized once
 * `billing.attendance.authorize` gave it a code. Holds what was done to whom: guarded and audited.
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import {
  EXAMPLE_ID,
  idInput,
  newRecordBase,
  recordOutputFields,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { refInput } from '#core/references.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { billingAttendances } from './attendance-record.js';
import { GROUP, MAX_GUIDES } from './batch-ops.js';
import { billingBatches } from './batch-record.js';

/** An authorization batch as stored. */
export interface AuthorizationBatch extends RecordBase {
  clinic: string;
  insurance: string;
  /** The `billing_attendances` asked for, in the order given. */
  attendances: string[];
  /** What the clerk notes (portal, who was called). */
  note?: string;
  /** Who put it together (`users` id, or the API key's actor). */
  createdBy: string;
}

/** The `billing_authorization_batches` collection, listed by insurer. */
export const authorizationBatches = defineCollection<AuthorizationBatch>({
  name: 'billing_authorization_batches',
  fields: { insurance: 'string' },
  indexes: [['insurance']],
});

/** A stored authorization batch (push contract, sync). */
export const authorizationBatchRecord = z
  .object({
    ...recordOutputFields,
    clinic: z.string(),
    insurance: z.string(),
    attendances: z.array(z.string()),
    note: z.string().optional(),
    createdBy: z.string(),
  })
  .meta({ id: 'AuthorizationBatch' });

const answerOutput = authorizationBatchRecord
  .extend({
    entries: z.array(
      z.object({
        attendance: z.string(),
        guideNumber: z.string(),
        status: z.enum(['pending', 'authorized']).describe('pending: sem senha; authorized: senha atribuída'),
        authorizationCode: z.string().optional(),
      }),
    ),
    pending: z.number(),
  })
  .meta({ id: 'AuthorizationBatchWithStatus' });

async function answer(ctx: OperationContext, batch: AuthorizationBatch) {
  const found = await ctx.store.collection(billingAttendances).find({ selector: { id: { $in: batch.attendances } } });
  const byId = new Map(found.map((a) => [a.id, a]));
  const entries = batch.attendances.flatMap((id) => {
    const a = byId.get(id);
    if (!a) return [];
    return [
      {
        attendance: id,
        guideNumber: a.guideNumber,
        status: a.authorizationCode ? ('authorized' as const) : ('pending' as const),
        ...(a.authorizationCode ? { authorizationCode: a.authorizationCode } : {}),
      },
    ];
  });
  return { ...batch, entries, pending: entries.filter((e) => e.status === 'pending').length };
}

/** `billing.authorizationBatch.create`: `POST /billing/authorizationBatch/` (201). */
export const createAuthorizationBatch = defineOperation({
  name: 'billing.authorizationBatch.create',
  group: GROUP,
  summary: 'Cria um lote de autorizações: atendimentos de um convênio que ainda pedem a senha da operadora',
  description:
    'Junta atendimentos do faturamento da mesma clínica e convênio, sem senha de autorização e fora de lote enviado, ' +
    'para pedir as autorizações juntas e acompanhá-las; cada um fica autorizado quando recebe a senha ' +
    '(PUT /billing/attendance/{id}/authorizationCode). Nada é criado se algum não couber.',
  permission: 'billing:write',
  input: z.strictObject({
    clinic: refInput(() => clinics),
    insurance: refInput(() => insurances),
    attendances: z.array(idInput).min(1).max(MAX_GUIDES),
    note: z.string().trim().max(500).optional(),
  }),
  output: z.object({ message: z.string(), batch: answerOutput }),
  http: { method: 'POST', path: '/billing/authorizationBatch/', status: 201 },
  example: { clinic: EXAMPLE_ID, insurance: EXAMPLE_ID, attendances: [EXAMPLE_ID], note: 'Pedido no portal' },
  async run(ctx, input) {
    await requireReference(ctx.store.collection(clinics), input.clinic, 'Clínica', 'clinic');
    await requireReference(ctx.store.collection(insurances), input.insurance, 'Convênio', 'insurance');
    const ids = [...new Set(input.attendances)];
    const problems: ErrorDetail[] = [];
    for (const id of ids) {
      const a = await requireReference(ctx.store.collection(billingAttendances), id, 'Atendimento', 'attendances');
      const batch = a.batch ? await ctx.store.collection(billingBatches).get(a.batch) : undefined;
      const why =
        a.insurance !== input.insurance
          ? 'é de outro convênio'
          : a.clinic !== input.clinic
            ? 'é de outra clínica'
            : a.authorizationCode
              ? 'já tem senha de autorização'
              : batch?.status === 'sent'
                ? 'está em lote enviado'
                : undefined;
      if (why) problems.push({ path: 'attendances', message: `atendimento ${a.guideNumber} ${why}` });
    }
    if (problems.length)
      throw new DomainError('validation', 'Atendimentos que não cabem no lote de autorizações', problems);
    const batch = await ctx.store.collection(authorizationBatches).insert({
      ...newRecordBase(ctx),
      clinic: input.clinic,
      insurance: input.insurance,
      attendances: ids,
      ...(input.note ? { note: input.note } : {}),
      createdBy: ctx.actor.id,
    });
    return { message: 'Lote de autorizações criado', batch: await answer(ctx, batch) };
  },
});

/** `billing.authorizationBatch.get`: `GET /billing/authorizationBatch/{id}`. */
export const getAuthorizationBatch = defineOperation({
  name: 'billing.authorizationBatch.get',
  group: GROUP,
  summary: 'Mostra um lote de autorizações com a situação de cada atendimento (pendente ou autorizado)',
  permission: 'billing:read',
  input: z.strictObject({ id: idInput }),
  output: answerOutput,
  http: { method: 'GET', path: '/billing/authorizationBatch/{id}' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    return answer(ctx, await requireRecord(ctx.store.collection(authorizationBatches), id, 'Lote de autorizações'));
  },
});
