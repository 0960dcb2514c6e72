/**
 * Self check-in at the totem (spec §4.4 Totem: "generate a new attendance ticket"; issue #9): the
 * patient types a CPF (or scans the appointment code), sees today's appointments at this clinic, and
 * checks one in, which moves it to waiting by the same transition the reception uses and issues a
 * ticket linked to it; without an appointment the patient takes a walk-in ticket.
 *
 * The kiosk stands in a public hall: answers carry the patient's first name, the time and the
 * professional's first name, nothing else; the totem's key holds `attendance:write`, which reaches
 * one patient and their appointments through these operations only (docs/decisions.md "Tickets").
 */
import { z } from 'zod';
import { grantCollectionAccess } from '../access/policy.js';
import { users } from '../access/user.js';
import { normaliseCpf } from '../br/cpf.js';
import { EXAMPLE_ID, idInput, notFound } from '../clinic/common/records.js';
import { DomainError } from '../errors.js';
import { defineOperation, type OperationContext } from '../operation.js';
import { patients, type Patient } from '../patient/patient-record.js';
import { appointments, type Appointment } from '../schedule/appointment-record.js';
import { transition } from '../schedule/appointment-write.js';
import { STATUS } from '../schedule/status.js';
import { dayIn, dayRange } from '../schedule/time.js';
import type { Stored } from '../store/record.js';
import { activeService, prepareTicket } from './issue-ops.js';
import { loadTicketControl, type TicketService } from './ticket-control-record.js';
import { clinicToday } from './ticket-queries.js';
import { priorityReasonInput, ticketOutput, tickets, type Ticket } from './ticket-record.js';

// The check-in reads the one patient whose CPF was typed and writes the appointment it checks in.
grantCollectionAccess('patients', 'attendance:write', 'read');
grantCollectionAccess('appointments', 'attendance:write', 'write');

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
const cpfOrCode = (v: { cpf?: string | undefined; appointment?: string | undefined }) =>
  v.cpf !== undefined || v.appointment !== undefined;

/** What the totem screen may show of one appointment. */
const totemAppointment = z.object({
  id: z.string(),
  start: z.string(),
  /** `HH:mm` in the clinic's zone. */
  time: z.string(),
  professional: z.string(),
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

async function patientByCpf(ctx: OperationContext, cpf: string): Promise<Stored<Patient> | undefined> {
  const found = await ctx.store.collection(patients).find({ selector: { cpf } });
  return found.find((p) => p.active);
}

/** A patient's appointments of the clinic day at the clinic that may still be checked in, by time. */
async function checkableToday(ctx: OperationContext, patient: string, clinic: string, day: string, zone: string) {
  const { from, to } = dayRange(day, 1, zone);
  const found = await ctx.store.collection(appointments).find({
    selector: { patient, startUtc: { $gte: from, $lt: to } },
    sort: [{ startUtc: 'asc' }],
  });
  return found.filter((a) => a.clinic === clinic && a.status === STATUS.scheduled);
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

/**
 * The appointment a code names, when it is today's at this clinic and (with a CPF) the patient's.
 * @throws DomainError `not_found` naming `appointment` otherwise: the totem tells nothing more.
 */
async function appointmentOfCode(
  ctx: OperationContext,
  code: string,
  clinic: { id: string; timeZone: string },
  day: string,
  cpf?: string,
): Promise<{ appointment: Stored<Appointment>; patient: Stored<Patient> | undefined }> {
  const appointment = await ctx.store.collection(appointments).get(code.toLowerCase());
  const patient = appointment && (await ctx.store.collection(patients).get(appointment.patient));
  if (
    !appointment ||
    appointment.clinic !== clinic.id ||
    dayIn(appointment.start, clinic.timeZone) !== day ||
    (cpf !== undefined && patient?.cpf !== cpf)
  ) {
    throw notFound('Agendamento de hoje', 'appointment', code);
  }
  return { appointment, patient };
}

/** `totem.lookup`: `POST /clinic/{id}/totem/lookup`. */
export const totemLookup = defineOperation({
  name: 'totem.lookup',
  group: GROUP,
  summary: 'Identifica o paciente no totem pelo CPF ou pelo código do agendamento',
  description:
    'Responde só o primeiro nome e os agendamentos de hoje nesta clínica que ainda aguardam a chegada ' +
    '(horário e primeiro nome do profissional). CPF sem cadastro responde `firstName: null`: o totem ' +
    'oferece uma senha sem agendamento. CPF no corpo, nunca na URL.',
  permission: PERMISSION,
  input: z
    .strictObject({ id: idInput, cpf: cpfInput.optional(), appointment: appointmentCodeInput.optional() })
    .refine(cpfOrCode, { message: 'informe o CPF ou o código do agendamento', path: ['cpf'] }),
  output: z.object({ firstName: z.string().nullable(), appointments: z.array(totemAppointment) }),
  http: { method: 'POST', path: '/clinic/{id}/totem/lookup' },
  example: { id: EXAMPLE_ID, cpf: '529.982.247-25' },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id);
    if (input.appointment !== undefined) {
      const { appointment, patient } = await appointmentOfCode(ctx, input.appointment, clinic, day, input.cpf);
      const shown = appointment.status === STATUS.scheduled ? [await showAppointment(ctx, appointment)] : [];
      return { firstName: patient ? firstName(patient) : null, appointments: shown };
    }
    const patient = await patientByCpf(ctx, input.cpf!);
    if (!patient) return { firstName: null, appointments: [] };
    const today = await checkableToday(ctx, patient.id, clinic.id, day, clinic.timeZone);
    const shown = [];
    for (const a of today) shown.push(await showAppointment(ctx, a));
    return { firstName: firstName(patient), appointments: shown };
  },
});

function defaultService(services: readonly TicketService[], prefix: string | undefined): TicketService {
  if (prefix !== undefined) return activeService(services, prefix);
  const service = services.find((s) => s.active && s.class === 'normal') ?? services.find((s) => s.active);
  if (!service)
    throw new DomainError('validation', 'A clínica não tem serviço de senhas ativo', [
      { path: 'service', message: 'nenhum serviço ativo' },
    ]);
  return service;
}

/** `totem.checkIn`: `POST /clinic/{id}/totem/checkIn` (201). */
export const totemCheckIn = defineOperation({
  name: 'totem.checkIn',
  group: GROUP,
  summary: 'Faz o check-in no totem e gera a senha (ou gera uma senha sem agendamento)',
  description:
    'Com `appointment`: registra a chegada (o mesmo check-in da recepção: o agendamento fica aguardando) ' +
    'e gera a senha ligada a ele, na mesma transação. Repetir o pedido devolve a mesma senha. Sem ' +
    '`appointment`: senha avulsa; com CPF cadastrado, ligada ao paciente.',
  permission: PERMISSION,
  input: z.strictObject({
    id: idInput,
    appointment: appointmentCodeInput.optional(),
    cpf: cpfInput.optional(),
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
    ticket: ticketOutput,
  }),
  http: { method: 'POST', path: '/clinic/{id}/totem/checkIn', status: 201 },
  example: { id: EXAMPLE_ID, cpf: '529.982.247-25' },
  async run(ctx, input) {
    const { clinic, day } = await clinicToday(ctx, input.id);
    const { services } = await loadTicketControl(ctx, clinic.id);
    const service = defaultService(services, input.service);
    const base = { clinic: clinic.id, day, prefix: service.prefix, service, priorityReason: input.priorityReason };

    if (input.appointment === undefined) {
      const patient = input.cpf !== undefined ? await patientByCpf(ctx, input.cpf) : undefined;
      const ticket = await ctx.store
        .collection(tickets)
        .insert(await prepareTicket(ctx, { ...base, patient: patient?.id }));
      return {
        message: `Senha ${ticket.code} gerada`,
        firstName: patient ? firstName(patient) : null,
        appointment: null,
        ticket,
      };
    }

    const { appointment, patient } = await appointmentOfCode(ctx, input.appointment, clinic, day, input.cpf);
    const shown = await showAppointment(ctx, appointment);
    const name = patient ? firstName(patient) : null;
    // Pressed twice, or the answer was lost: the same ticket again, never a second one.
    const earlier = (await ctx.store.collection(tickets).find({ selector: { patient: appointment.patient } })).find(
      (t) => t.appointment === appointment.id,
    );
    if (earlier)
      return {
        message: `Check-in já feito: senha ${earlier.code}`,
        firstName: name,
        appointment: shown,
        ticket: earlier,
      };

    const prepared = await prepareTicket(ctx, { ...base, patient: appointment.patient, appointment: appointment.id });
    let ticket: Ticket | undefined;
    await transition(ctx, appointment.id, 'checkIn', undefined, undefined, async (_saved, tx) => {
      ticket = await tx.collection(tickets).insert(prepared);
    });
    return {
      message: `Chegada registrada: senha ${ticket!.code}`,
      firstName: name,
      appointment: shown,
      ticket: ticket!,
    };
  },
});
