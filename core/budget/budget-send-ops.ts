/**
 * `budget.send` (spec §4.4 Report Budget: "send a budget to the patient by e-mail or messaging
 * app"): queues a message in the durable outbox with the PDF attached by reference. The operation
 * only enqueues, inside its own transaction; the server's delivery worker sends with retries, and a
 * failed send shows at `/message/{id}` and can be retried there.
 */
import { z } from 'zod';
import { clinics } from '#core/clinic/clinic-record.js';
import { EXAMPLE_ID, idInput, invalidTransition, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { outboxIn } from '#core/messaging/store-outbox.js';
import { defineOperation } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { budgets } from './budget-record.js';

/** Template the server registers for this message (`sync-server/budget/`). */
export const BUDGET_SEND_TEMPLATE = 'budget.send';
/** Attachment kind the server resolves to the budget's PDF. */
export const BUDGET_PDF_ATTACHMENT = 'budget-pdf';

/** What the `budget.send` template reads. */
export interface BudgetSendData {
  patientName: string;
  clinicName: string;
  budgetNumber: number;
  value: number;
  validUntil: string;
}

/** `budget.send`: `POST /budget/{id}/send` (200 once queued, before delivery). */
export const sendBudget = defineOperation({
  name: 'budget.send',
  group: 'Report Budget',
  summary: 'Envia o orçamento ao paciente por e-mail, WhatsApp (PDF anexo) ou SMS (resumo, sem PDF)',
  description:
    'Enfileira a mensagem (não espera o envio). Destino padrão: o e-mail ou celular do orçamento, senão o do paciente. ' +
    'Por SMS vai um resumo de até 160 caracteres (número, valor e validade), sem o PDF. ' +
    'Acompanhe e reenvie em /message/{messageId}.',
  permission: 'budget:write',
  input: z.strictObject({
    id: idInput,
    channel: z.enum(['email', 'whatsapp', 'sms'], { message: 'use email, whatsapp ou sms' }).default('email'),
    to: z
      .string()
      .trim()
      .min(1)
      .max(254)
      .optional()
      .describe('e-mail ou telefone E.164; padrão: o do orçamento/paciente'),
  }),
  output: z.object({
    message: z.string(),
    messageId: z.string().nullable(),
    channel: z.enum(['email', 'whatsapp', 'sms']),
    to: z.string(),
  }),
  http: { method: 'POST', path: '/budget/{id}/send' },
  example: { id: EXAMPLE_ID, channel: 'email' },
  async run(ctx, { id, channel, to }) {
    const budget = await requireRecord(ctx.store.collection(budgets), id, 'Orçamento');
    if (!budget.active) throw invalidTransition('Orçamento excluído não é enviado');
    const [patient, clinic] = await Promise.all([
      ctx.store.collection(patients).get(budget.patient),
      ctx.store.collection(clinics).get(budget.clinic),
    ]);
    const address =
      to ?? (channel === 'email' ? (budget.email ?? patient?.email) : (budget.cellPhone ?? patient?.cellPhone));
    if (!address) {
      throw new DomainError('validation', 'Requisição inválida', [
        {
          path: 'to',
          message: channel === 'email' ? 'paciente sem e-mail: informe to' : 'paciente sem celular: informe to',
        },
      ]);
    }
    const data: BudgetSendData = {
      patientName: patient?.socialName ?? patient?.name ?? 'Paciente',
      clinicName: clinic?.name ?? 'Clínica',
      budgetNumber: budget.budgetNumber,
      value: budget.value,
      validUntil: budget.validUntil,
    };
    const queued = await ctx.store.transaction((tx) =>
      outboxIn(ctx.outbox, tx).enqueue({
        channel,
        to: address,
        template: BUDGET_SEND_TEMPLATE,
        data: { ...data },
        // Kept for SMS too: it names the budget (the desk follows the send by it); SMS sends no file.
        attachments: [{ kind: BUDGET_PDF_ATTACHMENT, budgetId: id }],
      }),
    );
    return {
      message: `Orçamento nº ${budget.budgetNumber} na fila de envio`,
      messageId: queued?.id ?? null,
      channel,
      to: address,
    };
  },
});
