/**
 * The webhook event catalogue (spec §6 names webhook configuration but no events: these are ours).
 * Payloads follow Standard Webhooks' recommended shape `{ type, timestamp, data }` and are thin
 * (ids, statuses, times; no names, phones or clinical text): a receiver that needs more reads it
 * through the API with its own key, where access is checked and audited (LGPD), and a thin payload
 * cannot go stale between the event and a late retry.
 */
import { z } from 'zod';

const id = z.string().describe('id do registro');
const at = z.string().describe('ISO-8601 com fuso');

const appointment = z
  .object({
    id,
    clinic: z.string(),
    professional: z.string(),
    patient: z.string(),
    start: at,
    end: at,
    status: z.number().int().describe('status do agendamento (1 agendado … 10 reservado)'),
    confirmed: z.boolean().describe('confirmação do paciente'),
  })
  .meta({ id: 'WebhookAppointment' });
const patient = z.object({ id, active: z.boolean() }).meta({ id: 'WebhookPatient' });
const budget = z
  .object({
    id,
    budgetNumber: z.number().int(),
    patient: z.string(),
    clinic: z.string(),
    status: z.number().int().describe('0 rascunho, 1 aguardando, 2 aprovado, 3 reprovado, 4 executado, 5 vencido'),
    value: z.number().describe('reais'),
  })
  .meta({ id: 'WebhookBudget' });
const ticket = z
  .object({ id, clinic: z.string(), code: z.string(), calledPlace: z.string().optional(), calledAt: at.optional() })
  .meta({ id: 'WebhookTicket' });
const message = z
  .object({
    id,
    channel: z.string(),
    template: z.string(),
    status: z.enum(['sent', 'failed']),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'WebhookMessage' });

/** Every event type with its `data` schema and pt-BR description. */
export const WEBHOOK_EVENTS = {
  'appointment.created': { data: appointment, description: 'Agendamento criado' },
  'appointment.confirmed': { data: appointment, description: 'Paciente confirmou o agendamento' },
  'appointment.unconfirmed': { data: appointment, description: 'Paciente desfez a confirmação' },
  'appointment.cancelled': { data: appointment, description: 'Agendamento desmarcado (pelo paciente ou pela clínica)' },
  'appointment.attended': { data: appointment, description: 'Atendimento concluído' },
  'patient.created': { data: patient, description: 'Paciente cadastrado' },
  'patient.updated': { data: patient, description: 'Cadastro do paciente alterado' },
  'budget.created': { data: budget, description: 'Orçamento criado' },
  'budget.approved': { data: budget, description: 'Orçamento aprovado' },
  'budget.disapproved': { data: budget, description: 'Orçamento reprovado' },
  'ticket.called': { data: ticket, description: 'Senha chamada no painel' },
  'message.delivered': { data: message, description: 'Mensagem entregue ao provedor (e-mail, WhatsApp)' },
  'message.failed': { data: message, description: 'Mensagem falhou de vez' },
} as const;

/** One event type (`appointment.confirmed`). */
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
/** Every event type, in catalogue order. */
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** True when `type` is in the catalogue. */
export function isWebhookEventType(type: string): type is WebhookEventType {
  return Object.hasOwn(WEBHOOK_EVENTS, type);
}

/** The body of a delivery (Standard Webhooks payload structure). */
export interface WebhookPayload {
  type: WebhookEventType;
  /** When the change was recorded on the server (ISO-8601 UTC), not when it is delivered. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** The zod schema of the whole body of `type`, for the OpenAPI `webhooks` section. */
export function payloadSchema(type: WebhookEventType): z.ZodType {
  return z.object({
    type: z.literal(type),
    timestamp: z.string().describe('quando a mudança foi registrada no servidor (ISO-8601 UTC)'),
    data: WEBHOOK_EVENTS[type].data,
  });
}
