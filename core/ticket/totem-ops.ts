/**
 * Self check-in at the totem (spec §4.4 Totem: "generate a new attendance ticket"; issues #9, #19):
 * the patient types a CPF and a second factor only they know (the birth date, or the appointment
 * code), sees today's appointments at this clinic, and checks one in, which moves it to waiting by the
 * same check-in the reception's "Chegou" runs and issues a ticket linked to it; without an appointment
 * the patient takes a walk-in ticket.
 *
 * The kiosk stands in a public hall: a CPF alone reveals nothing (a CPF is printed on many papers);
 * with a wrong factor the answer is the one an unknown CPF gets. Answers carry the patient's first
 * name, the time and the professional's first name, nothing else; the totem's key holds
 * `attendance:write`, which reaches one patient and their appointments through these operations only
 * (docs/decisions/tickets.md). The server limits attempts per totem (sync-server/ticket/totem-limit.ts).
 */
import { z } from 'zod';
import { users } from '#core/access/user.js';
import { normaliseCpf } from '#core/br/cpf.js';
import { dateInput } from '#core/br/schemas.js';
import { EXAMPLE_ID, idInput, notFound } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { patients, type Patient } from '#core/patient/patient-record.js';
import { appointments, type Appointment } from '#core/schedule/appointment-record.js';
import { STATUS } from '#core/schedule/status.js';
import { dayIn, dayRange } from '#core/schedule/time.js';
import type { Stored } from '#core/store/record.js';
import { ticketOfAppointment } from './appointment-ticket.js';
import { arrivalService, checkInWithTicket } from './arrival-ticket.js';
import { prepareTicket } from './issue-ops.js';
import { arrivalPriority, recordedPriority } from './legal-priority.js';
import { loadTicketControl } from './ticket-control-record.js';
import { clinicToday } from './ticket-queries.js';
import { PRIORITY_REASONS, priorityReasonInput, ticketOutput, tickets } from './ticket-record.js';

const GROUP = 'Totem';
const PERMISSION = 'attendance:write';

const cpfInput = z
  .string()
  .max(20, 'CPF inválido')
  .transform((value, ctx) => {
    const digits = normaliseCpf(value);
    if (!digits) ctx.addIssue({ code: 'custom', message: 'CPF inválido' });
    return digits ?? '';
  })
  .describe('CPF do paciente, com ou sem pontuação');
const appointmentCodeInput = z
  .string()
  .regex(/^[0-9a-f-]{36}$/i, 'código de agendamento inválido')
  .describe('o código do agendamento (o id impresso ou enviado na confirmação)');
const birthDateInput = dateInput.describe('data de nascimento do paciente (AAAA-MM-DD): o segundo fator do CPF');

/** The identification a totem request carries: a CPF with a second factor, or the appointment code. */
interface Identification {
  cpf?: string | undefined;
  birthDate?: string | undefined;
  appointment?: string | undefined;
}
const identified = (v: Identification) =>
  v.appointment !== undefined || (v.cpf !== undefined && v.birthDate !== undefined);
const secondFactorMessage = {
  message: 'informe o CPF com a data de nascimento, ou o código do agendamento',
  path: ['birthDate'],
};

/** What the totem screen may show of one appointment. */
const totemAppointment = z.object({
  id: z.string(),
  start: z.string(),
  /** `HH:mm` in the clinic's zone. */
  time: z.string(),
  professional: z.string(),
});

/** One of today's appointments already checked in, with the ticket it took. */
const checkedInAppointment = totemAppointment.extend({
  ticket: z.string().nullable().describe('o código da senha do check-in (`N003`); null quando feito sem senha'),
});

/**
 * The first word of the name a person goes by: all a screen in a public hall shows. A leading title
 * stays with it (`Dra. Ana`), so the professional is recognisable.
 */
export function firstName(person: { name: string; socialName?: string | undefined }): string {
  const words = (person.socialName ?? person.name).trim().split(/\s+/);
  const [first = '', second] = words;
  return first.endsWith('.') && second ? `${first} ${second}` : first;
}

/**
 * The active patient with `cpf` whose record has `birthDate`, or undefined: an unknown CPF, a wrong
 * date and a record without a birth date all read the same, so a guess learns nothing.
 */
async function patientByCpf(
  ctx: OperationContext,
  cpf: string,
  birthDate: string | undefined,
): Promise<Stored<Patient> | undefined> {
  if (birthDate === undefined) return undefined;
  const found = await ctx.store.collection(patients).find({ selector: { cpf } });
  return found.find((p) => p.active && p.birthDate === birthDate);
}

/** A patient's appointments of the clinic day at the clinic, by time. */
async function appointmentsToday(ctx: OperationContext, patient: string, clinic: string, day: string, zone: string) {
  const { from, to } = dayRange(day, 1, zone);
  const found = await ctx.store.collection(appointments).find({
    selector: { patient, startUtc: { $gte: from, $lt: to } },
    sort: [{ startUtc: 'asc' }],
  });
  return found.filter((a) => a.clinic === clinic);
}

async function showAppointment(ctx: OperationContext, a: Appointment) {
  const professional = await ctx.store.collection(users).get(a.professional);
  return {
    id: a.id,
    start: a.start,
    time: a.start.slice(11, 16),
    professional: professional ? firstName(professional) : '',
  };
}

/** Checked in and not yet attended: the patient is in the hall, waiting or being called. */
const IN_THE_HALL: readonly number[] = [STATUS.waiting, STATUS.called];

/** What the totem may show of a patient's appointments of today: those to check in, those checked in. */
async function showDay(ctx: OperationContext, list: readonly Stored<Appointment>[], day: string) {
  const open = [];
  const checkedIn = [];
  for (const a of list) {
    if (a.status === STATUS.scheduled) open.push(await showAppointment(ctx, a));
    else if (IN_THE_HALL.includes(a.status)) {
      const ticket = await ticketOfAppointment(ctx, a);
      checkedIn.push({ ...(await showAppointment(ctx, a)), ticket: ticket?.day === day ? ticket.code : null });
    }
  }
  return { appointments: open, checkedIn };
}

/**
 * The appointment a code names, when it is today's at this clinic and the request's CPF and birth date
 * (when given) are its patient's; undefined otherwise.
 */
async function appointmentOfCode(
  ctx: OperationContext,
  input: Identification & { appointment: string },
  clinic: { id: string; timeZone: string },
  day: string,
): Promise<{ appointment: Stored<Appointment>; patient: Stored<Patient> | undefined } | undefined> {
  const appointment = await ctx.store.collection(appointments).get(input.appointment.toLowerCase());
  const patient = appointment && (await ctx.store.collection(patients).get(appointment.patient));
  if (
    !appointment ||
    appointment.clinic !== clinic.id ||
    dayIn(appointment.start, clinic.timeZone) !== day ||
    (input.cpf !== undefined && patient?.cpf !== input.cpf) ||
    (input.birthDate !== undefined && patient?.birthDate !== input.birthDate)
  ) {
    return undefined;
  }
  return { appointment, patient };
}

const NOTHING_FOUND = { firstName: null, priorityReason: null, appointments: [], checkedIn: [] };

/** `totem.lookup`: `POST /clinic/{id}/totem/lookup`. */
export const totemLookup = defineOperation({
  name: 'totem.lookup',
  group: GROUP,
  summary: 'Identifica o paciente no totem pelo CPF com a data de nascimento, ou pelo código do agendamento',
  description:
    'O CPF sozinho não basta: junto vai a data de nascimento (`birthDate`) ou o código do agendamento ' +
    '(`appointment`). Responde só o primeiro nome, a prioridade legal que o cadastro comprova (idade) e os ' +
    'agendamentos de hoje nesta clínica: os que aguardam a chegada e os que já fizeram check-in, com a ' +
    'senha (horário e primeiro nome do profissional). CPF desconhecido, data de nascimento errada ou código ' +
    'que não confere respondem igual: `firstName: null` e listas vazias (o totem oferece uma senha sem ' +
    'agendamento). No servidor, a 10ª tentativa do mesmo totem no mesmo minuto é recusada (429). CPF no ' +
    'corpo, nunca na URL.',
  permission: PERMISSION,
  input: z
    .strictObject({
      id: idInput,
      cpf: cpfInput.optional(),
      birthDate: birthDateInput.optional(),
      appointment: appointmentCodeInput.optional(),
    })
    .refine(identified, secondFactorMessage),
  output: z.object({
    firstName: z.string().nullable(),
    priorityReason: z
      .enum(PRIORITY_REASONS)
      .nullable()
      .describe('a prioridade que o cadastro comprova hoje (60+ ou 80+ pela data de nascimento); null se nenhuma'),
    appointments: z.array(totemAppointment).describe('os de hoje que aguardam o check-in'),
    checkedIn: z.array(checkedInAppointment).describe('os de hoje com check-in já feito, com a senha'),
  }),
  http: { method: 'POST', path: '/clinic/{id}/totem/lookup' },
  example: { id: EXAMPLE_ID, cpf: '529.982.247-25', birthDate: '1948-03-02' },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id);
    let patient: Stored<Patient> | undefined;
    let list: Stored<Appointment>[];
    if (input.appointment !== undefined) {
      const found = await appointmentOfCode(ctx, { ...input, appointment: input.appointment }, clinic, day);
      if (!found) return NOTHING_FOUND;
      patient = found.patient;
      list = [found.appointment];
    } else {
      patient = await patientByCpf(ctx, input.cpf!, input.birthDate);
      if (!patient) return NOTHING_FOUND;
      list = await appointmentsToday(ctx, patient.id, clinic.id, day, clinic.timeZone);
    }
    return {
      firstName: patient ? firstName(patient) : null,
      priorityReason: recordedPriority(patient, day) ?? null,
      ...(await showDay(ctx, list, day)),
    };
  },
});

/** `totem.checkIn`: `POST /clinic/{id}/totem/checkIn` (201). */
export const totemCheckIn = defineOperation({
  name: 'totem.checkIn',
  group: GROUP,
  summary: 'Faz o check-in no totem e gera a senha (ou gera uma senha sem agendamento)',
  description:
    'Com `appointment` (o código, que o totem recebe da consulta): registra a chegada (o mesmo check-in do ' +
    '"Chegou" da recepção: o agendamento fica aguardando) e gera a senha ligada a ele, na mesma transação. ' +
    'Já feito o check-in, responde a mesma senha ("Você já fez o check-in — senha N003", ' +
    '`alreadyCheckedIn: true`), nunca uma segunda. Sem `appointment`: senha avulsa; com CPF e data de ' +
    'nascimento que conferem, ligada ao paciente (senão, anônima, como a de um CPF desconhecido). A ' +
    'prioridade legal vem do cadastro quando ele a comprova (idade pela data de nascimento, 80+ antes das ' +
    'demais, Lei 13.466/2017); as outras o paciente declara em `priorityReason`.',
  permission: PERMISSION,
  input: z.strictObject({
    id: idInput,
    appointment: appointmentCodeInput.optional(),
    cpf: cpfInput.optional(),
    birthDate: birthDateInput.optional(),
    service: z
      .string()
      .regex(/^[A-Z]{1,3}$/, 'o prefixo do serviço: 1 a 3 letras maiúsculas')
      .optional(),
    priorityReason: priorityReasonInput.optional(),
  }),
  output: z.object({
    message: z.string(),
    firstName: z.string().nullable(),
    appointment: totemAppointment.nullable(),
    alreadyCheckedIn: z.boolean().describe('true quando o check-in já tinha sido feito: a senha é a de antes'),
    ticket: ticketOutput,
  }),
  http: { method: 'POST', path: '/clinic/{id}/totem/checkIn', status: 201 },
  example: { id: EXAMPLE_ID, cpf: '529.982.247-25', birthDate: '1948-03-02', priorityReason: 'pregnant' },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id);

    if (input.appointment === undefined) {
      const patient = input.cpf !== undefined ? await patientByCpf(ctx, input.cpf, input.birthDate) : undefined;
      const priorityReason = arrivalPriority(patient, day, input.priorityReason);
      const { services } = await loadTicketControl(ctx, clinic.id);
      const service = arrivalService(services, input.service, priorityReason);
      if (!service)
        throw new DomainError('validation', 'A clínica não tem serviço de senhas ativo', [
          { path: 'service', message: 'nenhum serviço ativo' },
        ]);
      const ticket = await ctx.store.collection(tickets).insert(
        await prepareTicket(ctx, {
          clinic: clinic.id,
          day,
          prefix: service.prefix,
          service,
          priorityReason,
          patient: patient?.id,
        }),
      );
      return {
        message: `Senha ${ticket.code} gerada`,
        firstName: patient ? firstName(patient) : null,
        appointment: null,
        alreadyCheckedIn: false,
        ticket,
      };
    }

    const found = await appointmentOfCode(ctx, { ...input, appointment: input.appointment }, clinic, day);
    if (!found) throw notFound('Agendamento de hoje', 'appointment', input.appointment);
    const { appointment, patient } = found;
    const shown = await showAppointment(ctx, appointment);
    const name = patient ? firstName(patient) : null;
    // Pressed twice, the answer lost, or checked in at the desk: the same ticket again, never a second one.
    const earlier = await ticketOfAppointment(ctx, appointment);
    if (earlier && appointment.status !== STATUS.scheduled)
      return {
        message: `Você já fez o check-in — senha ${earlier.code}`,
        firstName: name,
        appointment: shown,
        alreadyCheckedIn: true,
        ticket: earlier,
      };
    if (IN_THE_HALL.includes(appointment.status))
      throw new DomainError('invalid_transition', 'Você já fez o check-in na recepção: aguarde ser chamado(a)', [
        { path: 'appointment', message: 'check-in já feito, sem senha' },
      ]);
    const { ticket } = await checkInWithTicket(ctx, appointment.id, {
      declared: input.priorityReason,
      service: input.service,
      requireTicket: true,
    });
    return {
      message: `Chegada registrada: senha ${ticket!.code}`,
      firstName: name,
      appointment: shown,
      alreadyCheckedIn: false,
      ticket: ticket!,
    };
  },
});
