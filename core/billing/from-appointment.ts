/**
 * Brings an attended appointment to billing: the snapshot a TISS guide needs (spec §4.4 Billing, "add
 * attendances to a batch"). Everything the guide requires is checked here, so a batch of such
 * attendances is written without gaps: the patient's card number at the insurance, the professional's
 * council registration and CBO, each event's code, and its price in the insurance's price table.
 */
import { users } from '#core/access/user.js';
import { events } from '#core/clinic/event-record.js';
import { conflictOn, invalidTransition, newRecordBase, requireRecord, requireReference } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { applicablePrice, pricesOfEvents } from '#core/price/price-store.js';
import { appointments } from '#core/schedule/appointment-record.js';
import { STATUS } from '#core/schedule/status.js';
import { findCouncil } from '#core/specialty/councils-ops.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { dentalPlaces } from './dental-lines.js';
import { appointmentGuideType } from './guide-type.js';
import { priceTableOf } from './price-table-of.js';
import { billingAttendances, type BillingAttendance, type BillingItem } from './attendance-record.js';
import { stateCode } from './tiss/state-codes.js';
import type { TissProfessional } from './tiss/tiss-data.js';

/** The number series of guide numbers (numeroGuiaPrestador), one per account. */
export const GUIDE_SERIES = 'tissGuide';

function incomplete(message: string, details: ErrorDetail[]): DomainError {
  return new DomainError('validation', message, details);
}

/**
 * A professional as TISS identifies them (council code of TUSS 26, number, state's IBGE code, CBO of
 * `specialty` or of their first specialty that has one).
 *
 * @throws DomainError `not_found` for an unknown user; `validation` naming the missing council data or CBO.
 */
export async function professionalData(
  ctx: OperationContext,
  professional: string,
  specialty: string | undefined,
): Promise<TissProfessional> {
  const user = await requireRecord(ctx.store.collection(users), professional, 'Profissional');
  const council = user.council ? findCouncil(user.council) : undefined;
  const state = user.councilState ? stateCode(user.councilState) : undefined;
  const candidates = specialty ? [specialty] : user.specialties;
  let cbo: string | undefined;
  for (const id of candidates) {
    cbo = (await ctx.store.collection(specialties).get(id))?.cbo;
    if (cbo) break;
  }
  const problems: ErrorDetail[] = [];
  if (!council || !user.councilNumber || !state)
    problems.push({ path: 'professional', message: 'profissional sem conselho, número e UF' });
  if (!cbo) problems.push({ path: 'specialty', message: 'especialidade sem código CBO' });
  if (problems.length) throw incomplete('Dados do profissional incompletos para a guia TISS', problems);
  return {
    name: user.name,
    council: council!.tissCode,
    councilNumber: user.councilNumber!,
    state: state!,
    cbo: cbo!,
  };
}

/**
 * A new billed attendance for the attended appointment `id`, not yet stored.
 *
 * @throws DomainError `validation` for an unknown appointment; `not_found` for its professional or insurance;
 *   `invalid_transition` when the appointment is not attended; `conflict` when it is already billed;
 *   `validation` naming what the guide lacks (insurance, card number, council, CBO, event code, price).
 */
export async function attendanceFromAppointment(ctx: OperationContext, id: string): Promise<BillingAttendance> {
  const appointment = await requireReference(ctx.store.collection(appointments), id, 'Agendamento', 'appointments');
  if (appointment.status !== STATUS.attended) {
    throw invalidTransition('Só um atendimento realizado é faturado', 'appointment', 'o agendamento não foi atendido');
  }
  if (!appointment.insurance) {
    throw incomplete('Atendimento particular não é faturado ao convênio', [
      { path: 'appointment', message: 'agendamento sem convênio' },
    ]);
  }
  const billed = await ctx.store.collection(billingAttendances).find({ selector: { appointment: id }, limit: 1 });
  if (billed[0]) throw conflictOn('appointment', 'Atendimento já está no faturamento', `atendimento ${billed[0].id}`);
  const insurance = await requireRecord(ctx.store.collection(insurances), appointment.insurance, 'Convênio');
  const patient = await requireRecord(ctx.store.collection(patients), appointment.patient, 'Paciente');
  const card = patient.insurances.find((c) => c.insurance === insurance.id)?.identificationOnInsurance;
  if (!card) {
    throw incomplete('Paciente sem carteirinha deste convênio', [
      { path: 'cardNumber', message: 'informe o número da carteirinha no cadastro do paciente' },
    ]);
  }
  const professional = await professionalData(ctx, appointment.professional, appointment.specialty);
  const day = appointment.start.slice(0, 10);
  const items: BillingItem[] = [];
  const problems: ErrorDetail[] = [];
  const table = await priceTableOf(ctx.store, insurance);
  const prices = table ? await pricesOfEvents(ctx.store, table, appointment.events) : [];
  const scope = { insurance: insurance.id, insurancePlan: appointment.insurancePlan };
  const eventTypes: (string | undefined)[] = [];
  for (const eventId of appointment.events) {
    const event = await ctx.store.collection(events).get(eventId);
    eventTypes.push(event?.type);
    const price = applicablePrice(
      prices.filter((p) => p.event === eventId),
      scope,
    );
    if (!event?.code) problems.push({ path: 'events', message: `evento ${eventId} sem código TUSS` });
    if (!price) problems.push({ path: 'events', message: `evento ${eventId} sem preço na tabela do convênio` });
    if (!event?.code || !price) continue;
    items.push({
      event: eventId,
      table: event.tissTable ?? '22',
      code: event.code,
      description: event.name,
      quantity: 1,
      unitValue: price.value,
      date: day,
    });
  }
  if (items.length === 0 && problems.length === 0)
    problems.push({ path: 'events', message: 'agendamento sem eventos' });
  if (problems.length) throw incomplete('Eventos do atendimento sem código ou preço para a guia TISS', problems);
  // A dentist's attendance (CRO, TUSS 26 code 08) is billed on a GTO, each line where in the mouth (TISS-033).
  const guideType = appointmentGuideType(professional.council, eventTypes);
  const dental = guideType === 'odonto';
  if (dental) {
    const places = await dentalPlaces(
      ctx,
      patient.id,
      insurance.id,
      items.map((i) => i.event!),
    );
    items.forEach((item, i) => Object.assign(item, places[i]));
  }
  const plan = insurance.plans.find((p) => p.id === appointment.insurancePlan);
  const guideNumber = String(await ctx.numbers.next(GUIDE_SERIES));
  return {
    ...newRecordBase(ctx),
    appointment: id,
    patient: patient.id,
    clinic: appointment.clinic,
    professional: appointment.professional,
    insurance: insurance.id,
    ...(appointment.insurancePlan ? { insurancePlan: appointment.insurancePlan } : {}),
    cardNumber: card,
    newborn: false,
    guideType,
    ...(dental ? { planName: plan?.name ?? insurance.name } : {}),
    guideNumber,
    date: day,
    professionalData: professional,
    items,
    returnVisit: false,
  };
}
