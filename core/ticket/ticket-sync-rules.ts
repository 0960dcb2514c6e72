/**
 * How tickets pushed by installations come together (issue #9, docs/architecture.md "Sync"): a ticket moves
 * waiting → called → started (and back to waiting by a reset), never otherwise, and its number never
 * changes after printing. Two installations changing one ticket offline merge when their moves
 * follow that order (one called, the other then started it; recalls add up); two calls of one ticket
 * by two places cannot both stand: the server's call wins and the other is listed for the reception.
 */
import { z } from 'zod';
import type { ErrorDetail } from '#core/errors.js';
import type { ConflictHandler, SyncRules } from '#core/sync/record-rules.js';
import { ticketOutput } from './ticket-record.js';

type Doc = Record<string, unknown>;

/** The order statuses follow: a merge keeps the furthest one. */
const RANK: Record<string, number> = { waiting: 0, called: 1, started: 2 };

/** Moves a ticket may make in one write (a reset sends a called ticket back to waiting). */
const MOVES = new Set(['waiting>called', 'called>started', 'called>waiting', 'waiting>started']);

/** Fields printed on the slip or naming the queue: fixed once the ticket exists. */
const FIXED = ['clinic', 'day', 'service', 'number', 'code'] as const;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A stored ticket as pushed: the answered shape plus the local orderings. */
export const ticketRecord = ticketOutput.extend({ tenantId: z.string(), callSeq: z.number(), panelSeq: z.number() });

/** The problems of a pushed ticket against the version the server holds. */
export function ticketPushProblems(next: Doc, previous: Doc | undefined): ErrorDetail[] {
  if (!previous) return [];
  const problems: ErrorDetail[] = [];
  for (const field of FIXED) {
    if (!same(previous[field], next[field])) problems.push({ path: field, message: 'não muda depois de impressa' });
  }
  const move = `${String(previous.status)}>${String(next.status)}`;
  if (previous.status !== next.status && !MOVES.has(move)) {
    problems.push({
      path: 'status',
      message: `uma senha não passa de ${String(previous.status)} a ${String(next.status)}`,
    });
  }
  return problems;
}

/** Fields the merge below reconciles by the ticket's order; any other is merged field by field. */
const MERGED_FIELDS = new Set([
  '_rev',
  '_deleted',
  'status',
  'startedAt',
  'calledAt',
  'calledPlace',
  'calledBy',
  'callSeq',
  'recalls',
  'lastCalledAt',
  'panelSeq',
  'updatedAt',
]);

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const later = (a: unknown, b: unknown): unknown => (text(b) > text(a) ? b : a);

/**
 * Three-way merge of a ticket. @returns the merged ticket, or undefined when both sides called it
 * (two different first calls) or one reset what the other moved on: a person looks at the list.
 */
export const mergeTicket: ConflictHandler = (master, assumed, pushed) => {
  if (!assumed) return undefined;
  const calledHere = !same(pushed.calledAt, assumed.calledAt);
  const calledThere = !same(master.calledAt, assumed.calledAt);
  if (calledHere && calledThere && !same(pushed.calledAt, master.calledAt)) return undefined;
  const rank = (d: Doc) => RANK[String(d.status)] ?? -1;
  // A reset on one side against any move on the other: which one the desk meant is a person's call.
  if (rank(pushed) < rank(assumed) || rank(master) < rank(assumed)) return same(pushed, master) ? master : undefined;
  const ahead = rank(pushed) > rank(master) ? pushed : master;
  const caller = calledHere ? pushed : master;
  const merged: Doc = {
    ...master,
    status: ahead.status,
    startedAt: master.startedAt ?? pushed.startedAt,
    calledAt: caller.calledAt,
    // A recall moves the call to its place: the latest call's place is the one the panel shows.
    calledPlace: (text(pushed.lastCalledAt) > text(master.lastCalledAt) ? pushed : caller).calledPlace,
    calledBy: caller.calledBy,
    callSeq: caller.callSeq,
    recalls: Number(master.recalls ?? 0) + Math.max(0, Number(pushed.recalls ?? 0) - Number(assumed.recalls ?? 0)),
    lastCalledAt: later(master.lastCalledAt, pushed.lastCalledAt),
    panelSeq: Math.max(Number(master.panelSeq ?? 0), Number(pushed.panelSeq ?? 0)),
    updatedAt: later(master.updatedAt, pushed.updatedAt),
  };
  // Any other field the desk changed (no operation does) is not dropped unseen: taken when only the
  // desk changed it (the push check then judges it), listed when the server changed it too.
  for (const key of Object.keys({ ...assumed, ...pushed })) {
    if (MERGED_FIELDS.has(key) || same(pushed[key], assumed[key]) || same(pushed[key], master[key])) continue;
    if (!same(master[key], assumed[key])) return undefined;
    merged[key] = pushed[key];
  }
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged;
};

/** Sync rules of `tickets` (core/sync/record-rules.ts). */
export const ticketSyncRules: SyncRules = {
  readPermission: 'ticket:read',
  writePermission: 'ticket:write',
  schema: ticketRecord,
  check: ticketPushProblems,
  resolveConflict: mergeTicket,
};
