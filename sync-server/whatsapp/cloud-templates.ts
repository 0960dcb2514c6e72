/**
 * Our outbox templates as WhatsApp message templates. A business-initiated message must be a
 * template approved by Meta (WhatsApp Business Cloud API, "Send message templates"): each entry names
 * the template the clinic registers in its WhatsApp Manager with these parameters in this order.
 * Confirmation requests carry two quick-reply buttons whose payloads name the appointment, so the
 * patient's tap comes back on the webhook as `messages[].button.payload`.
 */
import { z } from 'zod';
import { formatMoney } from '#core/br/format.js';

/** The `template` object of a Cloud API message (without the header document, added by the adapter). */
export interface CloudTemplate {
  name: string;
  language: { code: string };
  components: Record<string, unknown>[];
}

/** The approved template names the clinic registers (pt_BR). */
export const CLOUD_TEMPLATE_NAMES = {
  'budget.send': 'clinic_orcamento',
  'appointment.confirmation': 'clinic_confirmacao_agendamento',
} as const;

/** Reply payloads of the confirmation buttons: `confirm:<appointment id>`, `unconfirm:<appointment id>`. */
export const REPLY_PAYLOAD = /^(confirm|unconfirm):([A-Za-z0-9_-]{1,64})$/;

const text = (value: string) => ({ type: 'text', text: value });

const budgetData = z.object({
  patientName: z.string(),
  clinicName: z.string(),
  budgetNumber: z.number(),
  value: z.number(),
  validUntil: z.string().optional(),
});
const confirmationData = z.object({
  appointmentId: z.string(),
  patientName: z.string(),
  clinicName: z.string(),
  professionalName: z.string(),
  when: z.string(),
});

/**
 * The Cloud API template of our template `name` filled with `data`; undefined when the template has
 * no WhatsApp counterpart (it cannot be sent by this provider).
 * @throws ZodError when `data` does not fit (the send fails for good: the same data fails again).
 */
export function cloudTemplate(name: string, data: Record<string, unknown>): CloudTemplate | undefined {
  const language = { code: 'pt_BR' };
  switch (name) {
    case 'budget.send': {
      const d = budgetData.parse(data);
      return {
        name: CLOUD_TEMPLATE_NAMES[name],
        language,
        components: [
          {
            type: 'body',
            parameters: [
              text(d.patientName),
              text(String(d.budgetNumber)),
              text(d.clinicName),
              text(formatMoney(d.value)),
            ],
          },
        ],
      };
    }
    case 'appointment.confirmation': {
      const d = confirmationData.parse(data);
      return {
        name: CLOUD_TEMPLATE_NAMES[name],
        language,
        components: [
          {
            type: 'body',
            parameters: [
              text(d.patientName),
              text(d.clinicName),
              text(d.professionalName || d.clinicName),
              text(d.when),
            ],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '0',
            parameters: [{ type: 'payload', payload: `confirm:${d.appointmentId}` }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: `unconfirm:${d.appointmentId}` }],
          },
        ],
      };
    }
    default:
      return undefined;
  }
}
