/**
 * A procedure request from an attendance (appointment) and what the person typed: the card number at
 * the appointment's insurance, the professional's council and CBO (as a guide needs them), and each
 * requested item's TUSS code and name, from the clinic's event or the account's materials-and-exams
 * catalogue (TUSS table 22, INV-012) when only a code is given (TISS-026), else the term of the
 * shipped TUSS table 22 (TISS-045).
 */
import { z } from 'zod';
import { events } from '#core/clinic/event-record.js';
import { newRecordBase, requireReference } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { materialsOrExams } from '#core/inventory/material-record.js';
import { findTuss22 } from '#core/billing/tuss/tuss22.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { refInput } from '#core/references.js';
import { appointments, type Appointment } from '#core/schedule/appointment-record.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { GUIDE_SERIES, professionalData } from '#core/billing/from-appointment.js';
import {
  type hospitalizationOutput,
  type ProcedureRequest,
  type RequestedItem,
  type RequestKind,
} from './request-record.js';

/** One requested item as given: a clinic event, or a TUSS code (its name looked up when not given). */
export const requestedItemInput = z
  .strictObject({
    event: refInput(() => events).optional(),
    table: z.enum(['22', '98', '00']).default('22').describe('dm_tabela: 22 TUSS procedimentos e exames'),
    code: z.string().trim().min(1).max(10).optional(),
    description: z.string().trim().min(1).max(150).optional(),
    quantity: z.number().int().min(1).max(999).default(1),
  })
  .refine((i) => i.event || i.code, { message: 'informe o evento ou o código TUSS', path: ['code'] });

/** The fields a person types on a request (both kinds). */
export const requestFieldsInput = {
  procedures: z
    .array(requestedItemInput)
    .min(1)
    .max(50)
    .optional()
    .describe('os eventos do agendamento quando ausente'),
  character: z.enum(['1', '2']).default('1').describe('caráter: 1 eletivo, 2 urgência/emergência'),
  clinicalIndication: z.string().trim().min(1).max(500).optional(),
  notes: z.string().trim().min(1).max(500).optional(),
  validationCode: z.string().trim().min(1).max(10).optional().describe('token do beneficiário, se a operadora pede'),
  newborn: z.boolean().default(false),
};

/** What {@link draftRequest} takes. */
export interface DraftInput {
  appointment: string;
  kind: RequestKind;
  procedures?: z.output<typeof requestedItemInput>[] | undefined;
  character: '1' | '2';
  clinicalIndication?: string | undefined;
  notes?: string | undefined;
  validationCode?: string | undefined;
  newborn: boolean;
  hospitalization?: z.output<typeof hospitalizationOutput> | undefined;
}

const incomplete = (message: string, details: ErrorDetail[]) => new DomainError('validation', message, details);

/**
 * The name of TUSS `code` in the account's catalogue, else of an event with that code, else (table 22)
 * its term in force in the shipped TUSS table 22 (TISS-045; an ended term does not name a code).
 */
async function nameOfCode(store: Store, table: string, code: string): Promise<string | undefined> {
  const [item] = await store.collection(materialsOrExams).find({ selector: { tussTable: table, code }, limit: 1 });
  if (item) return item.name;
  const [event] = await store.collection(events).find({ selector: { code }, limit: 1 });
  if (event) return event.name;
  const term = table === '22' ? await findTuss22(code) : undefined;
  return term && !term.ended ? term.term : undefined;
}

async function itemsOf(ctx: OperationContext, appointment: Appointment, input: DraftInput): Promise<RequestedItem[]> {
  const given = input.procedures ?? appointment.events.map((event) => ({ event, table: '22' as const, quantity: 1 }));
  const items: RequestedItem[] = [];
  const problems: ErrorDetail[] = [];
  for (const [i, item] of given.entries()) {
    const event = 'event' in item && item.event ? await ctx.store.collection(events).get(item.event) : undefined;
    const code = ('code' in item ? item.code : undefined) ?? event?.code;
    const table = event?.tissTable ?? item.table;
    const description =
      ('description' in item ? item.description : undefined) ??
      event?.name ??
      (code ? await nameOfCode(ctx.store, table, code) : undefined);
    if (!code) problems.push({ path: `procedures.${i}`, message: 'evento sem código TUSS' });
    else if (!description)
      problems.push({
        path: `procedures.${i}.description`,
        message: `código ${code} fora do catálogo e da tabela TUSS 22: informe o nome`,
      });
    if (!code || !description) continue;
    items.push({
      ...(event ? { event: event.id } : {}),
      table,
      code,
      description: description.slice(0, 150),
      quantity: item.quantity,
    });
  }
  if (items.length === 0 && problems.length === 0)
    problems.push({ path: 'procedures', message: 'informe os procedimentos' });
  if (problems.length) throw incomplete('Procedimentos sem código ou nome para a guia TISS', problems);
  return items;
}

/**
 * The fields of a request for `input` (not stored; `guideNumber` taken from the account's series when
 * `existing` has none).
 * @throws DomainError `validation` for an unknown appointment, one without insurance, a patient without
 *   a card of that insurance, a professional without council/CBO, or items without code or name.
 */
export async function draftRequest(
  ctx: OperationContext,
  input: DraftInput,
  existing?: Stored<ProcedureRequest>,
): Promise<ProcedureRequest> {
  const appointment = await requireReference(
    ctx.store.collection(appointments),
    input.appointment,
    'Agendamento',
    'appointments',
  );
  if (!appointment.insurance)
    throw incomplete('Atendimento particular não tem autorização do convênio', [
      { path: 'appointment', message: 'agendamento sem convênio' },
    ]);
  const patient = await requireReference(ctx.store.collection(patients), appointment.patient, 'Paciente', 'patients');
  const card = patient.insurances.find((c) => c.insurance === appointment.insurance)?.identificationOnInsurance;
  if (!card)
    throw incomplete('Paciente sem carteirinha deste convênio', [
      { path: 'cardNumber', message: 'informe o número da carteirinha no cadastro do paciente' },
    ]);
  if (input.kind === 'hospitalization' && !input.clinicalIndication)
    throw incomplete('Solicitação de internação sem indicação clínica', [
      { path: 'clinicalIndication', message: 'a indicação clínica é obrigatória na internação' },
    ]);
  const base = existing ?? { ...newRecordBase(ctx), guideNumber: String(await ctx.numbers.next(GUIDE_SERIES)) };
  return {
    ...base,
    appointment: appointment.id,
    patient: patient.id,
    clinic: appointment.clinic,
    professional: appointment.professional,
    insurance: appointment.insurance,
    kind: input.kind,
    guideNumber: base.guideNumber,
    cardNumber: card,
    newborn: input.newborn,
    ...(input.validationCode ? { validationCode: input.validationCode } : {}),
    character: input.character,
    // The clinic's day: TISS dates carry no offset.
    date: ctx.clock.now().toLocaleString('sv-SE', { timeZone: appointment.timeZone }).slice(0, 10),
    ...(input.clinicalIndication ? { clinicalIndication: input.clinicalIndication } : {}),
    ...(input.notes ? { notes: input.notes } : {}),
    professionalData: await professionalData(ctx, appointment.professional, appointment.specialty),
    procedures: await itemsOf(ctx, appointment, input),
    ...(input.hospitalization ? { hospitalization: input.hospitalization } : {}),
    status: 'draft',
    refusals: [],
  };
}
