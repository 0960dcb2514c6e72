/**
 * Unregulated insurance solicitations (spec §4.4 Insurance: "unregulated insurance solicitation",
 * TISS-037): a request to an insurer outside the ANS-regulated TISS exchange (an insurer's own
 * form for a special material, a second opinion, a reimbursement, a request sent by e-mail or portal),
 * kept as a record with what was sent: subject, text, the patient or attendance it is about, and the
 * document itself (XML as text, or a PDF in base64), with the insurer's protocol when it gave one. The
 * XML is checked to be well formed only: no ANS schema governs it. Holds patient data: guarded and audited.
 */
import { z } from 'zod';
import { create } from 'xmlbuilder2';
import { EXAMPLE_ID, newRecordBase, recordOutputFields, requireReference } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { defineOperation } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { billingAttendances } from './attendance-record.js';

/** Largest document kept, in characters (XML text or PDF base64: about 375 KB of PDF). */
export const MAX_DOCUMENT_CHARS = 500_000;

/** A solicitation as stored. */
export interface InsuranceSolicitation extends RecordBase {
  insurance: string;
  patient?: string;
  /** The billed attendance it is about, when there is one. */
  attendance?: string;
  subject: string;
  text: string;
  document?: { format: 'xml' | 'pdf'; fileName: string; content: string };
  /** The insurer's protocol for it. */
  protocol?: string;
  sentAt: string;
  sentBy: string;
}

/** The `insurance_solicitations` collection, listed by insurer and patient. */
export const insuranceSolicitations = defineCollection<InsuranceSolicitation>({
  name: 'insurance_solicitations',
  fields: { insurance: 'string', patient: 'string' },
  indexes: [['insurance'], ['patient']],
});

/** A stored solicitation (push contract, sync, answer). */
export const insuranceSolicitationRecord = z
  .object({
    ...recordOutputFields,
    insurance: z.string(),
    patient: z.string().optional(),
    attendance: z.string().optional(),
    subject: z.string(),
    text: z.string(),
    document: z.object({ format: z.enum(['xml', 'pdf']), fileName: z.string(), content: z.string() }).optional(),
    protocol: z.string().optional(),
    sentAt: z.string(),
    sentBy: z.string(),
  })
  .meta({ id: 'InsuranceSolicitation' });

function checkDocument(format: 'xml' | 'pdf', content: string): string | undefined {
  if (format === 'pdf') {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(content)) return 'PDF em base64';
    return atob(content.slice(0, 8)).startsWith('%PDF-') ? undefined : 'o arquivo não é um PDF';
  }
  try {
    create(content);
  } catch {
    return 'XML malformado';
  }
  return balanced(content) ? undefined : 'XML malformado: elementos sem fechamento';
}

/** Whether every start tag of `xml` is closed in order (xmlbuilder2's parser closes what is left open). */
function balanced(xml: string): boolean {
  const body = xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/g, '');
  const open: string[] = [];
  for (const [, closing, name, , selfClosing] of body.matchAll(/<(\/?)([^\s/>]+)([^>]*?)(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name!);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

/** `insurance.unregulatedSolicitation.create`: `POST /insurance/{insurance}/unregulatedSolicitation` (201). */
export const createUnregulatedSolicitation = defineOperation({
  name: 'insurance.unregulatedSolicitation.create',
  group: 'Insurance',
  summary: 'Registra uma solicitação ao convênio fora do padrão TISS, com o documento enviado (XML ou PDF)',
  description:
    'Para pedidos que a operadora recebe por formulário próprio, e-mail ou portal: assunto, texto, paciente ou ' +
    'atendimento, o arquivo enviado (XML como texto, PDF em base64, até 500 mil caracteres) e o protocolo da ' +
    'operadora. O XML só é conferido como bem formado: nenhum esquema da ANS o rege.',
  permission: 'billing:write',
  input: z.strictObject({
    insurance: refInput(() => insurances),
    patient: refInput(() => patients).optional(),
    attendance: refInput(() => billingAttendances).optional(),
    subject: z.string().trim().min(1).max(120),
    text: z.string().trim().min(1).max(4000),
    document: z
      .strictObject({
        format: z.enum(['xml', 'pdf']),
        fileName: z.string().trim().min(1).max(120),
        content: z.string().min(1).max(MAX_DOCUMENT_CHARS),
      })
      .optional(),
    protocol: z.string().trim().min(1).max(40).optional(),
  }),
  output: z.object({ message: z.string(), solicitation: insuranceSolicitationRecord }),
  http: { method: 'POST', path: '/insurance/{insurance}/unregulatedSolicitation', status: 201 },
  example: {
    insurance: EXAMPLE_ID,
    patient: EXAMPLE_ID,
    subject: 'Pedido de material especial',
    text: 'Solicitamos liberação de placa de titânio conforme laudo anexo.',
    document: { format: 'xml', fileName: 'pedido.xml', content: '<pedido><material>Placa</material></pedido>' },
    protocol: 'OP-2026-1182',
  },
  async run(ctx, input) {
    await requireReference(ctx.store.collection(insurances), input.insurance, 'Convênio', 'insurance');
    let patient = input.patient;
    if (patient) await requireReference(ctx.store.collection(patients), patient, 'Paciente', 'patient');
    if (input.attendance) {
      const attendance = await requireReference(
        ctx.store.collection(billingAttendances),
        input.attendance,
        'Atendimento',
        'attendance',
      );
      if (patient && attendance.patient !== patient)
        throw new DomainError('validation', 'Atendimento de outro paciente', [
          { path: 'attendance', message: 'outro paciente' },
        ]);
      patient = attendance.patient;
    }
    const problem = input.document && checkDocument(input.document.format, input.document.content);
    if (problem)
      throw new DomainError('validation', 'Documento inválido', [{ path: 'document.content', message: problem }]);
    const solicitation = await ctx.store.collection(insuranceSolicitations).insert({
      ...newRecordBase(ctx),
      ...input,
      ...(patient ? { patient } : {}),
      sentAt: ctx.clock.now().toISOString(),
      sentBy: ctx.actor.id,
    });
    return { message: 'Solicitação registrada', solicitation };
  },
});
