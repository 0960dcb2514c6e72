/**
 * What a receita simples (simple prescription) of an attendance shows, read from the tenant's store:
 * the clinic's heading, the patient, the prescription section's text, the place and date, and the
 * prescriber's name with council, number and state (CFM Res. 1.931/2009 art. 11: the prescription
 * carries the prescriber's identification and registration). Core builds the text; the server prints
 * it with pdfkit (`sync-server/medical-record/prescription-pdf.ts`).
 */
import { users } from '#core/access/user.js';
import { formatCnpj } from '#core/br/cnpj.js';
import { formatCpf } from '#core/br/cpf.js';
import { formatDate, formatPhone } from '#core/br/format.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { invalidTransition } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { inZone } from '#core/schedule/time.js';
import type { MedicalRecord } from './record.js';
import { loadRecord } from './record-write.js';

/** The printed prescription, every line already in pt-BR. */
export interface PrescriptionDocument {
  /** Clinic name (or empty when the record names no clinic). */
  clinicName: string;
  /** CNPJ, phone and address lines of the clinic. */
  clinicLines: string[];
  /** `Paciente: Maria da Silva` and, when known, `CPF: 123.456.789-09`. */
  patientLines: string[];
  /** The prescription as the professional wrote it. */
  body: string;
  /** `São Paulo, 25/11/2026` (the clinic's city when known). */
  placeAndDate: string;
  professionalName: string;
  /** `CRM-SP 123456`. */
  registration: string;
  /** For the file name and PDF metadata. */
  recordId: string;
  /** ISO-8601 instant the prescription is dated. */
  at: string;
}

const present = (lines: (string | undefined)[]) => lines.filter((l): l is string => !!l);

/**
 * Reads the prescription of record `id`.
 * @throws DomainError `not_found` for a missing record; `invalid_transition` (409) when the record has
 *   no prescription text, or its professional has no council registration (a prescription without it
 *   is not valid).
 */
export async function prescriptionDocument(ctx: OperationContext, id: string): Promise<PrescriptionDocument> {
  const record: MedicalRecord = await loadRecord(ctx.store, id);
  const body = record.sections.prescricao?.text.trim() ?? '';
  if (!body) throw invalidTransition('O prontuário não tem prescrição para imprimir', 'id', 'seção prescricao vazia');
  const [professional, patient, clinic] = await Promise.all([
    ctx.store.collection(users).get(record.professional),
    ctx.store.collection(patients).get(record.patient),
    record.clinic ? ctx.store.collection(clinics).get(record.clinic) : undefined,
  ]);
  if (!professional?.council || !professional.councilNumber || !professional.councilState)
    throw invalidTransition(
      'Cadastre o conselho, o número e a UF do profissional para emitir a receita',
      'professional',
      'registro no conselho ausente',
    );
  const at = record.finishedAt ?? record.sections.prescricao!.at;
  const local = clinic ? inZone(at, clinic.timeZone) : at;
  const address = clinic?.address;
  return {
    clinicName: clinic?.name ?? '',
    clinicLines: present([
      clinic?.cnpj ? `CNPJ ${formatCnpj(clinic.cnpj)}` : undefined,
      clinic?.phone ? `Telefone ${formatPhone(clinic.phone)}` : undefined,
      address
        ? [address.street, address.number, address.district, address.city, address.state].filter(Boolean).join(', ')
        : undefined,
    ]),
    patientLines: present([
      `Paciente: ${patient?.socialName ?? patient?.name ?? ''}`,
      patient?.cpf ? `CPF: ${formatCpf(patient.cpf)}` : undefined,
    ]),
    body,
    placeAndDate: address?.city ? `${address.city}, ${formatDate(local)}` : formatDate(local),
    professionalName: professional.name,
    registration: `${professional.council}-${professional.councilState} ${professional.councilNumber}`,
    recordId: record.id,
    at,
  };
}
