/**
 * Insurance interactions of an attendance (spec §4.3 Schedule: "get interactions with the insurance
 * for an attendance", "publish a response for an insurance interaction"; §4.4 Integration: "create
 * an insurance interaction for a code"): every request to and answer from the operator about one
 * appointment, whether through its TISS web service, typed by a person (the operator answered by
 * phone or portal; contingency) or sent to the patient (the token). Append-only: an answer published
 * later is written on the interaction it answers (TISS-027).
 */
import { z } from 'zod';
import { recordOutputFields } from '#core/common/records.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { REQUEST_STATUSES, type RequestStatus } from './request-record.js';

/** What the interaction was. */
export const INTERACTION_KINDS = [
  'procedureRequest',
  'authorizationStatus',
  'manualAuthorization',
  'cancellation',
  'token',
  'code',
] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

/** How it went: the operator's web service, a person, a message to the patient, an integrator. */
export const INTERACTION_CHANNELS = ['webService', 'manual', 'message', 'integration'] as const;
export type InteractionChannel = (typeof INTERACTION_CHANNELS)[number];

/** An answer typed by a person (what the operator said by phone, portal or e-mail). */
export interface PublishedResponse {
  at: string;
  by: string;
  status?: RequestStatus;
  password?: string;
  operatorGuideNumber?: string;
  text: string;
}

/** An interaction as stored. */
export interface InsuranceInteraction extends RecordBase {
  appointment: string;
  patient: string;
  insurance: string;
  /** The procedure request it is about, when it is. */
  request?: string;
  kind: InteractionKind;
  channel: InteractionChannel;
  at: string;
  by: string;
  /** What happened, in pt-BR, as the reception reads it. */
  summary: string;
  /** False when the call failed (web service down) or the operator refused the message. */
  ok: boolean;
  /** The request's status after it. */
  status?: RequestStatus;
  /** TUSS code the interaction is about (Integration), with its table. */
  code?: string;
  table?: string;
  /** Hash (item 115) of the TISS message sent. */
  hash?: string;
  response?: PublishedResponse;
}

/** The `insurance_interactions` collection: an attendance's, in order. */
export const insuranceInteractions = defineCollection<InsuranceInteraction>({
  name: 'insurance_interactions',
  fields: { appointment: 'string', patient: 'string', request: 'string', at: 'string' },
  indexes: [
    ['appointment', 'at'],
    ['request', 'at'],
  ],
});

/** An interaction as answered. */
export const interactionOutput = z
  .object({
    ...recordOutputFields,
    appointment: z.string(),
    patient: z.string(),
    insurance: z.string(),
    request: z.string().optional(),
    kind: z.enum(INTERACTION_KINDS),
    channel: z.enum(INTERACTION_CHANNELS),
    at: z.string(),
    by: z.string(),
    summary: z.string(),
    ok: z.boolean(),
    status: z.enum(REQUEST_STATUSES).optional(),
    code: z.string().optional(),
    table: z.string().optional(),
    hash: z.string().optional(),
    response: z
      .object({
        at: z.string(),
        by: z.string(),
        status: z.enum(REQUEST_STATUSES).optional(),
        password: z.string().optional(),
        operatorGuideNumber: z.string().optional(),
        text: z.string(),
      })
      .optional(),
  })
  .meta({ id: 'InsuranceInteraction' });
