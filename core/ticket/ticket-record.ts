/**
 * The attendance ticket (spec §4.4 Totem: "generate a new attendance ticket"; Clinic: "tickets"): the
 * slip a patient takes at the totem or the desk and waits with until a place calls it. Tickets keep
 * their issue, call and start times, the wait-time data of the dashboards.
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/**
 * Why a ticket is priority, by law: Lei 10.048/2000 (disabled, elderly, pregnant, lactating, with lap
 * infants, obese, reduced mobility), Lei 12.764/2012 (autism), Lei 14.626/2023 (blood donors) and
 * Lei 13.466/2017, which puts people aged 80+ ahead of the other priorities.
 */
export const PRIORITY_REASONS = [
  'elderly',
  'elderly80',
  'pregnant',
  'lactating',
  'lapInfant',
  'disabled',
  'autism',
  'reducedMobility',
  'obesity',
  'bloodDonor',
] as const;
/** One of {@link PRIORITY_REASONS}. */
export type PriorityReason = (typeof PRIORITY_REASONS)[number];

/** Calling classes: `super` (80+) goes before `priority`, which alternates with `normal` by ratio. */
export const TICKET_CLASSES = ['normal', 'priority', 'super'] as const;
/** One of {@link TICKET_CLASSES}. */
export type TicketClass = (typeof TICKET_CLASSES)[number];

/** Where a ticket is: waiting in line, called to a place, or being attended. */
export const TICKET_STATUSES = ['waiting', 'called', 'started'] as const;
/** One of {@link TICKET_STATUSES}. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A ticket as stored. Times are ISO-8601 with offset. */
export interface Ticket extends RecordBase {
  clinic: string;
  /** The clinic's calendar day it was issued (`yyyy-mm-dd` in the clinic's zone): its queue. */
  day: string;
  /** The service line's letter prefix (`N`, `P`) or the place's ticket prefix: `code` starts with it. */
  service: string;
  number: number;
  /** What the panel shows and the slip prints: prefix and number, at least 3 digits (`N001`). */
  code: string;
  class: TicketClass;
  priorityReason?: PriorityReason;
  /** A place the ticket is for (a room's own queue); absent: any place may call it. */
  place?: string;
  patient?: string;
  /** The appointment checked in with this ticket (totem check-in); absent for walk-ins. */
  appointment?: string;
  status: TicketStatus;
  /** When the patient arrived and took the ticket: the start of the wait. */
  issuedAt: string;
  /** First call. */
  calledAt?: string;
  /** Latest call or recall: what the panel sorts by. */
  lastCalledAt?: string;
  calledPlace?: string;
  calledBy?: string;
  /** How many times the call was repeated. */
  recalls: number;
  startedAt?: string;
  /** Order of first calls in the clinic's day (0 while waiting): the calling rules read the latest. */
  callSeq: number;
  /** Order of calls and recalls in the clinic's day (0 while waiting): the panel's order. */
  panelSeq: number;
}

/** The `tickets` collection: one clinic day's queue, its calls and the panel, each on an index. */
export const tickets = defineCollection<Ticket>({
  name: 'tickets',
  fields: {
    clinic: 'string',
    day: 'string',
    status: 'string',
    issuedAt: 'string',
    callSeq: 'number',
    panelSeq: 'number',
    patient: 'string',
  },
  indexes: [
    ['clinic', 'day', 'status', 'issuedAt'],
    ['clinic', 'day', 'callSeq'],
    ['clinic', 'day', 'panelSeq'],
    ['patient'],
  ],
});

/** A priority reason as input. */
export const priorityReasonInput = z.enum(PRIORITY_REASONS, { message: `use ${PRIORITY_REASONS.join(', ')}` });

/** A ticket as answered. */
export const ticketOutput = z
  .object({
    ...recordOutputFields,
    clinic: z.string(),
    day: z.string(),
    service: z.string(),
    number: z.number(),
    code: z.string(),
    class: z.enum(TICKET_CLASSES),
    priorityReason: z.enum(PRIORITY_REASONS).optional(),
    place: z.string().optional(),
    patient: z.string().optional(),
    appointment: z.string().optional(),
    status: z.enum(TICKET_STATUSES),
    issuedAt: z.string(),
    calledAt: z.string().optional(),
    lastCalledAt: z.string().optional(),
    calledPlace: z.string().optional(),
    calledBy: z.string().optional(),
    recalls: z.number(),
    startedAt: z.string().optional(),
  })
  .meta({ id: 'Ticket' });

/** The printed code of ticket `number` of a prefix: three digits at least (`N001`, `N1000`). */
export function ticketCode(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(3, '0')}`;
}
