/**
 * The pt-BR e-mails of access: account confirmation, password reset and invitation. Each carries its
 * single-use token as a code the person pastes into the desktop app (installations have no public
 * URL a link could point to), and says how long it lasts.
 */
import { z } from 'zod';
import { escapeHtml, type RenderedMessage, type TemplateRender } from '../messaging/templates.js';

const ROLE_NAMES: Record<string, string> = {
  admin: 'administrador(a)',
  reception: 'recepção',
  professional: 'profissional de saúde',
  finance: 'financeiro',
  totem: 'totem de autoatendimento',
};

/** One e-mail: greeting, paragraphs, the code on a line of its own, and a closing line. */
function mail(subject: string, name: string, paragraphs: string[], token: string, closing: string): RenderedMessage {
  const text = [`Olá, ${name}!`, ...paragraphs, `Código: ${token}`, closing].join('\n\n');
  const html = [
    `<p>Olá, ${escapeHtml(name)}!</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p style="font-family:monospace;font-size:16px;padding:8px;background:#f1f3f5">${escapeHtml(token)}</p>`,
    `<p>${escapeHtml(closing)}</p>`,
  ].join('\n');
  return { subject, text, html };
}

const IGNORE = 'Se você não pediu isto, ignore esta mensagem: nada muda sem o código.';

const confirmationData = z.object({
  name: z.string(),
  accountName: z.string(),
  token: z.string(),
  validDays: z.number(),
});
const resetData = z.object({ name: z.string(), token: z.string(), validMinutes: z.number() });
const invitationData = z.object({
  name: z.string(),
  accountName: z.string(),
  role: z.string(),
  token: z.string(),
  validDays: z.number(),
});

/** The access e-mails by template name, installed by the server (sync-server/catalogue.ts). */
export const accessTemplates: Readonly<Record<string, TemplateRender>> = {
  'account.confirmation': (data) => {
    const d = confirmationData.parse(data);
    return mail(
      `Confirme a conta ${d.accountName}`,
      d.name,
      [
        `A conta "${d.accountName}" foi criada no Clinic com este e-mail.`,
        `Para confirmá-la, informe o código abaixo no aplicativo em até ${d.validDays} dias.`,
      ],
      d.token,
      IGNORE,
    );
  },
  'password.reset': (data) => {
    const d = resetData.parse(data);
    return mail(
      'Redefinição de senha do Clinic',
      d.name,
      [
        'Recebemos um pedido para redefinir a sua senha.',
        `Informe o código abaixo no aplicativo em até ${d.validMinutes} minutos; ele vale uma única vez.`,
      ],
      d.token,
      IGNORE,
    );
  },
  'user.invitation': (data) => {
    const d = invitationData.parse(data);
    const role = ROLE_NAMES[d.role] ?? d.role;
    return mail(
      `Convite para ${d.accountName || 'uma clínica'} no Clinic`,
      d.name,
      [
        `Você foi convidado(a) para ${d.accountName || 'uma clínica'} como ${role}.`,
        `Para aceitar, informe o código abaixo no aplicativo em até ${d.validDays} dias.`,
      ],
      d.token,
      'Se você não esperava este convite, ignore esta mensagem.',
    );
  },
};
