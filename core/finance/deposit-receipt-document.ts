/**
 * The receipt (recibo) of a patient's prepayment (adiantamento, FIN-017/FIN-021): the same document
 * model as a payment's receipt (receipt-document.ts), so the server's PDF writer (A5 and 80 mm) and the
 * desk's HTML preview print it unchanged. It says what the money is: an advance kept as the patient's
 * credit, a liability of the clinic, that pays no bill until a person applies it.
 */
import { formatCpf } from '#core/br/cpf.js';
import { formatCentavos, formatDate } from '#core/br/format.js';
import { requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { patients } from '#core/patient/patient-record.js';
import { dayIn } from '#core/schedule/time.js';
import type { Store } from '#core/store/port.js';
import { patientCredits } from './credit-record.js';
import { reaisWords } from './extenso.js';
import { FINANCE_TIME_ZONE } from './finance-common.js';
import { pixCodeFor } from './pix-account.js';
import { clinicLines, METHOD_NAMES, receiptClinic, receiptNumber, type ReceiptDocument } from './receipt-document.js';

/** The heading of a deposit's receipt. */
export const DEPOSIT_RECEIPT_TITLE = 'RECIBO DE ADIANTAMENTO';

/**
 * Reads the receipt of credit entry `id` (a deposit).
 * @throws DomainError `not_found` for an unknown entry; `invalid_transition` (409) for a refund entry
 *   (money the clinic handed back has no receipt of the clinic's).
 */
export async function depositReceiptDocument(store: Store, id: string): Promise<ReceiptDocument> {
  const entry = await requireRecord(store.collection(patientCredits), id, 'Adiantamento');
  if (entry.kind !== 'deposit')
    throw new DomainError('invalid_transition', 'Recibo só de um adiantamento recebido', [
      { path: 'id', message: 'é uma devolução de crédito' },
    ]);
  const [patient, clinic] = await Promise.all([
    store.collection(patients).get(entry.patient),
    receiptClinic(store, undefined),
  ]);
  const payerName = patient?.socialName ?? patient?.name ?? '';
  const payerCpf = patient?.cpf ? formatCpf(patient.cpf) : undefined;
  const amount = formatCentavos(entry.amountCentavos);
  const amountWords = reaisWords(entry.amountCentavos);
  const method = METHOD_NAMES[entry.method];
  const date = formatDate(dayIn(entry.at, clinic?.timeZone ?? FINANCE_TIME_ZONE));
  const pix =
    entry.method === 'pix'
      ? await pixCodeFor(store, { amountCentavos: entry.amountCentavos, reference: entry.id, account: entry.account })
          // A receipt without its QR still says what was received.
          .catch(() => undefined)
      : undefined;
  const city = clinic?.address?.city;
  return {
    paymentId: entry.id,
    title: DEPOSIT_RECEIPT_TITLE,
    number: receiptNumber(entry.id),
    clinicName: clinic?.name ?? '',
    clinicLines: clinicLines(clinic),
    payerName,
    ...(payerCpf ? { payerCpf } : {}),
    amount,
    amountWords,
    method,
    date,
    reference: 'adiantamento (crédito do paciente)',
    body:
      `Recebemos de ${payerName}${payerCpf ? `, CPF ${payerCpf},` : ''} a importância de ${amount} ` +
      `(${amountWords}) a título de adiantamento, que fica como crédito do paciente para atendimentos e ` +
      `tratamentos futuros, paga em ${entry.method === 'pix' ? 'PIX' : method.toLowerCase()}.`,
    placeAndDate: city ? `${city}, ${date}` : date,
    detailLines: [
      'Crédito do paciente: não quita conta alguma até ser aplicado; o saldo não usado pode ser devolvido.',
      ...(entry.note ? [`Observação: ${entry.note}`] : []),
    ],
    ...(pix ? { pixPayload: pix.payload } : {}),
  };
}
