/**
 * Which account receives a PIX at the desk, and the static BR Code of an amount to it: the one the
 * charge names when it has a PIX key, otherwise the first active account with one (by name). The
 * desk shows the QR before the payment exists, the receipt prints the same code after (FIN-013).
 */
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { financeAccounts, type FinanceAccount } from './account-record.js';
import { billTxid } from './pix-ops.js';
import { pixPayload, pixQrCode } from './pix.js';

const hasKey = (a: FinanceAccount | undefined) => !!a && !!a.pixKey && !!a.pixName && !!a.pixCity;

/** The account with a PIX key that receives: `preferred` when it has one, else the first active one. */
export async function pixAccount(store: Store, preferred?: string): Promise<Stored<FinanceAccount> | undefined> {
  if (preferred) {
    const account = await store.collection(financeAccounts).get(preferred);
    if (account && hasKey(account)) return account;
  }
  const active = await store
    .collection(financeAccounts)
    .find({ selector: { active: true }, sort: [{ nameKey: 'asc' }] });
  return active.find(hasKey);
}

/** A static PIX charge ready to show: the copia-e-cola payload and its QR as SVG. */
export interface PixCode {
  payload: string;
  svg: string;
  png: string;
  txid: string;
  /** The receiver's name as the payer's bank shows it. */
  receiver: string;
}

/**
 * The BR Code of `amountCentavos` to `account`, its txid made from `reference` (the appointment or the
 * bill id), or undefined when no account has a PIX key.
 * @throws DomainError `validation` when the key cannot form a BR Code.
 */
export async function pixCodeFor(
  store: Store,
  input: { amountCentavos: number; reference: string; account?: string | undefined },
): Promise<PixCode | undefined> {
  const account = await pixAccount(store, input.account);
  if (!account?.pixKey || !account.pixName || !account.pixCity) return undefined;
  const txid = billTxid(input.reference);
  const payload = pixPayload({
    key: account.pixKey,
    merchantName: account.pixName,
    merchantCity: account.pixCity,
    amount: input.amountCentavos / 100,
    txid,
  });
  return { payload, ...(await pixQrCode(payload)), txid, receiver: account.pixName };
}
