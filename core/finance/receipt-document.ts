/**
 * What a receipt (recibo) of a payment shows, read from the tenant's store, every line already in
 * pt-BR: the clinic (name, CNPJ, phone, address), the payer (name, CPF), the amount in R$ and by
 * extenso, the method, the date dd/mm/aaaa, what was paid, and, for a PIX, the static BR Code of the
 * charge (FIN-013). One model for the server's PDF (A4 and 80 mm, sync-server/finance/receipt-pdf.ts)
 * and the desk's HTML preview (renderer/src/cash-register/receipt-print.ts), so they say the same.
 */
import { formatCnpj } from '#core/br/cnpj.js';
import { formatCpf } from '#core/br/cpf.js';
import { formatCentavos, formatDate, formatPhone } from '#core/br/format.js';
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { patients } from '#core/patient/patient-record.js';
import { dayIn } from '#core/schedule/time.js';
import type { Store } from '#core/store/port.js';
import { bills } from './bill-record.js';
import { reaisWords } from './extenso.js';
import { FINANCE_TIME_ZONE } from './finance-common.js';
import { payments, type PaymentMethod } from './payment-record.js';
import { pixCodeFor } from './pix-account.js';

/** pt-BR names of the payment methods, as a receipt writes them. */
export const METHOD_NAMES: Readonly<Record<PaymentMethod, string>> = {
  cash: 'Dinheiro',
  pix: 'PIX',
  debitCard: 'Cartão de débito',
  creditCard: 'Cartão de crédito',
  bankSlip: 'Boleto bancário',
  bankTransfer: 'Transferência bancária',
  insurance: 'Convênio',
  courtesy: 'Cortesia',
  patientCredit: 'Crédito do paciente',
};

/** The printed receipt. */
export interface ReceiptDocument {
  /** The payment's (or the credit entry's) id (file name, metadata). */
  paymentId: string;
  /** The heading, `RECIBO` when absent; a deposit's is `RECIBO DE ADIANTAMENTO` (FIN-021). */
  title?: string;
  /** `Recibo nº 1A2B3C4D`: the payment id's last 8 characters, upper case. */
  number: string;
  clinicName: string;
  /** CNPJ, phone and address lines of the clinic. */
  clinicLines: string[];
  payerName: string;
  /** `123.456.789-09`, when the patient has a CPF. */
  payerCpf?: string;
  /** `R$ 35,50`. */
  amount: string;
  /** `trinta e cinco reais e cinquenta centavos`. */
  amountWords: string;
  method: string;
  /** `27/11/2026`. */
  date: string;
  /** What was paid (the bill's description, with the parcel when there is one). */
  reference: string;
  /** The receipt's sentence: "Recebemos de … a importância de … referente a …". */
  body: string;
  /** `São Paulo, 27/11/2026`. */
  placeAndDate: string;
  /** Lines under the amount: discount, interest, fine, what stays open. */
  detailLines: string[];
  /** The PIX BR Code (copia e cola) of the charge, for a payment by PIX to an account with a key. */
  pixPayload?: string;
}

const present = (lines: (string | undefined)[]) => lines.filter((l): l is string => !!l);

/** `1A2B3C4D`: a record id's last 8 letters and digits, upper case (offline: no tenant-wide sequence). */
export function receiptNumber(id: string): string {
  return id
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)
    .toUpperCase();
}

/**
 * The clinic a receipt names: the given one; without one (a bill made by hand, a deposit), the tenant's
 * first clinic that has a CNPJ (a receipt is worth its CNPJ), else its first.
 */
export async function receiptClinic(store: Store, clinic: string | undefined): Promise<Clinic | undefined> {
  if (clinic) return (await store.collection(clinics).get(clinic)) ?? undefined;
  const all = await store.collection(clinics).find({ selector: {}, limit: 50 });
  return all.find((c) => !!c.cnpj) ?? all[0];
}

/** The clinic's CNPJ, phone and address lines under its name. */
export function clinicLines(clinic: Clinic | undefined): string[] {
  const address = clinic?.address;
  return present([
    clinic?.cnpj ? `CNPJ ${formatCnpj(clinic.cnpj)}` : undefined,
    clinic?.phone ? `Telefone ${formatPhone(clinic.phone)}` : undefined,
    address
      ? [address.street, address.number, address.district, address.city, address.state].filter(Boolean).join(', ')
      : undefined,
  ]);
}

/**
 * Reads the receipt of payment `id`.
 * @throws DomainError `not_found` for an unknown payment; `invalid_transition` (409) for a reversal or a
 *   payment of a bill to pay (a receipt is what the clinic gives for money it received).
 */
export async function receiptDocument(store: Store, id: string): Promise<ReceiptDocument> {
  const payment = await requireRecord(store.collection(payments), id, 'Pagamento');
  const bill = await requireRecord(store.collection(bills), payment.bill, 'Conta');
  if (payment.kind !== 'payment' || bill.type !== 'receivable')
    throw new DomainError('invalid_transition', 'Recibo só de um pagamento recebido', [
      { path: 'id', message: payment.kind === 'reversal' ? 'é um estorno' : 'conta a pagar' },
    ]);
  const [patient, clinic] = await Promise.all([
    bill.patient ? store.collection(patients).get(bill.patient) : undefined,
    receiptClinic(store, bill.clinic),
  ]);
  const payerName = patient?.socialName ?? patient?.name ?? bill.payee ?? '';
  const payerCpf = patient?.cpf ? formatCpf(patient.cpf) : undefined;
  const amount = formatCentavos(payment.receivedCentavos);
  const amountWords = reaisWords(payment.receivedCentavos);
  const method = METHOD_NAMES[payment.method];
  const date = formatDate(dayIn(payment.paidAt, clinic?.timeZone ?? FINANCE_TIME_ZONE));
  const reference =
    bill.parcel !== undefined && bill.parcels
      ? `${bill.description} (parcela ${bill.parcel}/${bill.parcels})`
      : bill.description;
  const address = clinic?.address;
  const pix =
    payment.method === 'pix'
      ? await pixCodeFor(store, {
          amountCentavos: payment.receivedCentavos,
          reference: bill.appointment ?? bill.id,
          account: payment.account ?? bill.account,
        }).catch(() => undefined)
      : undefined;
  // What this payment left open when it was taken (later payments do not rewrite an old receipt).
  const open = payment.openBeforeCentavos - payment.principalCentavos;
  return {
    paymentId: payment.id,
    number: receiptNumber(payment.id),
    clinicName: clinic?.name ?? '',
    clinicLines: clinicLines(clinic),
    payerName,
    ...(payerCpf ? { payerCpf } : {}),
    amount,
    amountWords,
    method,
    date,
    reference,
    body:
      `Recebemos de ${payerName}${payerCpf ? `, CPF ${payerCpf},` : ''} a importância de ${amount} ` +
      `(${amountWords}), referente a ${reference}, paga em ${payment.method === 'pix' ? 'PIX' : method.toLowerCase()}.`,
    placeAndDate: address?.city ? `${address.city}, ${date}` : date,
    detailLines: present([
      payment.discountCentavos > 0 ? `Desconto: ${formatCentavos(payment.discountCentavos)}` : undefined,
      payment.interestCentavos > 0 ? `Juros: ${formatCentavos(payment.interestCentavos)}` : undefined,
      payment.fineCentavos > 0 ? `Multa: ${formatCentavos(payment.fineCentavos)}` : undefined,
      open > 0 ? `Em aberto: ${formatCentavos(open)}` : undefined,
    ]),
    ...(pix ? { pixPayload: pix.payload } : {}),
  };
}
