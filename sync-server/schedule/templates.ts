/**
 * The pt-BR texts of the schedule's messages: `appointment.confirmation`, the confirmation request
 * sent by e-mail or WhatsApp (core/schedule/notification-ops.ts). The server installs them when it is
 * built (sync-server/catalogue.ts) so the delivery worker can render them.
 */
import { z } from 'zod';
import { CONFIRMATION_TEMPLATE } from '#core/schedule/notification-ops.js';
import { escapeHtml, type RenderedMessage, type TemplateRender } from '../messaging/templates.js';
import { wordsUpTo } from '../sms/sms-text.js';

const confirmationData = z.object({
  patientName: z.string().min(1).max(300),
  clinicName: z.string().min(1).max(300),
  professionalName: z.string().max(300),
  when: z.string().min(1).max(100),
  confirmUrl: z.url().optional(),
  unconfirmUrl: z.url().optional(),
});

/**
 * The SMS form: clinic, day and time, and how to answer; the professional only when it still fits one
 * segment (a link takes the place of "Responda SIM ou NAO").
 */
function smsText(d: z.infer<typeof confirmationData>): string {
  const clinic = wordsUpTo(d.clinicName, 40);
  const answer = d.confirmUrl ? `Confirme: ${d.confirmUrl}` : 'Responda SIM para confirmar ou NAO se não puder vir.';
  const withWhom = d.professionalName ? ` com ${wordsUpTo(d.professionalName, 30)}` : '';
  const full = `${clinic}: consulta${withWhom} na ${d.when}. ${answer}`;
  return full.length <= 160 ? full : `${clinic}: consulta na ${d.when}. ${answer}`;
}

/** Renders the confirmation request; links appear only when the caller gave them. */
export function renderConfirmation(data: Record<string, unknown>): RenderedMessage {
  const d = confirmationData.parse(data);
  const withWhom = d.professionalName ? ` com ${d.professionalName}` : '';
  const lines = [
    `Olá, ${d.patientName}!`,
    `Você tem um agendamento${withWhom} em ${d.clinicName} na ${d.when}.`,
    d.confirmUrl ? `Para confirmar: ${d.confirmUrl}` : 'Por favor, responda esta mensagem confirmando sua presença.',
    ...(d.unconfirmUrl ? [`Se não puder vir: ${d.unconfirmUrl}`] : []),
    'Se precisar remarcar, fale com a recepção.',
  ];
  const html = [
    `<p>Olá, ${escapeHtml(d.patientName)}!</p>`,
    `<p>Você tem um agendamento${escapeHtml(withWhom)} em ${escapeHtml(d.clinicName)} na ${escapeHtml(d.when)}.</p>`,
    d.confirmUrl
      ? `<p><a href="${escapeHtml(d.confirmUrl)}">Confirmar presença</a></p>`
      : '<p>Por favor, responda esta mensagem confirmando sua presença.</p>',
    ...(d.unconfirmUrl ? [`<p><a href="${escapeHtml(d.unconfirmUrl)}">Não poderei ir</a></p>`] : []),
    '<p>Se precisar remarcar, fale com a recepção.</p>',
  ].join('\n');
  return { subject: `Confirme seu agendamento — ${d.clinicName}`, text: lines.join('\n\n'), html, sms: smsText(d) };
}

/** The schedule's templates by name, installed by the server (sync-server/catalogue.ts). */
export const scheduleTemplates: Readonly<Record<string, TemplateRender>> = {
  [CONFIRMATION_TEMPLATE]: renderConfirmation,
};
