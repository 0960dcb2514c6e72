/**
 * The durable outbox record: one message an operation asked to send, and where its delivery stands.
 * Operations enqueue through `ctx.outbox` (see store-outbox.ts); the server's delivery worker sends.
 */
import { z } from 'zod';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';

/** Channels a message can go through (core/outbox.ts `OutboxMessage.channel`). */
export const CHANNELS = ['email', 'whatsapp', 'sms', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Where a message stands:
 * - `pending`: waiting for its turn (`nextAttemptAt`), first try or a retry.
 * - `sending`: claimed by a delivery worker; `nextAttemptAt` is when the claim lapses (crash recovery).
 * - `sent`: the provider accepted it (`sentAt`).
 * - `failed`: attempts exhausted or refused for good (`lastError`); a person may retry it.
 */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * A file to attach, named by reference and resolved at send time by the server's attachment
 * registry (e.g. `{ kind: 'budget-pdf', budgetId }`): bytes never sit in a replicated record, and
 * the file sent is the one current when the message goes out.
 */
export type AttachmentRef = { kind: string } & Record<string, string | number | boolean>;

/** One queued message as stored in `outbox_messages`. Timestamps are ISO-8601 in UTC (`+00:00`). */
export interface QueuedMessage extends RecordBase {
  channel: Channel;
  /** E-mail address, E.164 phone number (`+5511987654321`) or http(s) URL, by channel. */
  to: string;
  /** Name of a template registered on the server (`budget.send`). */
  template: string;
  /** What the template fills in; JSON only. */
  data: Record<string, unknown>;
  attachments: AttachmentRef[];
  status: MessageStatus;
  /** Sends started so far (a manual retry keeps the count). */
  attempts: number;
  /** Due time of the next send (pending), or when a worker's claim lapses (sending). Always UTC. */
  nextAttemptAt: string;
  /** Why the last attempt failed (pt-BR, provider text); null after a success. */
  lastError: string | null;
  /** When the provider accepted it; null until then. */
  sentAt: string | null;
}

/**
 * The replicated collection of queued messages. `nextAttemptAt` is the queue key: it is always
 * written in UTC so that string order is time order on every adapter (strings compare as code units).
 */
export const outboxMessages = defineCollection<QueuedMessage>({
  name: 'outbox_messages',
  fields: { status: 'string', nextAttemptAt: 'string', channel: 'string' },
  indexes: [['status', 'nextAttemptAt'], ['status']],
});

/** `2026-11-23T12:00:00.000+00:00`: the only timestamp form this module writes. */
export const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

const E164 = /^\+[1-9]\d{7,14}$/;
const TEMPLATE_NAME = /^[a-z][a-zA-Z0-9_.-]{0,63}$/;
/** Largest `data` accepted, as JSON text: a message carries names and links, never documents. */
export const MAX_DATA_CHARS = 32_000;

const email = z.email({ error: 'e-mail inválido' }).max(254, { error: 'e-mail longo demais' });
const phone = z.string().regex(E164, { error: 'telefone deve estar no formato E.164 (+5511987654321)' });
const url = z.url({ protocol: /^https?$/, error: 'URL http(s) inválida' }).max(2048, { error: 'URL longa demais' });

/** The schema `to` must satisfy for `channel`. */
export function addressSchema(channel: Channel): z.ZodType<string> {
  switch (channel) {
    case 'email':
      return email;
    case 'whatsapp':
    case 'sms':
      return phone;
    case 'webhook':
      return url;
  }
}

/** True when `to` is a deliverable address for `channel` (callers check before enqueueing optional notices). */
export function isValidAddress(channel: Channel, to: string): boolean {
  return addressSchema(channel).safeParse(to).success;
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);
/** An {@link AttachmentRef}: a kind (`budget-pdf`) plus the scalar keys its resolver needs. */
export const attachmentRefSchema = z
  .object({ kind: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, { error: 'tipo de anexo inválido (ex.: budget-pdf)' }) })
  .catchall(scalar) as z.ZodType<AttachmentRef>;

function fitsAsJson(data: Record<string, unknown>): boolean {
  try {
    return JSON.stringify(data).length <= MAX_DATA_CHARS;
  } catch {
    // BigInt or a cycle: not JSON, so no adapter could store it as given.
    return false;
  }
}

const jsonData = z.record(z.string(), z.unknown()).refine(fitsAsJson, {
  error: `dados devem ser JSON de até ${MAX_DATA_CHARS} caracteres`,
});

const requestShape = {
  channel: z.enum(CHANNELS),
  to: z.string(),
  template: z.string().regex(TEMPLATE_NAME, { error: 'nome de modelo inválido' }),
  data: jsonData,
  attachments: z.array(attachmentRefSchema).max(10, { error: 'no máximo 10 anexos' }).optional(),
};

/** `to` must be an address of the message's own channel, so the check spans two fields. */
function checkAddress(message: { channel: Channel; to: string }, ctx: z.RefinementCtx): void {
  const address = addressSchema(message.channel).safeParse(message.to);
  if (!address.success) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: address.error.issues[0]?.message ?? 'endereço inválido' });
  }
}

/** What an operation may ask to send: the request part of a message, checked before it is stored. */
export const messageRequestSchema = z.strictObject(requestShape).superRefine(checkAddress);

const utc = z.string().regex(UTC_ISO, { error: 'data e hora em UTC (+00:00)' });

/**
 * The stored record, for validating replicated pushes: a message made offline on a desk reaches the
 * server through sync, and nothing the worker would act on may be stored half-valid. Store and
 * replication bookkeeping (`_rev`, `_deleted`) is the sync layer's and is not checked here.
 */
export const queuedMessageSchema = z
  .object({
    ...requestShape,
    id: z.string().min(1).max(64),
    tenantId: z.string().min(1).max(64),
    createdAt: z.string(),
    updatedAt: z.string(),
    attachments: z.array(attachmentRefSchema).max(10, { error: 'no máximo 10 anexos' }),
    status: z.enum(MESSAGE_STATUSES),
    attempts: z.number().int().min(0),
    nextAttemptAt: utc,
    lastError: z.string().nullable(),
    sentAt: utc.nullable(),
  })
  .superRefine(checkAddress);

/** A message as operations answer it: the record without tenant and revision. */
export const messageOutput = z
  .object({
    id: z.string(),
    channel: z.enum(CHANNELS),
    to: z.string(),
    template: z.string(),
    data: z.record(z.string(), z.unknown()),
    attachments: z.array(z.object({ kind: z.string() }).catchall(scalar)),
    status: z.enum(MESSAGE_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.string(),
    lastError: z.string().nullable(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Message' });
