/**
 * One collection of one tenant over its `doc_<name>` table: the port's Collection in SQL.
 */
import type { Kysely } from 'kysely';
import type { CollectionDef, IndexedFieldType } from '#core/store/collection-def.js';
import { DomainError } from '#core/errors.js';
import type { Collection } from '#core/store/port.js';
import { normaliseQuery, type Query } from '#core/store/query.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { compiled, DocSql } from './doc-sql.js';
import { declaredFields, docTableName, fieldColumns, type DocRow, type DocTables } from './layout.js';
import type { CollectionGuard } from '#core/access/store-guard.js';
import { atomically, noteWrite, type Session, type SessionSource } from './session.js';
import type { SqliteBulkInsert } from './fast/sqlite-bulk.js';
import { orderTerms, whereTerms } from './sql-query.js';

/**
 * Rows per multi-row INSERT (PostgreSQL): well under its 65,535 bound parameters, and large enough
 * that a bulk import is a handful of round trips.
 */
function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.min(500, Math.floor(30_000 / columns)));
}

/** `_rev` back to the revision counter; undefined for anything this adapter never handed out. */
function parseRev(rev: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(rev) ? Number(rev) : undefined;
}

function conflictOnInsert(ids: readonly string[]): DomainError {
  return new DomainError(
    'conflict',
    'Já existe um registro com este id',
    ids.map((id) => ({ path: 'id', message: `id já usado: ${id}` })),
  );
}

/** A document ready to store: checked against the tenant, without `_rev`, with its JSON text. */
interface Prepared {
  id: string;
  doc: Record<string, unknown>;
  json: string;
}

/** The port's Collection for one tenant, on the SQL table of `def`. */
export class SqlCollection<T extends RecordBase> implements Collection<T> {
  private readonly table: string;
  private readonly fields: [string, IndexedFieldType][];
  private readonly sql: DocSql;

  /**
   * @param def the declaration the database was opened with (it fixes the table's columns)
   * @param session where statements go at the moment of each call (a transaction may be active)
   * @param guard the actor's guard of this collection, when a policy names it: checked before each
   *   statement, told after it (core/access/store-guard.ts)
   */
  constructor(
    private readonly def: CollectionDef<T>,
    private readonly source: SessionSource,
    private readonly tenantId: string,
    private readonly session: () => Session,
    private readonly guard?: CollectionGuard,
  ) {
    this.table = docTableName(def);
    this.fields = declaredFields(def as unknown as CollectionDef<RecordBase>);
    this.sql = docSql(this.table, this.fields, source);
  }

  async get(id: string): Promise<Stored<T> | undefined> {
    this.guard?.checkRead(id);
    const doc = await this.fetch(id);
    if (doc) this.guard?.read(doc);
    return doc;
  }

  /** The live record `id`, unchecked and unlogged (the guard's own read before an update). */
  private async fetch(id: string): Promise<Stored<T> | undefined> {
    const { rows } = await this.source.execute(
      this.session(),
      compiled<Pick<DocRow, 'rev' | 'data'>>(this.sql.get, [this.tenantId, id, this.source.rules.bool(false)]),
    );
    const row = rows[0];
    return row && this.stored(row);
  }

  async find(query?: Query<T>): Promise<Stored<T>[]> {
    this.guard?.checkRead();
    const normalised = normaliseQuery(this.def, query);
    const params = this.liveParams();
    const terms = whereTerms(this.def as unknown as CollectionDef<RecordBase>, normalised, this.source.rules, params);
    if (terms === false || normalised.limit === 0) return [];
    let tail = '';
    if (normalised.limit !== undefined) {
      tail += ' limit ?';
      params.push(normalised.limit);
    } else if (normalised.skip > 0 && this.source.rules.name === 'sqlite') {
      // SQLite accepts OFFSET only after a LIMIT; -1 means none.
      tail += ' limit ?';
      params.push(-1);
    }
    if (normalised.skip > 0) {
      tail += ' offset ?';
      params.push(normalised.skip);
    }
    const text = this.sql.select('"rev", "data"', terms, orderTerms(normalised), tail);
    const { rows } = await this.source.execute(this.session(), compiled<Pick<DocRow, 'rev' | 'data'>>(text, params));
    const docs = rows.map((row) => this.stored(row));
    if (this.guard) for (const doc of docs) this.guard.read(doc);
    return docs;
  }

  /** Counting reveals no record, so a guard checks it but logs nothing. */
  async count(query?: Pick<Query<T>, 'selector'>): Promise<number> {
    this.guard?.checkRead();
    const normalised = normaliseQuery(this.def, { selector: query?.selector });
    const params = this.liveParams();
    const terms = whereTerms(this.def as unknown as CollectionDef<RecordBase>, normalised, this.source.rules, params);
    if (terms === false) return 0;
    const { rows } = await this.source.execute(
      this.session(),
      compiled<{ n: number | string }>(this.sql.select('count(*) as "n"', terms), params),
    );
    return Number(rows[0]!.n);
  }

  /**
   * Inside a transaction the insert runs in it directly; outside one it opens its own and comes back
   * here with it, checked already (one statement needs no savepoint, and the request's path stays short).
   */
  async insert(doc: T, session = this.session(), guard = this.guard): Promise<Stored<T>> {
    guard?.checkWrite(doc.id);
    if (!session.tx) {
      const stored = await atomically(this.source, session, (tx) => this.insert(doc, tx, undefined), false);
      guard?.created(stored);
      return stored;
    }
    const prepared = this.prepare(doc);
    const seq = await this.nextSeq(session, 1);
    const row = this.row(prepared, seq);
    // ON CONFLICT DO NOTHING rather than a unique violation: in PostgreSQL an error would poison
    // the caller's enclosing transaction, which may well catch the conflict and carry on.
    const result = await this.source.execute(
      session,
      compiled(
        this.sql.insert,
        this.sql.columns.map((column) => row[column as keyof DocRow]),
      ),
    );
    if (result.numAffectedRows !== 1n) throw conflictOnInsert([prepared.id]);
    const stored = this.stored({ rev: 1, data: prepared.json });
    guard?.created(stored);
    return stored;
  }

  async insertMany(docs: readonly T[]): Promise<void> {
    this.guard?.checkWrite();
    if (docs.length === 0) return;
    const prepared = docs.map((doc) => this.prepare(doc));
    const seen = new Set<string>();
    const repeated = prepared.filter(({ id }) => seen.size === seen.add(id).size).map(({ id }) => id);
    if (repeated.length > 0) throw conflictOnInsert(repeated);
    // A savepoint inside a caller's transaction: a conflict in a late row must undo the early ones.
    await atomically(this.source, this.session(), async (session) => {
      const last = await this.nextSeq(session, prepared.length);
      const rows = prepared.map((p, i) => this.row(p, last - prepared.length + 1 + i));
      const taken = this.source.sqliteBulk
        ? this.insertPrepared(this.source.sqliteBulk, rows)
        : await this.insertChunks(session, rows);
      if (taken.length > 0) throw conflictOnInsert(taken);
    });
    this.guard?.createdMany(prepared.map(({ id }) => id));
  }

  async update(id: string, expectedRev: string, next: T): Promise<Stored<T>> {
    const guard = this.guard;
    guard?.checkWrite(id);
    // Read first only when this request has not: the audit entry names the fields that changed.
    const before = guard && (guard.lastSeen(id) ?? (await this.fetch(id)));
    const prepared = this.prepare(next);
    if (prepared.id !== id) {
      throw new DomainError('validation', 'O id do registro não pode mudar', [
        { path: 'id', message: `esperado ${id}` },
      ]);
    }
    const rev = await this.replaceRevision(id, expectedRev, (seq, nextRev) => this.row(prepared, seq, nextRev));
    const stored = this.stored({ rev, data: prepared.json });
    guard?.updated(id, before, next, stored);
    return stored;
  }

  async remove(id: string, expectedRev: string): Promise<void> {
    this.guard?.checkWrite(id);
    await this.replaceRevision(id, expectedRev, (seq, rev) => ({ rev, seq, deleted: this.source.rules.bool(true) }));
    this.guard?.removed(id);
  }

  /**
   * The optimistic write behind update and remove: sets `values` on the live row only while its
   * revision is still `expectedRev`. @returns the new revision.
   * @throws DomainError `conflict` on a stale revision, `not_found` when the row is missing or deleted.
   */
  private async replaceRevision(
    id: string,
    expectedRev: string,
    values: (seq: number, rev: number) => Partial<DocRow>,
  ): Promise<number> {
    const rev = parseRev(expectedRev);
    return atomically(
      this.source,
      this.session(),
      async (session) => {
        if (rev === undefined) throw await this.whyNotWritten(session, id);
        const seq = await this.nextSeq(session, 1);
        const set = values(seq, rev + 1);
        const columns = Object.keys(set) as (keyof DocRow)[];
        const result = await this.source.execute(
          session,
          compiled(this.sql.update(columns), [
            ...columns.map((column) => set[column]),
            this.tenantId,
            id,
            rev,
            this.source.rules.bool(false),
          ]),
        );
        if (result.numAffectedRows !== 1n) throw await this.whyNotWritten(session, id);
        return rev + 1;
      },
      false,
    );
  }

  /** SQLite: one reused prepared statement. @returns the id that was taken, if any. */
  private insertPrepared(bulk: SqliteBulkInsert, rows: readonly DocRow[]): string[] {
    const columns = Object.keys(rows[0]!) as (keyof DocRow)[];
    const at = bulk.insertUntilConflict(
      this.table,
      columns,
      rows.map((row) => columns.map((column) => row[column])),
    );
    return at < 0 ? [] : [rows[at]!.id];
  }

  /** PostgreSQL: multi-row INSERTs, few round trips. @returns the ids that were already taken. */
  private async insertChunks(session: Session, rows: readonly DocRow[]): Promise<string[]> {
    const chunk = rowsPerInsert(Object.keys(rows[0]!).length);
    for (let start = 0; start < rows.length; start += chunk) {
      const part = rows.slice(start, start + chunk);
      const result = await this.docs(session)
        .insertInto(this.table)
        .values(part)
        .onConflict((c) => c.columns(['tenant_id', 'id']).doNothing())
        .executeTakeFirst();
      if (result.numInsertedOrUpdatedRows === BigInt(part.length)) continue;
      // Rows that were there before this batch carry a seq below the batch's.
      const taken = await this.docs(session)
        .selectFrom(this.table)
        .select('id')
        .where('tenant_id', '=', this.tenantId)
        .where(
          'id',
          'in',
          part.map((row) => row.id),
        )
        .where('seq', '<', rows[0]!.seq)
        .execute();
      return taken.map((row) => row.id);
    }
    return [];
  }

  /** The collection tables, typed by their row shape (their names are only known at run time). */
  private docs(session: Session): Kysely<DocTables> {
    return session.executor as unknown as Kysely<DocTables>;
  }

  /** The parameters of {@link DocSql.select}'s fixed terms: the tenant, live rows only. */
  private liveParams(): unknown[] {
    return [this.tenantId, this.source.rules.bool(false)];
  }

  private stored(row: Pick<DocRow, 'rev' | 'data'>): Stored<T> {
    // The decoded object is new (JSON.parse, or pg's own parse): adding `_rev` to it spares a copy.
    const doc = this.source.rules.decodeData(row.data);
    doc._rev = String(row.rev);
    return doc as unknown as Stored<T>;
  }

  private prepare(doc: T): Prepared {
    // A stored record handed back whole still carries `_rev`: bookkeeping, not data. Copy only then
    // (bulk imports of plain records are the hot path).
    let rest = doc as unknown as Record<string, unknown> & RecordBase;
    if ('_rev' in rest) {
      const { _rev: _ignored, ...data } = rest;
      rest = data;
    }
    if (rest.tenantId !== this.tenantId) {
      throw new DomainError('forbidden', 'Registro de outra conta', [
        { path: 'tenantId', message: 'não pertence a esta conta' },
      ]);
    }
    if (typeof rest.id !== 'string' || rest.id === '') {
      throw new DomainError('validation', 'Registro sem id', [{ path: 'id', message: 'obrigatório' }]);
    }
    return { id: rest.id, doc: rest, json: JSON.stringify(rest) };
  }

  private row(prepared: Prepared, seq: number, rev = 1): DocRow {
    return {
      tenant_id: this.tenantId,
      id: prepared.id,
      rev,
      seq,
      deleted: this.source.rules.bool(false),
      data: prepared.json,
      ...fieldColumns(this.fields, prepared.doc, this.source.rules),
    };
  }

  /**
   * Hands out the tenant's next `count` seq values and returns the last one. The upsert takes the
   * tenant_seq row lock before any document row, and holds it to the end of the transaction: in
   * PostgreSQL that serializes a tenant's writers, so seq values commit in order and a replication
   * pull that has seen seq N can never later miss a commit of a lower seq. Keep it that way (and
   * keep it the first write of every write path, so locks are always taken in one order).
   */
  private async nextSeq(session: Session, count: number): Promise<number> {
    noteWrite(session, this.tenantId, this.def.name);
    const { rows } = await this.source.execute(
      session,
      compiled<{ seq: number | string }>(this.sql.nextSeq, [this.tenantId, count]),
    );
    return Number(rows[0]?.seq);
  }

  /** Why a conditional write touched no row: the record is missing (or deleted), or its rev moved on. */
  private async whyNotWritten(session: Session, id: string): Promise<DomainError> {
    const { rows } = await this.source.execute(
      session,
      compiled<Pick<DocRow, 'deleted'>>(this.sql.state, [this.tenantId, id]),
    );
    const row = rows[0];
    if (!row || row.deleted === true || row.deleted === 1) {
      return new DomainError('not_found', 'Registro não encontrado', [{ path: 'id', message: `não existe: ${id}` }]);
    }
    return new DomainError('conflict', 'O registro foi alterado por outra pessoa; recarregue e tente de novo', [
      { path: '_rev', message: 'revisão desatualizada' },
    ]);
  }
}

/** The statements of each table, built once per database (collections are made per call). */
const statementsOf = new WeakMap<SessionSource, Map<string, DocSql>>();

function docSql(table: string, fields: readonly [string, IndexedFieldType][], source: SessionSource): DocSql {
  let tables = statementsOf.get(source);
  if (!tables) statementsOf.set(source, (tables = new Map<string, DocSql>()));
  let statements = tables.get(table);
  if (!statements) {
    const columns = ['tenant_id', 'id', 'rev', 'seq', 'deleted', 'data', ...fields.map(([field]) => `f_${field}`)];
    tables.set(table, (statements = new DocSql(table, columns, source.rules)));
  }
  return statements;
}
