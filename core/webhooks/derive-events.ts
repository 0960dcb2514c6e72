/**
 * Which webhook events a stored record's change means: pure functions from the record as last seen
 * (its compared fields, or undefined when never seen) and as stored now, so the rules are tested
 * without a database. The feed holds each record's latest state, so changes of one record between two
 * passes of the worker (seconds) are seen together: the events say where the record went (a
 * confirmation undone and redone in between is one `appointment.confirmed`), while an appointment's
 * status changes are read from its `history` and each announced. A record never seen (changed before webhooks were configured) is compared with
 * an empty state: its current status may be announced once more, never missed. The server's event source (sync-server/webhooks/event-source.ts) feeds them the
 * change feed replication uses, so a change made offline on a desk and pushed later produces the same
 * events as one made through the API.
 */
import type { WebhookEventType } from './event-catalogue.js';

/** The collections events come from. */
export const EVENT_COLLECTIONS = ['appointments', 'patients', 'budgets', 'tickets', 'outbox_messages'] as const;
export type EventCollection = (typeof EVENT_COLLECTIONS)[number];

/** The compared fields of a record, as kept between changes. */
export type SeenState = Record<string, string | number | boolean | null>;

/** What one change yields: events in order, and the state to keep. */
export interface Derived {
  events: { type: WebhookEventType; data: Record<string, unknown> }[];
  state: SeenState;
}

type Doc = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : -1);
/** What the rules need besides the record. */
export interface DeriveOptions {
  /** When the account's feed started (epoch ms): a record never seen and created after it is new. */
  feedStartMs: number;
}

/**
 * Whether a record never seen is new: created after the feed started (its `createdAt` comes from the
 * clock of whoever created it, a desk's included, so a skew of minutes can misjudge a record made
 * right at the start), or never changed since its creation.
 */
function isNew(doc: Doc, options: DeriveOptions): boolean {
  const created = Date.parse(str(doc.createdAt));
  return doc.createdAt === doc.updatedAt || (Number.isFinite(created) && created >= options.feedStartMs);
}

const CANCELLED = new Set([7, 8]);
const ATTENDED = 5;
const APPROVED = 2;
const DISAPPROVED = 3;

function appointment(before: SeenState | undefined, doc: Doc, options: DeriveOptions): Derived {
  const confirmed = (doc.patientConfirmation as { confirmed?: boolean } | undefined)?.confirmed === true;
  const status = num(doc.status);
  const data = {
    id: doc.id,
    clinic: str(doc.clinic),
    professional: str(doc.professional),
    patient: str(doc.patient),
    start: str(doc.start),
    end: str(doc.end),
    status,
    confirmed,
  };
  const history = Array.isArray(doc.history) ? (doc.history as { to?: unknown }[]) : [];
  const state = { status, confirmed, history: history.length };
  const types: WebhookEventType[] = [];
  if (!before && isNew(doc, options)) types.push('appointment.created');
  if (confirmed && before?.confirmed !== true) types.push('appointment.confirmed');
  if (!confirmed && before?.confirmed === true) types.push('appointment.unconfirmed');
  // Status changes are read from the history, so two changes between passes are both announced.
  const from = typeof before?.history === 'number' ? before.history : before ? history.length : 0;
  const reached = before || isNew(doc, options) ? history.slice(from).map((h) => h.to) : [status];
  if (reached.some((to) => CANCELLED.has(to as number)) && CANCELLED.has(status)) types.push('appointment.cancelled');
  if (reached.includes(ATTENDED)) types.push('appointment.attended');
  return { events: types.map((type) => ({ type, data })), state };
}

function patient(before: SeenState | undefined, doc: Doc, options: DeriveOptions): Derived {
  const data = { id: doc.id, active: doc.active !== false };
  const state = { updatedAt: str(doc.updatedAt) };
  if (!before) return { events: [{ type: isNew(doc, options) ? 'patient.created' : 'patient.updated', data }], state };
  // Every write reaches the feed with a new seq: a record seen before that is in it again was written.
  return { events: [{ type: 'patient.updated', data }], state };
}

function budget(before: SeenState | undefined, doc: Doc, options: DeriveOptions): Derived {
  const status = num(doc.status);
  const data = {
    id: doc.id,
    budgetNumber: num(doc.budgetNumber),
    patient: str(doc.patient),
    clinic: str(doc.clinic),
    status,
    value: typeof doc.value === 'number' ? doc.value : 0,
  };
  const types: WebhookEventType[] = [];
  if (!before && isNew(doc, options)) types.push('budget.created');
  if (status === APPROVED && before?.status !== APPROVED) types.push('budget.approved');
  if (status === DISAPPROVED && before?.status !== DISAPPROVED) types.push('budget.disapproved');
  return { events: types.map((type) => ({ type, data })), state: { status } };
}

function ticket(before: SeenState | undefined, doc: Doc): Derived {
  // A recall is a call too: the panel shows it again, so a receiver announcing calls wants it.
  const calls = doc.calledAt ? 1 + num(doc.recalls) : 0;
  const data = {
    id: doc.id,
    clinic: str(doc.clinic),
    code: str(doc.code),
    ...(doc.calledPlace ? { calledPlace: str(doc.calledPlace) } : {}),
    ...(doc.lastCalledAt ? { calledAt: str(doc.lastCalledAt) } : {}),
  };
  const seen = typeof before?.calls === 'number' ? before.calls : 0;
  return { events: calls > seen ? [{ type: 'ticket.called', data }] : [], state: { calls } };
}

function message(before: SeenState | undefined, doc: Doc): Derived {
  const status = str(doc.status);
  const state = { status };
  if (doc.channel === 'webhook' || (status !== 'sent' && status !== 'failed') || before?.status === status) {
    return { events: [], state };
  }
  const data = {
    id: doc.id,
    channel: str(doc.channel),
    template: str(doc.template),
    status,
    lastError: typeof doc.lastError === 'string' ? doc.lastError : null,
  };
  return { events: [{ type: status === 'sent' ? 'message.delivered' : 'message.failed', data }], state };
}

const RULES: Record<EventCollection, (before: SeenState | undefined, doc: Doc, options: DeriveOptions) => Derived> = {
  appointments: appointment,
  patients: patient,
  budgets: budget,
  tickets: ticket,
  outbox_messages: message,
};

/**
 * The events of one change of a record of `collection`. A deletion (tombstone) yields none: records
 * of these collections are inactivated or cancelled, never deleted, by the operations.
 */
export function deriveEvents(
  collection: EventCollection,
  before: SeenState | undefined,
  doc: Doc,
  options: DeriveOptions,
): Derived {
  return RULES[collection](before, doc, options);
}
