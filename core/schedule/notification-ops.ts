/**
 * Notifications to the patient (spec §4.3 "Send e-mail notification", "Send messaging-app
 * notification"): an appointment confirmation request through the durable outbox, with links that
 * confirm or unconfirm when the caller gives them (its patient portal calls
 * `PUT`/`DELETE /appointment/{id}/patientConfirmation` behind them). Template:
 * `appointment.confirmation` (sync-server/schedule/templates.ts).
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { EXAMPLE_ID } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { isValidAddress } from '#core/messaging/message.js';
import { outboxIn } from '#core/messaging/store-outbox.js';
import { defineOperation, type Operation } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { scheduleIdInput } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { loadAppointment, loadClinic } from './appointment-write.js';
import { nextStatus } from './status.js';

/** The template both channels use. */
export const CONFIRMATION_TEMPLATE = 'appointment.confirmation';

/** "terça-feira, 24/11/2026 às 09:00" in the clinic's zone. */
export function spokenDateTime(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')}, ${get('day')}/${get('month')}/${get('year')} às ${get('hour')}:${get('minute')}`;
}

const url = z.url({ protocol: /^https?$/, error: 'URL http(s) inválida' }).max(2000);

function notify(channel: 'email' | 'whatsapp' | 'sms', name: string, path: string, summary: string): Operation {
  return defineOperation({
    name,
    group: GROUP,
    summary,
    description:
      'Pede a confirmação do agendamento ao paciente pela fila de mensagens (entrega com novas tentativas). `confirmUrl`/`unconfirmUrl`: links do portal do paciente.',
    permission: 'appointment:write',
    input: z.strictObject({ id: scheduleIdInput, confirmUrl: url.optional(), unconfirmUrl: url.optional() }),
    output: z.object({ message: z.string(), to: z.string() }),
    http: { method: 'POST', path },
    example: {
      id: EXAMPLE_ID,
      confirmUrl: 'https://portal.exemplo.com.br/c/abc',
      unconfirmUrl: 'https://portal.exemplo.com.br/d/abc',
    },
    async run(ctx, { id, confirmUrl, unconfirmUrl }) {
      return ctx.store.transaction(async (tx) => {
        const appointment = await loadAppointment(tx, id);
        if (nextStatus(appointment.status, 'confirmation') === undefined)
          throw new DomainError(
            'invalid_transition',
            'Só se pede confirmação de agendamentos agendados ou reservados',
            [{ path: 'status', message: `status atual: ${appointment.status}` }],
          );
        const patient = await tx.collection(patients).get(appointment.patient);
        const to = channel === 'email' ? patient?.email : patient?.cellPhone;
        if (!to || !isValidAddress(channel, to))
          throw new DomainError('validation', 'O paciente não tem para onde enviar', [
            {
              path: channel === 'email' ? 'patient.email' : 'patient.cellPhone',
              message: 'cadastre o contato do paciente',
            },
          ]);
        const clinic = await loadClinic(tx, appointment.clinic);
        const professional = await tx.collection(users).get(appointment.professional);
        await outboxIn(ctx.outbox, tx).enqueue({
          channel,
          to,
          template: CONFIRMATION_TEMPLATE,
          data: {
            // The WhatsApp adapter puts it in the reply buttons, so a "confirm" reply finds the appointment.
            appointmentId: appointment.id,
            patientName: patient!.socialName ?? patient!.name,
            clinicName: clinic.name,
            professionalName: professional?.name ?? '',
            when: spokenDateTime(appointment.start, appointment.timeZone),
            ...(confirmUrl ? { confirmUrl } : {}),
            ...(unconfirmUrl ? { unconfirmUrl } : {}),
          },
        });
        return { message: 'Mensagem na fila de envio', to };
      });
    },
  });
}

/** `appointment.notifyEmail`: `POST /appointment/{id}/notification/email`. */
export const notifyByEmail = notify(
  'email',
  'appointment.notifyEmail',
  '/appointment/{id}/notification/email',
  'Envia e-mail ao paciente pedindo a confirmação do agendamento',
);
/**
 * `appointment.notifySms`: `POST /appointment/{id}/notification/sms` (ours: the spec names e-mail and
 * messaging app; MSG-042). The text is the SMS form of the template, one segment.
 */
export const notifyBySms = notify(
  'sms',
  'appointment.notifySms',
  '/appointment/{id}/notification/sms',
  'Envia SMS ao celular do paciente pedindo a confirmação do agendamento',
);
/** `appointment.notifyWhatsapp`: `POST /appointment/{id}/notification/whatsapp`. */
export const notifyByWhatsapp = notify(
  'whatsapp',
  'appointment.notifyWhatsapp',
  '/appointment/{id}/notification/whatsapp',
  'Envia mensagem de WhatsApp ao paciente pedindo a confirmação do agendamento',
);
