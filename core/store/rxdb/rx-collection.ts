import type { RxDocumentData, RxStorageWriteError } from 'rxdb';
import type { DomainError } from '#core/errors.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { Collection } from '#core/store/port.js';
import { normaliseQuery, type Query } from '#core/store/query.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import {
  newDocumentData,
  recordToWrite,
  replacementData,
  toStorageDocument,
  toStored,
  withoutStorageFields,
} from './documents.js';
import { dexieReadAll } from './dexie-read.js';
import { conflictError, invalidRecordError, notFoundError, storageError } from './errors.js';
import { planQuery, type IndexTrust, type QueryTarget } from './query-plan.js';
import { COLLECTION_FIELD, slotsOf, type RxRecord } from './schema.js';
import { readDocuments, writeDocuments, type RxRecordCollection } from './storage-io.js';
import type { WriteScope } from './write-scope.js';

/** What one tenant-scoped collection works with. */
export interface CollectionContext {
  readonly tenantId: string;
  readonly def: CollectionDef<RecordBase>;
  /** The storage group's RxDB collection, shared with the group's other domain collections. */
  readonly rx: RxRecordCollection;
  readonly trust: IndexTrust;
  readonly writes: WriteScope;
}

/**
 * The port's {@link Collection} over its storage group's RxDB collection, confined to one tenant and
 * to the documents tagged with its name. Reads go straight
 * to the storage; writes run in the context's {@link WriteScope} (the database lock or the running
 * transaction), check tenant and revision, and let the storage's own revision check settle races
 * with writers outside this adapter.
 */
export class RxdbCollection<T extends RecordBase> implements Collection<T> {
  private readonly target: QueryTarget;

  constructor(private readonly ctx: CollectionContext) {
    this.target = { collection: ctx.def.name, slots: slotsOf(ctx.def) };
  }

  private get name(): string {
    return this.ctx.def.name;
  }

  /** True when stored `data` is a record of this collection and tenant. */
  private owns(data: RxDocumentData<RxRecord> | undefined): data is RxDocumentData<RxRecord> {
    return data !== undefined && data.tenantId === this.ctx.tenantId && data[COLLECTION_FIELD] === this.name;
  }

  /** The record as the group stores it: tagged, slots filled. */
  private stored(record: RxRecord): RxRecord {
    return toStorageDocument(this.name, this.ctx.def, record);
  }

  /** For a derived collection (`emptied`), what an undone insert leaves: the stored record emptied. */
  private get emptied(): ((stored: RxRecord) => RxRecord) | undefined {
    const def = this.ctx.def as CollectionDef<T>;
    if (!def.emptied) return undefined;
    return (stored) =>
      this.stored(recordToWrite(def, this.ctx.tenantId, def.emptied!(withoutStorageFields(stored) as unknown as T)));
  }

  async get(id: string): Promise<Stored<T> | undefined> {
    if (typeof id !== 'string') return undefined;
    const data = (await readDocuments(this.ctx.rx, [id], false)).get(id);
    return this.owns(data) ? toStored<T>(data) : undefined;
  }

  async find(query?: Query<T>): Promise<Stored<T>[]> {
    const normalised = normaliseQuery(this.ctx.def as CollectionDef<T>, query);
    if (normalised.limit === 0) return [];
    const prepared = planQuery(
      this.ctx.rx.schema.jsonSchema,
      this.ctx.tenantId,
      this.target,
      normalised,
      this.ctx.trust,
    );
    // On the desk's IndexedDB one getAll over the index range (dexie-read.ts); elsewhere RxDB's own query.
    const documents =
      (this.ctx.trust === 'native' ? await dexieReadAll(this.ctx.rx, prepared) : undefined) ??
      (await this.ctx.rx.storageInstance.query(prepared)).documents;
    return documents.map((data) => toStored<T>(data));
  }

  async count(query?: Pick<Query<T>, 'selector'>): Promise<number> {
    const normalised = normaliseQuery(this.ctx.def as CollectionDef<T>, { selector: query?.selector });
    const prepared = planQuery(
      this.ctx.rx.schema.jsonSchema,
      this.ctx.tenantId,
      this.target,
      normalised,
      this.ctx.trust,
      true,
    );
    const { count } = await this.ctx.rx.storageInstance.count(prepared);
    return count;
  }

  async insert(doc: T): Promise<Stored<T>> {
    const record = this.stored(recordToWrite(this.ctx.def, this.ctx.tenantId, doc));
    return this.ctx.writes.run(async (log) => {
      // Checked here because RxDB revives a tombstone on insert; the port keeps a deleted id taken
      // (also by another collection of the group: one primary key per RxDB collection).
      if ((await readDocuments(this.ctx.rx, [record.id], true)).size > 0)
        throw conflictError(this.name, [record.id], 'exists');
      const { written, errors } = await writeDocuments(
        this.ctx.rx,
        [{ document: newDocumentData(record) }],
        'clinic-store-insert',
      );
      const stored = written[0];
      if (errors.length > 0 || !stored) throw this.writeError(errors, record.id);
      log?.record(this.ctx.rx, undefined, stored, this.emptied);
      return toStored<T>(stored);
    });
  }

  async insertMany(docs: readonly T[]): Promise<void> {
    const records = docs.map((doc) => this.stored(recordToWrite(this.ctx.def, this.ctx.tenantId, doc)));
    if (records.length === 0) return;
    const ids = records.map((r) => r.id);
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
    if (repeated.size > 0) throw conflictError(this.name, [...repeated], 'exists');
    await this.ctx.writes.run(async (log) => {
      const existing = await readDocuments(this.ctx.rx, ids, true);
      if (existing.size > 0) throw conflictError(this.name, [...existing.keys()], 'exists');
      const rows = records.map((record) => ({ document: newDocumentData(record) }));
      const { written, errors } = await writeDocuments(this.ctx.rx, rows, 'clinic-store-insert-many');
      if (errors.length > 0) {
        // All or none: take back the rows that went in (they stay as tombstones, see UndoLog).
        await this.tombstone(written);
        throw this.writeError(errors, errors[0]?.documentId ?? '');
      }
      for (const stored of written) log?.record(this.ctx.rx, undefined, stored, this.emptied);
    });
  }

  async update(id: string, expectedRev: string, next: T): Promise<Stored<T>> {
    const record = this.stored(recordToWrite(this.ctx.def, this.ctx.tenantId, next));
    if (record.id !== id)
      throw invalidRecordError([{ path: 'id', message: 'difere do identificador do registro alterado' }]);
    return this.ctx.writes.run(async (log) => {
      const current = await this.current(id, expectedRev);
      const { written, errors } = await writeDocuments(
        this.ctx.rx,
        [{ previous: current, document: replacementData(record, current, false) }],
        'clinic-store-update',
      );
      const stored = written[0];
      if (errors.length > 0 || !stored) throw this.writeError(errors, id);
      log?.record(this.ctx.rx, current, stored);
      return toStored<T>(stored);
    });
  }

  async remove(id: string, expectedRev: string): Promise<void> {
    await this.ctx.writes.run(async (log) => {
      const current = await this.current(id, expectedRev);
      // The tombstone keeps the record's fields: replication sends it as the deleted state.
      const tombstone: RxDocumentData<RxRecord> = { ...current, _deleted: true, _meta: { ...current._meta } };
      const { written, errors } = await writeDocuments(
        this.ctx.rx,
        [{ previous: current, document: tombstone }],
        'clinic-store-remove',
      );
      const stored = written[0];
      if (errors.length > 0 || !stored) throw this.writeError(errors, id);
      log?.record(this.ctx.rx, current, stored);
    });
  }

  /** The live document of this tenant at `expectedRev`. @throws not_found, conflict */
  private async current(id: string, expectedRev: string): Promise<RxDocumentData<RxRecord>> {
    const current = typeof id === 'string' ? (await readDocuments(this.ctx.rx, [id], false)).get(id) : undefined;
    if (!this.owns(current)) throw notFoundError(this.name, id);
    if (current._rev !== expectedRev) throw conflictError(this.name, [id], 'stale');
    return current;
  }

  /** Turns freshly inserted documents into tombstones (undoing a partly failed insertMany). */
  private async tombstone(written: RxDocumentData<RxRecord>[]): Promise<void> {
    if (written.length === 0) return;
    const rows = written.map((data) => ({
      previous: data,
      document: { ...data, _deleted: true, _meta: { ...data._meta } },
    }));
    const { errors } = await writeDocuments(this.ctx.rx, rows, 'clinic-store-insert-many-undo');
    if (errors[0]) throw storageError(this.name, errors[0].status, errors[0].documentId);
  }

  /** The DomainError for refused rows: `conflict` for RxDB's 409 (revision or id race), else `internal`. */
  private writeError(errors: RxStorageWriteError<RxRecord>[], id: string): DomainError {
    const conflicts = errors.filter((e) => e.status === 409);
    if (conflicts.length > 0) {
      const stale = conflicts.some((e) => e.writeRow.previous !== undefined);
      return conflictError(
        this.name,
        conflicts.map((e) => e.documentId),
        stale ? 'stale' : 'exists',
      );
    }
    const first = errors[0];
    return storageError(this.name, first?.status ?? 0, first?.documentId ?? id);
  }
}
