/**
 * Transfers out of the digital account (spec §4.4 Finance: "confirm a financial transfer", "resend a
 * transfer token"). A person asks for a PIX transfer; a 6-digit token goes by e-mail to that person
 * (through the server's own outbox, which no installation replicates); only the token's SHA-256 is
 * kept, it lasts 10 minutes and 5 wrong tries void it. Confirming with it sends the transfer to the
 * provider once (a conditional update claims it). Money leaves only after the second factor, as the
 * providers' own critical-action tokens do (FIN-011).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { textInput } from '#core/br/schemas.js';
import { isoWithOffset } from '#core/clock.js';
import { EXAMPLE_ID, idInput } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { ProviderError } from '#core/finance/payment-provider.js';
import { defineOperation, type Operation, type OperationContext } from '#core/operation.js';
import type { Outbox } from '#core/outbox.js';
import { fromCentavos, reaisInput, toCentavos } from '#core/price/money.js';
import { formatCentavos } from '#core/br/format.js';
import { escapeHtml, type TemplateRender } from '../messaging/templates.js';
import type { ProviderFactory } from './payment-ops.js';
import type { PaymentService } from './payment-service.js';
import type { PaymentTables } from './payment-tables.js';

const GROUP = 'Finance';
const TOKEN_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
/** The e-mail with the token. */
export const TRANSFER_TOKEN_TEMPLATE = 'finance.transferToken';

const tokenData = z.object({ name: z.string(), token: z.string(), value: z.string(), pixKey: z.string() });

/** The finance e-mails the server renders. */
export const financeTemplates: Readonly<Record<string, TemplateRender>> = {
  [TRANSFER_TOKEN_TEMPLATE]: (data) => {
    const { name, token, value, pixKey } = tokenData.parse(data);
    const lines = [
      `Olá, ${name}!`,
      `Para confirmar a transferência de ${value} da conta digital para a chave PIX ${pixKey}, informe o código abaixo. Ele vale 10 minutos.`,
      `Código: ${token}`,
      'Se você não pediu esta transferência, não informe o código a ninguém: sem ele nenhum dinheiro sai.',
    ];
    return {
      subject: `Código para confirmar a transferência de ${value}`,
      text: lines.join('\n\n'),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
    };
  },
};

type TransferRow = PaymentTables['payment_transfers'];

const transferOutput = z
  .object({
    id: z.string(),
    value: z.number().describe('reais'),
    pixKey: z.string(),
    description: z.string(),
    status: z.enum(['pending', 'sending', 'sent', 'failed', 'expired']),
    providerId: z.string().optional(),
    providerStatus: z.string().optional(),
    problem: z.string().optional(),
    tokenExpiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'DigitalTransfer' });

function answer(row: TransferRow): z.input<typeof transferOutput> {
  return {
    id: row.id,
    value: fromCentavos(row.value_centavos),
    pixKey: row.pix_key,
    description: row.description,
    status: row.status as z.infer<typeof transferOutput>['status'],
    ...(row.provider_id ? { providerId: row.provider_id } : {}),
    ...(row.provider_status ? { providerStatus: row.provider_status } : {}),
    ...(row.problem ? { problem: row.problem } : {}),
    tokenExpiresAt: row.token_expires_at,
    createdAt: row.created_at,
  };
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The transfer operations; the token e-mail goes through `serverOutbox` (never replicated). */
export function digitalTransferOperations(
  service: PaymentService,
  providerFor: ProviderFactory,
  serverOutbox: Outbox,
): Operation[] {
  const db = service.db;
  const now = () => service.clock.now();

  /** The person asking: a user of the account with an e-mail (a key has no inbox for the token). */
  async function requester(ctx: OperationContext) {
    const user = ctx.actor.kind === 'user' ? await ctx.store.collection(users).get(ctx.actor.id) : undefined;
    if (!user?.email)
      throw new DomainError('forbidden', 'Uma transferência é pedida por uma pessoa com e-mail, que recebe o código');
    return user;
  }

  async function issueToken(ctx: OperationContext, row: Pick<TransferRow, 'id' | 'value_centavos' | 'pix_key'>) {
    const user = await requester(ctx);
    const token = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expires = isoWithOffset(new Date(now().getTime() + TOKEN_TTL_MS));
    await db
      .updateTable('payment_transfers')
      .set({ token_hash: hash(token), token_expires_at: expires, attempts: 0, updated_at: isoWithOffset(now()) })
      .where('id', '=', row.id)
      .execute();
    await serverOutbox.enqueue({
      channel: 'email',
      to: user.email!,
      template: TRANSFER_TOKEN_TEMPLATE,
      data: { name: user.name, token, value: formatCentavos(row.value_centavos), pixKey: row.pix_key },
    });
  }

  async function requirePending(ctx: OperationContext, id: string): Promise<TransferRow> {
    const row = await db
      .selectFrom('payment_transfers')
      .selectAll()
      .where('tenant_id', '=', ctx.actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', 'Transferência não encontrada', [{ path: 'id', message: id }]);
    if (row.requested_by !== ctx.actor.id)
      throw new DomainError('forbidden', 'Só quem pediu a transferência a confirma');
    if (row.status !== 'pending')
      throw new DomainError('invalid_transition', 'Esta transferência não espera código', [
        { path: 'id', message: `transferência ${row.status}` },
      ]);
    return row;
  }

  const request = defineOperation({
    name: 'finance.digitalAccount.transfer',
    group: GROUP,
    summary: 'Pede uma transferência PIX da conta digital; um código vai por e-mail a quem pediu',
    permission: 'finance:write',
    input: z.strictObject({
      value: reaisInput.refine((v) => v > 0, 'maior que zero'),
      pixKey: z.string().trim().min(1).max(140),
      pixKeyType: z.enum(['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP']),
      description: textInput(140),
    }),
    output: z.object({ message: z.string(), transfer: transferOutput }),
    http: { method: 'POST', path: '/finance/digitalAccount/transfer', status: 201 },
    example: { value: 1500, pixKey: '12.345.678/0001-95', pixKeyType: 'CNPJ', description: 'Repasse Dra. Ana' },
    async run(ctx, input) {
      await requester(ctx);
      if (!(await providerFor(ctx.actor.tenantId)))
        throw new DomainError('invalid_transition', 'Provedor de pagamentos não configurado');
      const at = isoWithOffset(now());
      const row: TransferRow = {
        id: ctx.ids.next(),
        tenant_id: ctx.actor.tenantId,
        requested_by: ctx.actor.id,
        value_centavos: toCentavos(input.value),
        pix_key: input.pixKey,
        pix_key_type: input.pixKeyType,
        description: input.description,
        status: 'pending',
        token_hash: '',
        token_expires_at: at,
        attempts: 0,
        provider_id: null,
        provider_status: null,
        problem: null,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('payment_transfers').values(row).execute();
      await issueToken(ctx, row);
      const stored = await requirePending(ctx, row.id);
      return { message: 'Código enviado por e-mail; confirme a transferência com ele', transfer: answer(stored) };
    },
  });

  const resend = defineOperation({
    name: 'finance.digitalAccount.resendTransferToken',
    group: GROUP,
    summary: 'Reenvia o código de uma transferência (o anterior deixa de valer)',
    permission: 'finance:write',
    input: z.strictObject({ id: idInput }),
    output: z.object({ message: z.string(), transfer: transferOutput }),
    http: { method: 'POST', path: '/finance/digitalAccount/transfer/{id}/token' },
    example: { id: EXAMPLE_ID },
    async run(ctx, { id }) {
      const row = await requirePending(ctx, id);
      await issueToken(ctx, row);
      return { message: 'Novo código enviado por e-mail', transfer: answer(await requirePending(ctx, id)) };
    },
  });

  const confirm = defineOperation({
    name: 'finance.digitalAccount.confirmTransfer',
    group: GROUP,
    summary: 'Confirma uma transferência com o código recebido e a envia ao provedor',
    permission: 'finance:write',
    input: z.strictObject({ id: idInput, token: z.string().regex(/^\d{6}$/, { error: 'código de 6 dígitos' }) }),
    output: z.object({ message: z.string(), transfer: transferOutput }),
    http: { method: 'POST', path: '/finance/digitalAccount/transfer/{id}/confirmation' },
    example: { id: EXAMPLE_ID, token: '123456' },
    async run(ctx, { id, token }) {
      const row = await requirePending(ctx, id);
      const wrong = (message: string) =>
        new DomainError('validation', 'Código não confere', [{ path: 'token', message }]);
      if (row.token_expires_at < isoWithOffset(now()) || row.attempts >= MAX_ATTEMPTS)
        throw wrong('código vencido: peça outro');
      const given = Buffer.from(hash(token));
      if (!timingSafeEqual(given, Buffer.from(row.token_hash))) {
        await db
          .updateTable('payment_transfers')
          .set({ attempts: row.attempts + 1 })
          .where('id', '=', id)
          .execute();
        throw wrong(`${MAX_ATTEMPTS - row.attempts - 1} tentativa(s) restante(s)`);
      }
      const claimed = await db
        .updateTable('payment_transfers')
        .set({ status: 'sending', updated_at: isoWithOffset(now()) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1)
        throw new DomainError('conflict', 'Esta transferência já foi confirmada');
      const provider = await providerFor(ctx.actor.tenantId);
      const finish = (set: Partial<TransferRow>) =>
        db
          .updateTable('payment_transfers')
          .set({ ...set, updated_at: isoWithOffset(now()) })
          .where('id', '=', id)
          .execute();
      try {
        if (!provider) throw new ProviderError('Provedor de pagamentos não configurado', true, 'not_configured');
        const sent = await provider.transfer(
          {
            value: fromCentavos(row.value_centavos),
            pixKey: row.pix_key,
            pixKeyType: row.pix_key_type as 'CPF',
            description: row.description,
            reference: row.id,
          },
          AbortSignal.timeout(20_000),
        );
        await finish({ status: 'sent', provider_id: sent.id, provider_status: sent.status });
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        await finish({ status: 'failed', problem: error.message });
      }
      const done = (await db.selectFrom('payment_transfers').selectAll().where('id', '=', id).executeTakeFirst())!;
      return {
        message: done.status === 'sent' ? 'Transferência enviada ao provedor' : 'O provedor recusou a transferência',
        transfer: answer(done),
      };
    },
  });

  return [request, resend, confirm] as Operation[];
}
