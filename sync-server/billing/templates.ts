/**
 * The pt-BR text of `insurance.token` (core/billing/requests/token-ops.ts): the insurer's token or
 * authorization password sent to the patient by WhatsApp, SMS or e-mail. The server installs it
 * (sync-server/catalogue.ts).
 */
import { z } from 'zod';
import { TOKEN_TEMPLATE } from '#core/billing/requests/token-ops.js';
import { escapeHtml, type RenderedMessage, type TemplateRender } from '../messaging/templates.js';

const tokenData = z.object({
  patientName: z.string().min(1).max(300),
  clinicName: z.string().max(300),
  insuranceName: z.string().max(300),
  token: z.string().min(1).max(20),
  validUntil: z.iso.date().optional(),
  procedures: z.string().max(300).optional(),
});

/** `AAAA-MM-DD` as `DD/MM/AAAA`. */
const brDate = (day: string) => day.split('-').reverse().join('/');

/** Renders the token message. */
export function renderInsuranceToken(data: Record<string, unknown>): RenderedMessage {
  const d = tokenData.parse(data);
  const insurance = d.insuranceName ? ` do convênio ${d.insuranceName}` : ' do convênio';
  const lines = [
    `Olá, ${d.patientName}!`,
    `Sua senha de autorização${insurance} é: ${d.token}`,
    ...(d.procedures ? [`Para: ${d.procedures}.`] : []),
    ...(d.validUntil ? [`Válida até ${brDate(d.validUntil)}.`] : []),
    `Apresente-a na recepção${d.clinicName ? ` de ${d.clinicName}` : ''} no dia do atendimento.`,
  ];
  const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return { subject: `Senha de autorização${insurance}`, text: lines.join('\n'), html };
}

/** The billing templates by name. */
export const billingTemplates: Readonly<Record<string, TemplateRender>> = {
  [TOKEN_TEMPLATE]: renderInsuranceToken,
};
