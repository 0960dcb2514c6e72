/**
 * Sends the insurance token to the patient (spec §4.3 Schedule "send insurance token to patient";
 * issue 25): the authorization password of a request of the attendance, or a token the reception
 * typed, goes to the patient through the messaging outbox (WhatsApp, SMS or e-mail; template
 * `insurance.token`, pt-BR, sync-server/billing/templates.ts). The interaction is recorded without
 * the token itself (TISS-029).
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { isValidAddress } from '#core/messaging/message.js';
import { outboxIn } from '#core/messaging/store-outbox.js';
import { defineOperation } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { interactionOutput } from './interaction-record.js';
import { insuredAppointment } from './interaction-ops.js';
import { recordInteraction } from './interactions.js';
import { GROUP } from './request-ops.js';
import { procedureRequests } from './request-record.js';

/** The template of the message. */
export const TOKEN_TEMPLATE = 'insurance.token';

const CHANNEL_WORDS = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'e-mail' } as const;

/** `schedule.insuranceToken.send`: `POST /appointment/{id}/insuranceToken`. */
export const sendInsuranceToken = defineOperation({
  name: 'schedule.insuranceToken.send',
  group: GROUP,
  summary: 'Envia ao paciente o token (senha de autorização) do convênio por WhatsApp, SMS ou e-mail',
  description:
    'Sem `token`, envia a senha da solicitação autorizada (`request`, ou a mais recente autorizada do atendimento). ' +
    'A mensagem vai pela fila de envio, com novas tentativas; a interação fica registrada sem o token.',
  permission: 'authorization:write',
  input: z.strictObject({
    id: idInput,
    channel: z.enum(['whatsapp', 'sms', 'email']).default('whatsapp'),
    request: idInput.optional(),
    token: z.string().trim().min(1).max(20).optional(),
  }),
  output: z.object({ message: z.string(), to: z.string(), interaction: interactionOutput }),
  http: { method: 'POST', path: '/appointment/{id}/insuranceToken' },
  example: { id: EXAMPLE_ID, channel: 'whatsapp', token: 'A123456' },
  async run(ctx, { id, channel, request: requestId, token }) {
    return ctx.store.transaction(async (store) => {
      const appointment = await insuredAppointment({ ...ctx, store }, id);
      const requests = await store.collection(procedureRequests).find({ selector: { appointment: id }, limit: 100 });
      const request = requestId
        ? requests.find((r) => r.id === requestId)
        : requests.filter((r) => r.authorization?.password).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
      if (requestId && !request)
        throw new DomainError('not_found', 'Solicitação não é deste atendimento', [
          { path: 'request', message: 'solicitação de outro atendimento' },
        ]);
      const code = token ?? request?.authorization?.password;
      if (!code)
        throw new DomainError('validation', 'Não há token a enviar', [
          { path: 'token', message: 'informe o token ou autorize a solicitação antes' },
        ]);
      const patient = await store.collection(patients).get(appointment.patient);
      const to = channel === 'email' ? patient?.email : patient?.cellPhone;
      if (!patient || !to || !isValidAddress(channel, to))
        throw new DomainError('validation', 'O paciente não tem para onde enviar', [
          {
            path: channel === 'email' ? 'patient.email' : 'patient.cellPhone',
            message: 'cadastre o contato do paciente',
          },
        ]);
      const clinic = await store.collection(clinics).get(appointment.clinic);
      const insurance = await store.collection(insurances).get(appointment.insurance);
      const validUntil = token ? undefined : request?.authorization?.passwordValidUntil;
      await outboxIn(ctx.outbox, store).enqueue({
        channel,
        to,
        template: TOKEN_TEMPLATE,
        data: {
          patientName: patient.socialName ?? patient.name,
          clinicName: clinic?.name ?? '',
          insuranceName: insurance?.name ?? '',
          token: code,
          ...(validUntil ? { validUntil } : {}),
          ...(request
            ? {
                procedures: request.procedures
                  .map((p) => p.description)
                  .join(', ')
                  .slice(0, 300),
              }
            : {}),
        },
      });
      const interaction = await recordInteraction(
        ctx,
        store,
        request ?? { appointment: id, patient: appointment.patient, insurance: appointment.insurance },
        {
          kind: 'token',
          channel: 'message',
          summary: `Token do convênio enviado ao paciente por ${CHANNEL_WORDS[channel]}`,
          ok: true,
        },
      );
      return { message: 'Mensagem na fila de envio', to, interaction };
    });
  },
});
