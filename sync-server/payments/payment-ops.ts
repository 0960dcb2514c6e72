/**
 * The Finance operations that need the payment provider (spec §4.4 Finance: "create an online
 * payment for a patient receivable", "refund a digital finance record", "return the extract of the
 * digital account"; Clinic: "check the payment-provider configuration status"), plus the account's
 * provider credentials. Server-only and online-only: the provider is reached from here, never from a
 * desk. The spec gives no paths or payloads for these: they are ours (FIN-010).
 */
import { z } from 'zod';
import { dateInput, textInput } from '#core/br/schemas.js';
import { EXAMPLE_ID, idInput, requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { financeAccounts } from '#core/finance/account-record.js';
import { bills } from '#core/finance/bill-record.js';
import { openCentavos, today } from '#core/finance/finance-common.js';
import { livePayments, unmarkReceived } from '#core/finance/payment-ops.js';
import { settleRefund } from '#core/finance/finance-money.js';
import { appendRefund } from '#core/finance/refund-ops.js';
import { formatCentavos } from '#core/br/format.js';
import { CHARGE_METHODS, ProviderError, type PaymentProvider } from '#core/finance/payment-provider.js';
import { defineOperation, type Operation } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { fromCentavos, reaisInput, toCentavos } from '#core/price/money.js';
import { refInput } from '#core/references.js';
import type { AuditLog } from '../audit/writer.js';
import { auditBy } from '../auth/services.js';
import type { ChargeRow, PaymentService } from './payment-service.js';

const GROUP = 'Finance';
const TIMEOUT_MS = 20_000;

/** Builds the adapter for an account's credentials (the Asaas adapter in production). */
export type ProviderFactory = (tenantId: string) => Promise<PaymentProvider | undefined>;

const credentialsInfo = z
  .object({
    configured: z.boolean(),
    provider: z.literal('asaas').optional(),
    baseUrl: z.string().optional(),
    apiKeyHint: z.string().optional().describe('últimos 4 caracteres da chave'),
    account: z.string().optional().describe('conta financeira (digital) onde os recebimentos entram'),
    webhookPath: z.string().optional().describe('o caminho a cadastrar como webhook no provedor'),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'PaymentProviderStatus' });

const chargeOutput = z
  .object({
    id: z.string().describe('id da cobrança no provedor'),
    bill: z.string(),
    method: z.enum(CHARGE_METHODS),
    value: z.number().describe('reais'),
    status: z.enum(['pending', 'settling', 'received', 'review', 'refunded']),
    providerStatus: z.string(),
    payment: z.string().optional().describe('o pagamento lançado na conta quando o provedor avisou'),
    problem: z.string().optional().describe('por que o aviso de pagamento ficou para uma pessoa conferir'),
    createdAt: z.string(),
  })
  .meta({ id: 'OnlineCharge' });

function chargeAnswer(row: ChargeRow): z.input<typeof chargeOutput> {
  return {
    id: row.charge_id,
    bill: row.bill_id,
    method: row.method as (typeof CHARGE_METHODS)[number],
    value: fromCentavos(row.value_centavos),
    status: row.status as z.infer<typeof chargeOutput>['status'],
    providerStatus: row.provider_status,
    ...(row.payment_id ? { payment: row.payment_id } : {}),
    ...(row.problem ? { problem: row.problem } : {}),
    createdAt: row.created_at,
  };
}

/** A provider failure as the caller sees it: 400 when it refused the data, 500 when it failed or was unreachable; its reason, never a credential. */
function providerFailed(error: unknown): never {
  if (error instanceof ProviderError)
    throw new DomainError(error.permanent ? 'validation' : 'internal', error.message, [
      { path: 'provider', message: error.code },
    ]);
  throw error;
}

/** The provider-backed operations over `service`; `providerFor` opens the account's adapter. */
export function providerPaymentOperations(
  service: PaymentService,
  providerFor: ProviderFactory,
  audit: AuditLog,
): Operation[] {
  async function requireProvider(tenantId: string): Promise<PaymentProvider> {
    const provider = await providerFor(tenantId);
    if (!provider)
      throw new DomainError('invalid_transition', 'Provedor de pagamentos não configurado', [
        { path: 'provider', message: 'configure em PUT /finance/provider/credentials' },
      ]);
    return provider;
  }

  const configure = defineOperation({
    name: 'finance.provider.configure',
    group: GROUP,
    summary: 'Configura o provedor de pagamentos da conta (Asaas): chave da API e token do webhook',
    description:
      'A chave e o token ficam cifrados no servidor, nunca voltam nas respostas nem vão às estações. ' +
      'No Asaas, cadastre o webhook de cobranças em /finance/provider/asaas/webhook/{id da conta} com o mesmo token.',
    permission: 'access:write',
    input: z.strictObject({
      provider: z.literal('asaas').default('asaas'),
      apiKey: z.string().trim().min(8).max(1000),
      webhookToken: z.string().trim().min(16).max(255),
      baseUrl: z.url({ protocol: /^https?$/ }).default('https://api.asaas.com'),
      account: refInput(() => financeAccounts).optional(),
    }),
    output: credentialsInfo,
    http: { method: 'PUT', path: '/finance/provider/credentials' },
    example: {
      provider: 'asaas',
      apiKey: '$aact_YTU5YTE0M2M2N2I4MTliNzk0YTI5N2U5MzdjNWZmNDQ6OjAwMDAwMDAwMDAwMDAwMDAwMDA6OiRhYWNoXzQ',
      webhookToken: 'token-do-webhook-com-16+',
      baseUrl: 'https://api-sandbox.asaas.com',
    },
    async run(ctx, input) {
      if (input.account) {
        const account = await requireRecord(ctx.store.collection(financeAccounts), input.account, 'Conta', 'account');
        if (account.kind !== 'digital')
          throw new DomainError('validation', 'Requisição inválida', [
            { path: 'account', message: 'os recebimentos do provedor entram numa conta digital' },
          ]);
      }
      const saved = await service.configure(ctx.actor.tenantId, input);
      audit.record(
        auditBy(ctx.actor, ctx.origin, { action: 'update', collection: 'payment_credentials', detail: 'credenciais' }),
      );
      return { configured: true, ...saved, webhookPath: `/finance/provider/asaas/webhook/${ctx.actor.tenantId}` };
    },
  });

  const status = defineOperation({
    name: 'finance.provider.status',
    group: 'Clinic',
    summary: 'Situação da configuração do provedor de pagamentos (sem segredos)',
    permission: 'finance:read',
    input: z.strictObject({}),
    output: credentialsInfo,
    http: { method: 'GET', path: '/finance/provider/status' },
    example: {},
    async run(ctx) {
      const found = await service.info(ctx.actor.tenantId);
      if (!found) return { configured: false };
      return { configured: true, ...found, webhookPath: `/finance/provider/asaas/webhook/${ctx.actor.tenantId}` };
    },
  });

  const remove = defineOperation({
    name: 'finance.provider.remove',
    group: GROUP,
    summary: 'Remove as credenciais do provedor de pagamentos',
    permission: 'access:write',
    input: z.strictObject({}),
    output: z.object({ message: z.string() }),
    http: { method: 'DELETE', path: '/finance/provider/credentials' },
    example: {},
    async run(ctx) {
      await service.remove(ctx.actor.tenantId);
      audit.record(auditBy(ctx.actor, ctx.origin, { action: 'remove', collection: 'payment_credentials' }));
      return { message: 'Provedor de pagamentos removido' };
    },
  });

  const onlinePayment = defineOperation({
    name: 'finance.bill.onlinePayment',
    group: GROUP,
    summary: 'Cria um pagamento online (PIX dinâmico, cartão ou boleto) de uma conta a receber do paciente',
    description:
      'Cria a cobrança no provedor pelo valor em aberto. PIX devolve o QR Code dinâmico e o copia e cola; cartão e ' +
      'boleto, a página de pagamento do provedor (os dados do cartão são digitados lá, nunca passam por aqui). ' +
      'A conta é baixada quando o provedor avisa pelo webhook que recebeu, uma vez só.',
    permission: 'cashier:write',
    input: z.strictObject({
      id: idInput,
      method: z.enum(CHARGE_METHODS),
      dueDate: dateInput.optional().describe('padrão: o vencimento da conta, ou hoje se já passou'),
    }),
    output: z.object({
      charge: chargeOutput,
      invoiceUrl: z.string().optional(),
      pix: z
        .object({ payload: z.string(), encodedImage: z.string().describe('PNG em base64'), expirationDate: z.string() })
        .optional(),
    }),
    http: { method: 'POST', path: '/finance/bill/{id}/onlinePayment', status: 201 },
    example: { id: EXAMPLE_ID, method: 'pix' },
    async run(ctx, { id, method, dueDate }) {
      const bill = await requireRecord(ctx.store.collection(bills), id, 'Conta');
      const open = openCentavos(bill);
      if (bill.type !== 'receivable' || !bill.patient || open <= 0)
        throw new DomainError('invalid_transition', 'Esta conta não recebe pagamento online', [
          {
            path: 'id',
            message:
              bill.type !== 'receivable' ? 'conta a pagar' : !bill.patient ? 'conta sem paciente' : 'nada em aberto',
          },
        ]);
      const patient = await requireRecord(ctx.store.collection(patients), bill.patient, 'Paciente', 'patient');
      const cpf = patient.cpf?.replace(/\D/g, '');
      if (!cpf)
        throw new DomainError('validation', 'O provedor exige o CPF do pagador', [
          { path: 'patient', message: 'paciente sem CPF' },
        ]);
      const provider = await requireProvider(ctx.actor.tenantId);
      const day = today(ctx);
      const customer = await service.customerOf(ctx.actor.tenantId, patient.id);
      const charge = await provider
        .createCharge(
          {
            bill: bill.id,
            payer: {
              patient: patient.id,
              name: patient.name,
              cpfCnpj: cpf,
              ...(patient.email ? { email: patient.email } : {}),
              ...(patient.cellPhone ? { mobilePhone: patient.cellPhone.replace(/\D/g, '').replace(/^55/, '') } : {}),
            },
            ...(customer ? { customer } : {}),
            method,
            value: fromCentavos(open),
            dueDate: dueDate ?? (bill.dueDate < day ? day : bill.dueDate),
            description: bill.description,
          },
          AbortSignal.timeout(TIMEOUT_MS),
        )
        .catch(providerFailed);
      if (!customer) await service.rememberCustomer(ctx.actor.tenantId, patient.id, charge.customer);
      await service.addCharge(ctx.actor.tenantId, {
        id: charge.id,
        bill: bill.id,
        method,
        valueCentavos: open,
        providerStatus: charge.status,
      });
      const row = (await service.charge(ctx.actor.tenantId, charge.id))!;
      return {
        charge: chargeAnswer(row),
        ...(charge.invoiceUrl ? { invoiceUrl: charge.invoiceUrl } : {}),
        ...(charge.pix ? { pix: charge.pix } : {}),
      };
    },
  });

  const onlinePayments = defineOperation({
    name: 'finance.bill.onlinePayments',
    group: GROUP,
    summary: 'Cobranças online de uma conta e o que houve com cada uma',
    permission: 'finance:read',
    input: z.strictObject({ id: idInput }),
    output: z.object({ items: z.array(chargeOutput) }),
    http: { method: 'GET', path: '/finance/bill/{id}/onlinePayment' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      await requireRecord(ctx.store.collection(bills), id, 'Conta');
      return { items: (await service.chargesOf(ctx.actor.tenantId, id)).map(chargeAnswer) };
    },
  });

  const refund = defineOperation({
    name: 'finance.bill.refund',
    group: GROUP,
    summary: 'Estorna no provedor um pagamento online recebido (todo ou parte) e reabre a conta',
    description:
      'O provedor devolve o valor ao pagador; aqui o pagamento que o webhook lançou recebe seu estorno (o histórico fica). Com `value`, só essa parte (estorno parcial): a conta reabre por ela e a cobrança fica `received` até o último centavo ser estornado.',
    permission: 'finance:write',
    input: z.strictObject({
      id: idInput,
      charge: z.string().trim().min(1).max(64),
      value: reaisInput.optional().describe('estorno parcial: quanto devolver (padrão: o que resta)'),
      reason: textInput(500),
    }),
    output: z.object({ message: z.string(), charge: chargeOutput }),
    http: { method: 'POST', path: '/finance/bill/{id}/refund' },
    example: { id: EXAMPLE_ID, charge: 'pay_080225913252', reason: 'Consulta desmarcada pela clínica' },
    async run(ctx, { id, charge: chargeId, value, reason }) {
      const row = await service.charge(ctx.actor.tenantId, chargeId);
      if (!row || row.bill_id !== id)
        throw new DomainError('not_found', 'Cobrança não encontrada nesta conta', [
          { path: 'charge', message: chargeId },
        ]);
      if (row.status !== 'received' || !row.payment_id)
        throw new DomainError('invalid_transition', 'Só uma cobrança recebida é estornada', [
          { path: 'charge', message: `cobrança ${row.status}` },
        ]);
      const paymentId = row.payment_id;
      // What is left to refund is checked before the provider is asked, so a wrong value changes nothing anywhere.
      const standing = (await livePayments(ctx.store, id)).find((s) => s.payment.id === paymentId);
      if (!standing)
        throw new DomainError('invalid_transition', 'O pagamento desta cobrança já foi estornado', [
          { path: 'charge', message: 'estorne no provedor à parte, se preciso' },
        ]);
      const cents = value === undefined ? standing.received : toCentavos(value);
      settleRefund(
        { principal: standing.payment.principalCentavos, received: standing.payment.receivedCentavos },
        { principal: standing.refundedPrincipal, received: standing.refundedReceived },
        cents,
      );
      const whole = cents === standing.received;
      const provider = await requireProvider(ctx.actor.tenantId);
      const done = await provider
        .refundCharge(
          chargeId,
          reason,
          AbortSignal.timeout(TIMEOUT_MS),
          // After a partial refund the rest is named too: the provider's "whole charge" would be too much.
          value === undefined && standing.refundedReceived === 0 ? undefined : fromCentavos(cents),
        )
        .catch(providerFailed);
      const note = `Estorno no provedor: ${reason}`;
      if (whole) await unmarkReceived.run(ctx, { id, payment: paymentId, reason: note });
      else await ctx.store.transaction((tx) => appendRefund(ctx, tx, paymentId, cents, note));
      if (whole) await service.settle(chargeId, { status: 'refunded' });
      await service.noteProviderStatus(chargeId, done.status);
      return {
        message: whole
          ? 'Pagamento estornado no provedor'
          : `Estorno parcial de ${formatCentavos(cents)} no provedor; a conta reabriu por ele`,
        charge: chargeAnswer((await service.charge(ctx.actor.tenantId, chargeId))!),
      };
    },
  });

  const extract = defineOperation({
    name: 'finance.digitalAccount.extract',
    group: GROUP,
    summary: 'Extrato da conta digital no provedor de pagamentos',
    permission: 'finance:read',
    input: z.strictObject({
      from: dateInput,
      to: dateInput,
      offset: z.coerce.number().int().min(0).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    output: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          value: z.number().describe('reais; negativo para saídas'),
          balance: z.number().describe('saldo após o lançamento, reais'),
          type: z.string(),
          date: z.string(),
          description: z.string(),
          charge: z.string().optional(),
        }),
      ),
      hasMore: z.boolean(),
      totalCount: z.number().int(),
    }),
    http: { method: 'GET', path: '/finance/digitalAccount/extract' },
    example: { from: '2026-11-01', to: '2026-11-30' },
    async run(ctx, query) {
      if (query.from > query.to)
        throw new DomainError('validation', 'Requisição inválida', [{ path: 'to', message: 'antes de from' }]);
      const provider = await requireProvider(ctx.actor.tenantId);
      return provider.extract(query, AbortSignal.timeout(TIMEOUT_MS)).catch(providerFailed);
    },
  });

  return [configure, status, remove, onlinePayment, onlinePayments, refund, extract] as Operation[];
}
