import { PostgresAdapter, type Kysely } from 'kysely';
import type { AuditEntry, AuditEvent, AuditSink } from '#core/access/audit.js';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import { compiled, placeholders } from '../store/doc-sql.js';
import type { AuditTables } from './audit-table.js';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (12 columns each). */
const BATCH = 400;
/** Longest user agent and detail kept: enough to tell clients apart, bounded against abuse. */
const MAX_TEXT = 300;

type Row = AuditTables['audit_log'];

/** The columns of a row, in the order the INSERT binds them. */
const COLUMNS = [
  'id',
  'tenant_id',
  'at',
  'at_ms',
  'actor_kind',
  'actor_id',
  'action',
  'collection',
  'record_id',
  'detail',
  'ip',
  'user_agent',
] as const satisfies readonly (keyof Row)[];

/** Resolves after the I/O callbacks of the current event-loop turn have run. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function toRow(entry: AuditEntry, atMs: number): Row {
  return {
    id: entry.id,
    tenant_id: entry.tenantId,
    at: entry.at,
    at_ms: atMs,
    actor_kind: entry.actorKind,
    actor_id: entry.actorId,
    action: entry.action,
    collection: entry.collection ?? null,
    record_id: entry.recordId ?? null,
    detail: entry.detail?.slice(0, MAX_TEXT) ?? null,
    ip: entry.ip ?? null,
    user_agent: entry.userAgent?.slice(0, MAX_TEXT) || null,
  };
}

/**
 * The server's audit sink. `record` only queues (microseconds, so guarding a read stays cheap);
 * `flush` writes everything queued so far. The server flushes at the end of every request before
 * answering, so no answer leaves before its audit entries are stored; concurrent requests share one
 * INSERT (group commit), which keeps the cost per entry low under load.
 */
export class AuditLog implements AuditSink {
  /** Events with their instant; ids and ISO text are made when written, off the request's path. */
  private queue: { event: AuditEvent; atMs: number }[] = [];
  private tail: Promise<void> = Promise.resolve();
  /** INSERT text by row count: a batch is written out, not built through Kysely, on every request. */
  private readonly inserts = new Map<number, string>();
  private readonly postgres: boolean;
  /** The write that has not started yet: later flushes join it instead of queuing one of their own. */
  private next: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<AuditTables>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Queues an entry stamped with the current instant. Its id (UUIDv7) is drawn when written: the
   * queue is first in, first out, so ids still sort as the events happened.
   */
  record(event: AuditEvent): void {
    this.queue.push({ event, atMs: this.clock.now().getTime() });
  }

  /** Entries queued and not yet written. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Resolves once every entry queued before the call is stored.
   * @throws the database's error; the entries stay queued for the next flush.
   */
  flush(): Promise<void> {
    if (this.queue.length === 0) return this.tail;
    if (this.next) return this.next;
    // The write waits one turn of the event loop: requests that end in the same turn (under load,
    // many do) put their entries in the same INSERT and the same commit, instead of one each.
    const run = this.tail.then(nextTurn).then(() => {
      this.next = undefined;
      return this.drain();
    });
    this.next = run;
    this.tail = run.catch(() => undefined);
    return run;
  }

  private insertText(count: number): string {
    let text = this.inserts.get(count);
    if (!text) {
      const row = `(${COLUMNS.map(() => '?').join(', ')})`;
      text = placeholders(
        { name: this.postgres ? 'postgres' : 'sqlite' },
        `insert into "audit_log" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ${Array(count).fill(row).join(', ')}`,
      );
      this.inserts.set(count, text);
    }
    return text;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, BATCH);
      const rows = batch.map(({ event, atMs }) =>
        toRow({ ...event, id: this.ids.next(), at: isoWithOffset(new Date(atMs)) }, atMs),
      );
      await this.db.executeQuery(
        compiled(
          this.insertText(rows.length),
          rows.flatMap((row) => COLUMNS.map((c) => row[c])),
        ),
      );
      this.queue.splice(0, batch.length);
    }
  }
}
