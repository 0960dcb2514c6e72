/**
 * The printed documents of an attendance (issue 23 "Documents"), as models every line of which is
 * already pt-BR: receita simples, receita de controle especial (Portaria SVS/MS 344/1998: two copies,
 * the prescriber's full identification, the buyer's and the supplier's blocks), atestado (with the
 * CID-10 only when the patient authorizes, CFM Res. 1.658/2002 art. 5), solicitação de exames and a
 * laudo. Every document carries the professional's name with council, number and UF (CFM Res.
 * 1.931/2009 art. 11). Read through the caller's store (guarded: the record read is audited).
 */
import { users } from '#core/access/user.js';
import { formatCnpj } from '#core/br/cnpj.js';
import { formatCpf } from '#core/br/cpf.js';
import { formatDate, formatPhone } from '#core/br/format.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { invalidTransition } from '#core/common/records.js';
import { loadRecord } from '#core/medical-record/record-write.js';
import type { MedicalRecord, SectionName } from '#core/medical-record/record.js';
import { patients } from '#core/patient/patient-record.js';
import { inZone } from '#core/schedule/time.js';
import type { Store } from '#core/store/port.js';

/** The kinds of document an attendance prints. */
export const DOCUMENT_KINDS = ['receita', 'receitaControleEspecial', 'atestado', 'pedidoExame', 'laudo'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The section each kind prints (a laudo prints a saved report instead). */
export const DOCUMENT_SECTION: Record<Exclude<DocumentKind, 'laudo'>, SectionName> = {
  receita: 'prescricao',
  receitaControleEspecial: 'prescricao',
  atestado: 'atestado',
  pedidoExame: 'pedidosExame',
};

const TITLES: Record<DocumentKind, string> = {
  receita: 'RECEITUÁRIO SIMPLES',
  receitaControleEspecial: 'RECEITUÁRIO DE CONTROLE ESPECIAL',
  atestado: 'ATESTADO',
  pedidoExame: 'SOLICITAÇÃO DE EXAMES',
  laudo: 'LAUDO',
};

/** File name stems (`receita-<record id>.pdf`). */
export const FILE_STEMS: Record<DocumentKind, string> = {
  receita: 'receita',
  receitaControleEspecial: 'receita-controle-especial',
  atestado: 'atestado',
  pedidoExame: 'pedido-exames',
  laudo: 'laudo',
};

/** One document to print. */
export interface AttendanceDocument {
  kind: DocumentKind;
  /** `RECEITUÁRIO SIMPLES`, or the laudo's own title. */
  title: string;
  clinicName: string;
  /** CNPJ, phone, address of the clinic. */
  clinicLines: string[];
  /** `Paciente: …`, `CPF: …` and, on controle especial, the patient's address. */
  patientLines: string[];
  body: string;
  /** `São Paulo, 27/11/2026`. */
  placeAndDate: string;
  professionalName: string;
  /** `CRM-SP 123456`. */
  registration: string;
  /** Controle especial only: the two copies' captions, one page each. */
  copies: string[];
  /** Controle especial only: the prescriber's identification block (name, registration, address, city, UF). */
  issuerLines: string[];
  recordId: string;
  /** ISO-8601 instant the document is dated. */
  at: string;
}

const present = (lines: (string | undefined | false)[]) => lines.filter((l): l is string => !!l);

/** What a laudo prints, read from `medical_reports`. */
export interface ReportText {
  title: string;
  text: string;
  at: string;
}

/**
 * Builds the document `kind` of record `recordId`.
 * @param options.cid print the diagnosis' CID-10 codes on an atestado (only with the patient's authorization).
 * @param options.report the laudo to print (kind `laudo`).
 * @throws DomainError `not_found` for a missing record; `invalid_transition` (409) when the section
 *   is empty or the professional has no council registration.
 */
export async function attendanceDocument(
  store: Store,
  recordId: string,
  kind: DocumentKind,
  options: { cid?: boolean; report?: ReportText } = {},
): Promise<AttendanceDocument> {
  const record: MedicalRecord = await loadRecord(store, recordId);
  const section = kind === 'laudo' ? undefined : record.sections[DOCUMENT_SECTION[kind]];
  let body = kind === 'laudo' ? (options.report?.text ?? '') : (section?.text.trim() ?? '');
  if (!body.trim())
    throw invalidTransition('O prontuário não tem texto para este documento', 'kind', `${kind}: seção vazia`);
  const codes = record.sections.hipoteseDiagnostica?.cid10 ?? [];
  if (kind === 'atestado' && options.cid && codes.length > 0) body += `\n\nCID-10: ${codes.join(', ')}`;
  const [professional, patient, clinic] = await Promise.all([
    store.collection(users).get(record.professional),
    store.collection(patients).get(record.patient),
    record.clinic ? store.collection(clinics).get(record.clinic) : undefined,
  ]);
  if (!professional?.council || !professional.councilNumber || !professional.councilState)
    throw invalidTransition(
      'Cadastre o conselho, o número e a UF do profissional para emitir o documento',
      'professional',
      'registro no conselho ausente',
    );
  const at =
    (kind === 'laudo' ? options.report?.at : undefined) ?? record.finishedAt ?? section?.at ?? record.startedAt;
  const local = clinic ? inZone(at, clinic.timeZone) : at;
  const address = clinic?.address;
  const addressLine = address
    ? [address.street, address.number, address.district, address.city, address.state].filter(Boolean).join(', ')
    : undefined;
  const registration = `${professional.council}-${professional.councilState} ${professional.councilNumber}`;
  const controlled = kind === 'receitaControleEspecial';
  const patientAddress = patient?.address
    ? [patient.address.street, patient.address.number, patient.address.city, patient.address.state]
        .filter(Boolean)
        .join(', ')
    : '';
  return {
    kind,
    title: kind === 'laudo' ? `LAUDO — ${options.report?.title ?? ''}`.replace(/ — $/, '') : TITLES[kind],
    clinicName: clinic?.name ?? '',
    clinicLines: present([
      clinic?.cnpj && `CNPJ ${formatCnpj(clinic.cnpj)}`,
      clinic?.phone && `Telefone ${formatPhone(clinic.phone)}`,
      addressLine,
    ]),
    patientLines: present([
      `Paciente: ${patient?.socialName ?? patient?.name ?? ''}`,
      patient?.cpf && `CPF: ${formatCpf(patient.cpf)}`,
      controlled && `Endereço: ${patientAddress || '______________________________'}`,
    ]),
    body,
    placeAndDate: address?.city ? `${address.city}, ${formatDate(local)}` : formatDate(local),
    professionalName: professional.name,
    registration,
    copies: controlled ? ['1ª via — Retenção da farmácia ou drogaria', '2ª via — Orientação ao paciente'] : [],
    issuerLines: controlled
      ? present([
          `Nome: ${professional.name}`,
          `Registro: ${registration}`,
          addressLine && `Endereço: ${addressLine}`,
          clinic?.phone && `Telefone: ${formatPhone(clinic.phone)}`,
          address?.city && `Cidade: ${address.city}   UF: ${address.state ?? ''}`,
        ])
      : [],
    recordId: record.id,
    at,
  };
}

/** The kinds record `record` can print now (its sections with text; laudos are listed apart). */
export function printableKinds(record: MedicalRecord): Exclude<DocumentKind, 'laudo' | 'receitaControleEspecial'>[] {
  return (['receita', 'atestado', 'pedidoExame'] as const).filter(
    (k) => !!record.sections[DOCUMENT_SECTION[k]]?.text.trim(),
  );
}
