/**
 * Patient confirmation (spec §4.2 "Patient remove appointment" and its counterpart "Patient confirm
 * appointment"): a field of its own, so confirming never fights with the attendance flow. Both are
 * idempotent: confirming a confirmed appointment (or unconfirming an unconfirmed one) changes nothing
 * and answers the same 200.
 */
import { z } from 'zod';
import { EXAMPLE_ID, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import {
  appointments,
  CONFIRMATION_CHANNELS,
  scheduleIdInput,
  type Appointment,
  type ConfirmationChannel,
} from './appointment-record.js';
import { loadAppointment } from './appointment-write.js';
import { GROUP } from './appointment-ops.js';
import { nextStatus, STATUS_LABELS } from './status.js';

/**
 * Sets the confirmation of an appointment. Reused by the confirmation link the patient receives.
 *
 * @throws DomainError `not_found`; `validation` (400) naming `patientConfirmation` when the status
 *   forbids it (spec §4.2 answers 400 for "an appointment that cannot be unconfirmed").
 */
export async function setConfirmation(
  ctx: Pick<OperationContext, 'store' | 'clock' | 'actor'>,
  id: string,
  confirmed: boolean,
  channel: ConfirmationChannel,
): Promise<Stored<Appointment>> {
  return ctx.store.transaction(async (tx) => {
    const current = await loadAppointment(tx, id);
    if (nextStatus(current.status, 'confirmation') === undefined) {
      throw new DomainError(
        'validation',
        confirmed ? 'Este agendamento não pode ser confirmado' : 'Este agendamento não pode ser desconfirmado',
        [
          {
            path: 'patientConfirmation',
            message: `agendamento ${STATUS_LABELS[current.status]} (status ${current.status})`,
          },
        ],
      );
    }
    if (current.patientConfirmation.confirmed === confirmed) return current;
    const at = nowIso(ctx);
    return tx.collection(appointments).update(id, current._rev, {
      ...current,
      patientConfirmation: { confirmed, at, channel, by: ctx.actor.id },
      updatedAt: at,
    });
  });
}

const channelInput = z
  .enum(CONFIRMATION_CHANNELS)
  .optional()
  .describe('por onde veio (padrão: recepção; chave de API: api)');
const defaultChannel = (ctx: OperationContext): ConfirmationChannel =>
  ctx.actor.kind === 'apiKey' ? 'api' : 'reception';

/** `appointment.confirm`: `PUT /appointment/{id}/patientConfirmation` (200, no body). */
export const confirmAppointment = defineOperation({
  name: 'appointment.confirm',
  group: GROUP,
  summary: 'Paciente confirma o agendamento',
  description: 'Idempotente. 400 quando o agendamento não está agendado ou reservado.',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput, channel: channelInput }),
  output: z.void(),
  http: { method: 'PUT', path: '/appointment/{id}/patientConfirmation', emptyBody: true },
  example: { id: EXAMPLE_ID, channel: 'whatsapp' },
  async run(ctx, { id, channel }) {
    await setConfirmation(ctx, id, true, channel ?? defaultChannel(ctx));
  },
});

/** `appointment.unconfirm`: `DELETE /appointment/{id}/patientConfirmation` (spec §4.2: 200, no body). */
export const unconfirmAppointment = defineOperation({
  name: 'appointment.unconfirm',
  group: GROUP,
  summary: 'Paciente retira a confirmação do agendamento',
  description:
    'Idempotente. 400 para id malformado ou agendamento que não pode ser desconfirmado no status atual; 404 para id desconhecido (ou de outra conta).',
  permission: 'appointment:write',
  input: z.strictObject({ id: scheduleIdInput, channel: channelInput }),
  output: z.void(),
  http: { method: 'DELETE', path: '/appointment/{id}/patientConfirmation', emptyBody: true },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id, channel }) {
    await setConfirmation(ctx, id, false, channel ?? defaultChannel(ctx));
  },
});
