/**
 * The spec's catalogue lines of the Finance (28 operations) and Payment (3) groups (§4.4), phrase by phrase,
 * each with how many of the spec's operations it names (`atoms`) and the operation names that serve it here.
 * test/finance/spec-coverage.test.ts checks the phrases against the spec's text; catalogue.int.test.ts that
 * every name is served and documented.
 */
export interface SpecPhrase {
  /** How many operations of the spec's count the phrase names ("create, edit, list and remove accounts": 4). */
  atoms: number;
  /** Our operations serving it (more than `atoms` when we split one into several ways of doing it). */
  ops: string[];
}

/** Phrase of the spec (the Payment ones prefixed `Payment: `; Clinic's provider status too) → atoms and operations. */
export const SPEC_PHRASES: Record<string, SpecPhrase> = {
  'create, edit, list and remove accounts': {
    atoms: 4,
    ops: ['finance.account.create', 'finance.account.update', 'finance.account.list', 'finance.account.remove'],
  },
  'create, edit, list and remove categories': {
    atoms: 4,
    ops: ['finance.category.create', 'finance.category.update', 'finance.category.list', 'finance.category.remove'],
  },
  'open a new register and start closing the previous one': { atoms: 1, ops: ['finance.register.open'] },
  'confirm a financial transfer': { atoms: 1, ops: ['finance.digitalAccount.confirmTransfer'] },
  'create bills to pay and to receive': {
    atoms: 2,
    ops: ['finance.bill.create', 'finance.bill.fromAppointment', 'finance.bill.fromBudget'],
  },
  'create cash-register withdraw, supply and transfer to an account': {
    atoms: 3,
    ops: ['finance.register.withdraw', 'finance.register.supply', 'finance.register.transfer'],
  },
  'edit a bill to pay and a receivable bill': { atoms: 2, ops: ['finance.bill.update'] },
  'get payment information for a patient': { atoms: 1, ops: ['finance.patient.paymentInformation'] },
  'retrieve a PIX QR code': { atoms: 1, ops: ['finance.bill.pix'] },
  'return the registers flux': { atoms: 1, ops: ['finance.register.flux'] },
  'split a finance record into parcels': { atoms: 1, ops: ['finance.bill.split'] },
  'create an online payment for a patient receivable': { atoms: 1, ops: ['finance.bill.onlinePayment'] },
  'mark a finance as paid with discount and increase details': { atoms: 1, ops: ['finance.bill.pay'] },
  'pay a batch of finances with expected values': { atoms: 1, ops: ['finance.bill.payBatch'] },
  'return the extract of the digital account': { atoms: 1, ops: ['finance.digitalAccount.extract'] },
  'refund a digital finance record': { atoms: 1, ops: ['finance.bill.refund'] },
  'resend a transfer token': { atoms: 1, ops: ['finance.digitalAccount.resendTransferToken'] },
  'unmark a receivable as received': { atoms: 1, ops: ['finance.bill.unmark'] },
  'Payment: delete and update a transfer': { atoms: 2, ops: ['payment.transfer.delete', 'payment.transfer.update'] },
  'Payment: create a payable linked to medical transfers': { atoms: 1, ops: ['payment.transfer.create'] },
  'Clinic: check the payment-provider configuration status': { atoms: 1, ops: ['finance.provider.status'] },
};

/** The phrases as the served-and-documented check reads them: phrase → our operation names. */
export const SPEC: Record<string, string[]> = Object.fromEntries(
  Object.entries(SPEC_PHRASES).map(([phrase, { ops }]) => [phrase, ops]),
);
