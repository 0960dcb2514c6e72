/**
 * "Retrieve a PIX QR code" (spec §4.4 Finance): the static BR Code of a bill's open amount, to the
 * PIX key of a clinic account, with the bill as the txid, and its QR code. Built locally (no payment
 * provider): the desk shows it offline too. Confirming the payment is a person marking the bill
 * paid; an online provider's confirmation is left to an adapter (docs/decisions/finance.md FIN-007).
 */
import { refInput } from '#core/references.js';
import { z } from 'zod';
import { EXAMPLE_ID, idInput, requireRecord, requireReference } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { fromCentavos } from '#core/price/money.js';
import { financeAccounts } from './account-record.js';
import { bills } from './bill-record.js';
import { GROUP, openCentavos } from './finance-common.js';
import { pixPayload, pixQrCode } from './pix.js';

/** The txid of a bill: its id without hyphens, cut to the 25 characters the BR Code allows. */
export function billTxid(billId: string): string {
  return billId.replace(/[^A-Za-z0-9]/g, '').slice(-25);
}

/** `finance.bill.pix`: `GET /finance/bill/{id}/pix`. */
export const retrievePixQrCode = defineOperation({
  name: 'finance.bill.pix',
  group: GROUP,
  summary: 'Gera o QR code PIX (BR Code estático) do valor em aberto de uma conta a receber',
  description:
    'A chave é a da conta `account` (padrão: a conta da cobrança). Responde o payload "copia e cola", o QR em PNG (data URL) e em SVG, o valor e o txid.',
  permission: 'finance:read',
  input: z.strictObject({ id: idInput, account: refInput(() => financeAccounts).optional() }),
  output: z.object({
    payload: z.string().describe('BR Code (copia e cola)'),
    png: z.string().describe('data:image/png;base64,…'),
    svg: z.string(),
    amount: z.number().describe('reais'),
    txid: z.string(),
  }),
  http: { method: 'GET', path: '/finance/bill/{id}/pix' },
  example: { id: EXAMPLE_ID, account: EXAMPLE_ID },
  async run(ctx, { id, account }) {
    const bill = await requireRecord(ctx.store.collection(bills), id, 'Conta');
    const open = openCentavos(bill);
    if (bill.type !== 'receivable' || open <= 0)
      throw new DomainError('invalid_transition', 'Esta conta não tem valor a receber', [
        { path: 'id', message: bill.type === 'receivable' ? `conta ${bill.status}` : 'conta a pagar' },
      ]);
    const accountId = account ?? bill.account;
    if (!accountId)
      throw new DomainError('validation', 'Informe a conta que recebe o PIX', [
        { path: 'account', message: 'a cobrança não tem conta' },
      ]);
    const target = await requireReference(ctx.store.collection(financeAccounts), accountId, 'Conta', 'account');
    if (!target.pixKey || !target.pixName || !target.pixCity)
      throw new DomainError('validation', 'A conta não tem chave PIX', [
        { path: 'account', message: 'cadastre a chave, o nome e a cidade do recebedor na conta' },
      ]);
    const amount = fromCentavos(open);
    const txid = billTxid(bill.id);
    const payload = pixPayload({
      key: target.pixKey,
      merchantName: target.pixName,
      merchantCity: target.pixCity,
      amount,
      txid,
    });
    return { payload, ...(await pixQrCode(payload)), amount, txid };
  },
});
