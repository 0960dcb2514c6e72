/**
 * The appointment (spec §2.5 "Attendance"/Schedule group, §4.2–4.3; issue 6): one patient with one
 * professional at one clinic for one time range. Times are stored twice: `start`/`end` with the
 * clinic's offset (what people and integrators read) and `startUtc`/`endUtc` (what queries and the
 * double-booking check compare).
 */
import { z } from 'zod';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { recordOutputFields, uuidInput } from '#core/common/records.js';
import { STATUSES, type Status } from './status.js';

/** Channels a confirmation can come through. */
export const CONFIRMATION_CHANNELS = ['reception', 'phone', 'email', 'whatsapp', 'sms', 'link', 'app', 'api'] as const;
/** One of {@link CONFIRMATION_CHANNELS}. */
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number];

/** Whether the patient confirmed, when and how; a field of its own, never a status (issue 6). */
export interface PatientConfirmation {
  confirmed: boolean;
  /** When it was last confirmed or unconfirmed (ISO-8601 with offset); null when never touched. */
  at: string | null;
  channel: ConfirmationChannel | null;
  /** Actor id of who recorded it. */
  by: string | null;
}

/** Ways of paying for an appointment (Appointments group: "update the payment method"). */
export const PAYMENT_METHODS = ['cash', 'pix', 'debitCard', 'creditCard', 'bankSlip', 'insurance', 'courtesy'] as const;
/** One of {@link PAYMENT_METHODS}. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One status change: who, when, from which status to which, by what action. */
export interface StatusChange {
  at: string;
  by: string;
  /** Null for the creation. */
  from: Status | null;
  to: Status;
  action: string;
  reason?: string;
}

/** Why and until when a reserved appointment holds its slot. */
export interface Reservation {
  reason: string;
  /** After this instant the reception should resolve it (ISO-8601 with offset). */
  until?: string;
}

/** An appointment as stored. */
export interface Appointment extends RecordBase {
  clinic: string;
  /** The professional's `users` id. */
  professional: string;
  /** A patient or a temporary patient (both live in `patients`). */
  patient: string;
  specialty?: string;
  /** Events (procedures, consultations) to be done. */
  events: string[];
  insurance?: string;
  insurancePlan?: string;
  /** ISO-8601 with the clinic's offset. */
  start: string;
  end: string;
  /** UTC query keys (`…Z`) of `start` and `end`. */
  startUtc: string;
  endUtc: string;
  /** The clinic's IANA zone when booked; `start`/`end` carry its offset. */
  timeZone: string;
  /** An attendance place id of the clinic (room). */
  place?: string;
  notes?: string;
  /** Co-payment the patient pays, reais. */
  copart?: number;
  paymentMethod?: PaymentMethod;
  status: Status;
  patientConfirmation: PatientConfirmation;
  reservation?: Reservation;
  selfBooked: boolean;
  /** Encaixe: booked on purpose over an occupied or blocked slot; the overlap check ignores it. */
  overbooking: boolean;
  createdBy: string;
  history: StatusChange[];
  cancellation?: { reason: string; at: string; by: string };
  /** The appointment that replaced this one (status rescheduled). */
  rescheduledTo?: string;
  /** The receivable generated for it (once). */
  receivable?: string;
}

/**
 * The `appointments` collection. Indexes serve the day and week views (professional or clinic, then
 * start), the patient's history and the overlap check (professional + start).
 */
export const appointments = defineCollection<Appointment>({
  name: 'appointments',
  fields: { clinic: 'string', professional: 'string', patient: 'string', startUtc: 'string', status: 'number' },
  indexes: [
    ['professional', 'startUtc'],
    ['clinic', 'startUtc'],
    ['patient', 'startUtc'],
  ],
});

/** The appointment as answered, with `patientConfirmation` always shown (spec §4.2). */
export const appointmentOutput = z
  .object({
    ...recordOutputFields,
    clinic: z.string(),
    professional: z.string(),
    patient: z.string(),
    specialty: z.string().optional(),
    events: z.array(z.string()),
    insurance: z.string().optional(),
    insurancePlan: z.string().optional(),
    start: z.string(),
    end: z.string(),
    timeZone: z.string(),
    place: z.string().optional(),
    notes: z.string().optional(),
    copart: z.number().optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    status: z
      .number()
      .refine((n) => (STATUSES as number[]).includes(n))
      .meta({ enum: STATUSES }),
    patientConfirmation: z.object({
      confirmed: z.boolean(),
      at: z.string().nullable(),
      channel: z.enum(CONFIRMATION_CHANNELS).nullable(),
      by: z.string().nullable(),
    }),
    reservation: z.object({ reason: z.string(), until: z.string().optional() }).optional(),
    selfBooked: z.boolean(),
    overbooking: z.boolean(),
    createdBy: z.string(),
    history: z.array(
      z.object({
        at: z.string(),
        by: z.string(),
        from: z.number().nullable(),
        to: z.number(),
        action: z.string(),
        reason: z.string().optional(),
      }),
    ),
    cancellation: z.object({ reason: z.string(), at: z.string(), by: z.string() }).optional(),
    rescheduledTo: z.string().optional(),
    receivable: z.string().optional(),
  })
  .meta({ id: 'Appointment' });

/**
 * An appointment as the schedule view lists it: everything but the status history, which the view
 * never shows and which is most of a record's size (`GET /appointment/{id}` has it).
 */
export const appointmentViewItem = appointmentOutput.omit({ history: true }).meta({ id: 'AppointmentListItem' });

/**
 * A schedule record id (appointment, block, wait-list entry, share): a UUID, as every id the
 * installations generate, lower-cased. Anything else is malformed: 400, as spec §4.2 asks ("incorrect request").
 */
export const scheduleIdInput = uuidInput;
