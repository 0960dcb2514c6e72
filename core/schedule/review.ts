/**
 * How the desk's sync review names the schedule's records (appointments, receivables, blocks, the
 * wait list) and reads their fields, in pt-BR (core/sync/review/).
 */
import type { CollectionDescriber, Lookup } from '#core/sync/review/describer.js';
import {
  APPOINTMENT_STATUS,
  centavos,
  choice,
  date,
  flag,
  moment,
  nameIn,
  nameOr,
  PAYMENT_METHOD,
  periods,
  PRIORITY,
  reais,
  ref,
  text,
} from '#core/sync/review/fields.js';
import { day, moneyCentavos, shortInstant, time } from '#core/sync/review/formats.js';

type Doc = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** "Consulta de Maria Silva, 25/11 às 15:00, Dra. Helena": what the reception calls an appointment. */
export function appointmentTitle(doc: Doc, lookup: Lookup, timeZone: string): string {
  const patient = nameOr(lookup, 'patients', doc.patient);
  const professional = nameIn(lookup, 'users', doc.professional);
  const when = str(doc.start) ? `, ${shortInstant(str(doc.start), timeZone)}` : '';
  return `Consulta de ${patient}${when}${professional ? `, ${professional}` : ''}`;
}

/**
 * An appointment a record points at, by its title, or a phrase when this desk does not hold it. Named
 * here rather than through the catalogue's describer table (`describeRef`), which loads every module:
 * this file loads with the schedule's module, so reaching the table would close an import cycle.
 */
export function appointmentRef(lookup: Lookup, id: unknown, timeZone: string): string {
  const doc = lookup.get('appointments', id);
  if (!doc) return nameOr(lookup, 'appointments', id);
  return appointmentTitle(doc, lookup, str(doc.timeZone) || timeZone);
}

const APPOINTMENT: CollectionDescriber = {
  noun: 'Agendamento',
  title: appointmentTitle,
  fields: {
    start: moment('Início'),
    end: moment('Fim'),
    status: choice('Situação', APPOINTMENT_STATUS),
    events: ref('Procedimentos', 'events'),
    insurancePlan: text('Plano'),
    place: text('Sala'),
    copart: reais('Coparticipação'),
    paymentMethod: choice('Forma de pagamento', PAYMENT_METHOD),
    patientConfirmation: {
      label: 'Confirmado pelo paciente',
      show: (v) => ((v as { confirmed?: boolean } | null)?.confirmed ? 'sim' : 'não'),
    },
    reservation: {
      label: 'Reserva',
      show: (v, c) => {
        const r = (v ?? {}) as { reason?: string; until?: string };
        return [r.reason, r.until ? `até ${shortInstant(r.until, c.timeZone)}` : ''].filter(Boolean).join(', ') || '—';
      },
    },
    selfBooked: flag('Marcado pelo próprio paciente'),
    overbooking: flag('Encaixe'),
    cancellation: {
      label: 'Desmarcação',
      show: (v) => str((v as { reason?: string } | null)?.reason) || '—',
    },
    rescheduledTo: { label: 'Remarcado para', show: (v, c) => appointmentRef(c.lookup, v, c.timeZone) },
    receivable: { label: 'Cobrança', show: () => 'gerada' },
  },
};

const RECEIVABLE_STATUS = { open: 'Em aberto', paid: 'Paga', cancelled: 'Cancelada' };

const RECEIVABLE: CollectionDescriber = {
  noun: 'Cobrança',
  title: (doc, lookup) => {
    const amount = typeof doc.amountCentavos === 'number' ? `, ${moneyCentavos(doc.amountCentavos)}` : '';
    const due = str(doc.dueDate) ? `, vencimento ${day(str(doc.dueDate))}` : '';
    return `Cobrança de ${nameOr(lookup, 'patients', doc.patient)}${amount}${due}`;
  },
  fields: {
    appointment: { label: 'Consulta', show: (v, c) => appointmentRef(c.lookup, v, c.timeZone) },
    amountCentavos: centavos('Valor'),
    dueDate: date('Vencimento'),
    description: text('Descrição'),
    paymentMethod: choice('Forma de pagamento', PAYMENT_METHOD),
    status: choice('Situação', RECEIVABLE_STATUS),
  },
};

const BLOCK: CollectionDescriber = {
  noun: 'Bloqueio de agenda',
  title: (doc, lookup, zone) =>
    `Bloqueio da agenda de ${nameOr(lookup, 'users', doc.professional)}, ${shortInstant(str(doc.start), zone)}–${time(str(doc.end), zone)}`,
  fields: { start: moment('Início'), end: moment('Fim'), reason: text('Motivo') },
};

const WAIT_LIST: CollectionDescriber = {
  noun: 'Lista de espera',
  title: (doc, lookup) => `Lista de espera: ${nameOr(lookup, 'patients', doc.patient)}`,
  fields: { periods: periods('Períodos preferidos'), priority: choice('Prioridade', PRIORITY) },
};

/** Schedule describers, by collection name (the `review` of each collection in module.ts). */
export const scheduleReview = {
  appointments: APPOINTMENT,
  receivables: RECEIVABLE,
  schedule_blocks: BLOCK,
  wait_list: WAIT_LIST,
} satisfies Record<string, CollectionDescriber>;
