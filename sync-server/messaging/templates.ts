/**
 * Message templates by name: each turns a message's `data` into pt-BR text. Modules register their
 * own (`budget.send`, `appointment.confirmation`, `password.reset`) when they are imported by the
 * server, so core operations name a template without knowing how it reads.
 */
import { z } from 'zod';

/** A rendered message: e-mail uses all three, WhatsApp and SMS only `text`. */
export interface RenderedMessage {
  /** E-mail subject, one line. */
  subject: string;
  /** Plain text: the WhatsApp/SMS body, and the e-mail's text part. */
  text: string;
  /** The e-mail's HTML part; values inserted into it must go through {@link escapeHtml}. */
  html?: string;
  /**
   * A short form for SMS (one segment: the SMS channel transliterates and cuts it to 160
   * characters, sync-server/sms/sms-text.ts); without it SMS sends `text`, cut the same way.
   */
  sms?: string;
}

/**
 * Renders one template. Validate `data` (with zod) and throw when it does not fit: the message is
 * then marked failed at once, since retrying renders the same data.
 */
export type TemplateRender = (data: Record<string, unknown>) => RenderedMessage;

/** Templates by name. */
export class TemplateRegistry {
  private readonly renders = new Map<string, TemplateRender>();

  /**
   * Adds a template.
   * @throws Error when `name` is taken: two modules silently overriding each other's text would
   *   send the wrong words to patients.
   */
  register(name: string, render: TemplateRender): void {
    if (this.renders.has(name)) throw new Error(`modelo de mensagem "${name}" registrado duas vezes`);
    this.renders.set(name, render);
  }

  /** The template called `name`, or undefined. */
  get(name: string): TemplateRender | undefined {
    return this.renders.get(name);
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attributes: patient names may hold `<` or `&`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const testData = z.object({ clinicName: z.string().min(1).max(200).optional() });

/**
 * A template every server has, to check a channel's configuration end to end (`data.clinicName`
 * optional).
 */
export const TEST_TEMPLATE = 'messaging.test';

function renderTest(data: Record<string, unknown>): RenderedMessage {
  const { clinicName = 'Clínica' } = testData.parse(data);
  const text = `Olá! Esta é uma mensagem de teste de ${clinicName}. Se você a recebeu, o envio está configurado.`;
  return {
    subject: `Mensagem de teste — ${clinicName}`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}

/** The registry the delivery worker uses unless given another (tests pass their own). */
export const templates = new TemplateRegistry();
templates.register(TEST_TEMPLATE, renderTest);

/**
 * Registers a template on the shared registry.
 *
 * @example
 * registerTemplate('budget.send', (data) => {
 *   const { patientName, budgetNumber } = budgetSendData.parse(data);
 *   const text = `Olá, ${patientName}! Segue o orçamento nº ${budgetNumber}.`;
 *   return { subject: `Orçamento nº ${budgetNumber}`, text, html: `<p>${escapeHtml(text)}</p>` };
 * });
 * @throws Error when the name is taken.
 */
export function registerTemplate(name: string, render: TemplateRender): void {
  templates.register(name, render);
}
