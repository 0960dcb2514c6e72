/**
 * The audit record (issue 3; docs/architecture.md "Security"): who did what to which record, when and from
 * where. Append-only: nothing edits or deletes an entry. Entries never carry patient fields or
 * secrets, only ids, field names and short reasons.
 */
import type { Actor } from '#core/actor.js';

/** What happened. Record actions come from the guarded store; the others from the server's auth. */
export const AUDIT_ACTIONS = [
  'read',
  'create',
  'update',
  'remove',
  'denied',
  'permission.change',
  'login',
  'login.failed',
  'login.blocked',
  'logout',
  'session.revoke',
  'session.reuse',
  'password.forgot',
  'password.reset',
  'apiKey.use',
  'apiKey.create',
  'apiKey.revoke',
  'invitation.send',
  'invitation.accept',
  'account.create',
  'account.confirm',
  'rate.limited',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One thing to log, as its author describes it; the log adds `id` and `at`. */
export interface AuditEvent {
  /** The account it concerns; empty for server-level events (a failed login of an unknown e-mail). */
  tenantId: string;
  actorKind: Actor['kind'];
  /** User, key or device id; empty for anonymous callers. */
  actorId: string;
  action: AuditAction;
  /** Collection of the record (`patients`), when the event concerns one. */
  collection?: string;
  recordId?: string;
  /** Short reason or field names (`campos: phone, address`); never values, never secrets. */
  detail?: string;
  ip?: string;
  userAgent?: string;
}

/** An entry as stored: the event plus its id (UUIDv7, so ids sort by time) and instant. */
export interface AuditEntry extends AuditEvent {
  id: string;
  /** ISO-8601 with offset. */
  at: string;
}

/**
 * Where events go. `record` is synchronous and cheap (the server queues and writes in batches, see
 * sync-server/audit/writer.ts), so guarding a read costs almost nothing.
 */
export interface AuditSink {
  record(event: AuditEvent): void;
}

/** A sink that keeps events in memory (tests, and buffering inside a transaction). */
export function memoryAuditSink(): AuditSink & { readonly events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  return { events, record: (event) => void events.push(event) };
}
