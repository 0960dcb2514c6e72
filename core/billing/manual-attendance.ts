/**
 * A billed attendance entered by hand (spec §4.4 Billing: "create a honorary attendance or a
 * procedure attendance to bill manually"): work done outside the clinic's schedule, typically in a
 * hospital, that the clinic bills to the insurer. Guia de honorários individuais for a professional's
 * fees in someone else's hospital, resumo de internação for a stay the clinic hosted, SP/SADT for a
 * procedure with no appointment. The clerk types the lines from the hospital's account; the card
 * number and the professionals' council data are taken from their records, as for an appointment.
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { newRecordBase, requireReference } from '#core/common/records.js';
import { DomainError, type ErrorDetail } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import type { OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { reaisInput } from '#core/price/money.js';
import { refInput } from '#core/references.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { EXPENSE_CODES, TEAM_ROLES } from './tiss/tiss-data.js';
import { hospitalStayInput, TISS_TABLES, type BillingAttendance, type BillingItem } from './attendance-record.js';
import { GUIDE_SERIES, professionalData } from './from-appointment.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'data AAAA-MM-DD');

/** Guide types an attendance entered by hand may take. */
export const MANUAL_GUIDE_TYPES = ['honorarios', 'internacao', 'spsadt'] as const;

/** One line typed by the clerk, with its team for hospital guides. */
const manualItemInput = z.strictObject({
  table: z.enum(TISS_TABLES).default('22'),
  code: z.string().trim().min(1).max(10),
  description: z.string().trim().min(1).max(150),
  quantity: z.number().int().min(1).max(999),
  unitValue: reaisInput,
  date: day.optional().describe('AAAA-MM-DD; o dia da guia quando ausente'),
  expenseCode: z.enum(EXPENSE_CODES).optional().describe('outra despesa (resumo de internação e SP/SADT)'),
  team: z
    .array(
      z.strictObject({
        role: z.enum(TEAM_ROLES).describe('grau de participação: 00 cirurgião, 01 primeiro auxiliar, 06 anestesista…'),
        professional: refInput(() => users),
      }),
    )
    .max(20)
    .optional()
    .describe('equipe; na ausência, o profissional da guia como cirurgião/executante (00)'),
});

/** What a hand-entered attendance takes. */
export const manualAttendanceInput = z
  .strictObject({
    guideType: z.enum(MANUAL_GUIDE_TYPES),
    clinic: refInput(() => clinics),
    patient: refInput(() => patients),
    professional: refInput(() => users),
    specialty: refInput(() => specialties).optional(),
    insurance: refInput(() => insurances),
    insurancePlan: z.string().optional(),
    date: day.optional().describe('emissão da guia; o fim da internação quando ausente'),
    authorizationCode: z.string().trim().min(1).max(20).optional().describe('senha da operadora'),
    authorizationDate: day.optional(),
    hospitalStay: hospitalStayInput.optional(),
    justification: z.string().trim().max(500).optional(),
    items: z.array(manualItemInput).min(1).max(100),
  })
  .meta({ id: 'ManualAttendance' });

/** Input of {@link attendanceFromManual}. */
export type ManualAttendance = z.output<typeof manualAttendanceInput>;

function rules(input: ManualAttendance): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const stay = input.hospitalStay;
  if (input.guideType !== 'spsadt' && !stay)
    problems.push({ path: 'manual.hospitalStay', message: 'informe a internação (guia de solicitação, datas, saída)' });
  if (input.guideType === 'honorarios' && stay && !stay.hospital)
    problems.push({ path: 'manual.hospitalStay.hospital', message: 'informe o hospital onde o profissional atuou' });
  if (input.guideType === 'honorarios' && input.items.some((i) => i.expenseCode))
    problems.push({ path: 'manual.items', message: 'guia de honorários não leva outras despesas' });
  if (input.guideType === 'internacao' && !input.authorizationCode)
    problems.push({ path: 'manual.authorizationCode', message: 'internação pede a senha de autorização da operadora' });
  if (stay && `${stay.end}T${stay.endTime}` < `${stay.start}T${stay.startTime}`)
    problems.push({ path: 'manual.hospitalStay.end', message: 'a alta não pode ser antes da internação' });
  if (stay && stay.diagnoses.length > 4)
    problems.push({ path: 'manual.hospitalStay.diagnoses', message: 'no máximo 4 CID' });
  if (stay?.hospital && !stay.hospital.providerCode && !stay.hospital.cnpj)
    problems.push({
      path: 'manual.hospitalStay.hospital',
      message: 'informe o código do hospital na operadora ou o CNPJ',
    });
  return problems;
}

/**
 * A new billed attendance from `input`, not yet stored.
 *
 * @throws DomainError `validation` naming what is missing (stay, hospital, senha, card number,
 *   council data, CBO) or an unknown reference.
 */
export async function attendanceFromManual(ctx: OperationContext, input: ManualAttendance): Promise<BillingAttendance> {
  const problems = rules(input);
  if (problems.length) throw new DomainError('validation', 'Guia incompleta', problems);
  await requireReference(ctx.store.collection(clinics), input.clinic, 'Clínica', 'manual.clinic');
  const insurance = await requireReference(
    ctx.store.collection(insurances),
    input.insurance,
    'Convênio',
    'manual.insurance',
  );
  const patient = await requireReference(ctx.store.collection(patients), input.patient, 'Paciente', 'manual.patient');
  const card = patient.insurances.find((c) => c.insurance === insurance.id)?.identificationOnInsurance;
  if (!card) {
    throw new DomainError('validation', 'Paciente sem carteirinha deste convênio', [
      { path: 'cardNumber', message: 'informe o número da carteirinha no cadastro do paciente' },
    ]);
  }
  const professional = await professionalData(ctx, input.professional, input.specialty);
  const date = input.date ?? input.hospitalStay?.end ?? ctx.clock.now().toISOString().slice(0, 10);
  const members = new Map<string, Awaited<ReturnType<typeof professionalData>>>();
  const items: BillingItem[] = [];
  for (const line of input.items) {
    const team = [];
    for (const member of line.team ?? []) {
      if (!members.has(member.professional))
        members.set(member.professional, await professionalData(ctx, member.professional, undefined));
      team.push({ role: member.role, professional: member.professional, ...members.get(member.professional)! });
    }
    const { team: _typed, date: lineDate, ...rest } = line;
    items.push({ ...rest, date: lineDate ?? date, ...(team.length ? { team } : {}) });
  }
  return {
    ...newRecordBase(ctx),
    patient: patient.id,
    clinic: input.clinic,
    professional: input.professional,
    insurance: insurance.id,
    ...(input.insurancePlan ? { insurancePlan: input.insurancePlan } : {}),
    cardNumber: card,
    newborn: false,
    guideType: input.guideType,
    guideNumber: String(await ctx.numbers.next(GUIDE_SERIES)),
    date,
    professionalData: professional,
    items,
    returnVisit: false,
    ...(input.justification ? { justification: input.justification } : {}),
    ...(input.authorizationCode
      ? { authorizationCode: input.authorizationCode, authorizationDate: input.authorizationDate ?? date }
      : {}),
    ...(input.hospitalStay ? { hospitalStay: input.hospitalStay } : {}),
  };
}
