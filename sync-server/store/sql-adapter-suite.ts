/**
 * Tests of what the SQL adapter adds to the port, run on SQLite and on PostgreSQL alike: data that
 * survives a restart, columns derived from the declarations, the replication seq, transactions that
 * hold under concurrency, and the migrations hook. Test-only module.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#core/errors.js';
import { defineCollection, type CollectionDef } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { openSqlDatabase, type OpenSqlDatabaseOptions, type SqlDatabase } from './database.js';
import type { DocRow, StoreTables } from './layout.js';

/** Where a fresh, empty database can be opened: a new file, or a new PostgreSQL schema. */
export type FreshTarget = () => Pick<OpenSqlDatabaseOptions, 'url' | 'schema'>;

interface Note extends RecordBase {
  kind: string;
  priority?: number | string;
  body?: string;
}

const notesV1 = defineCollection<Note>({ name: 'notes', fields: { kind: 'string' }, indexes: [['kind']] });
const notesV2 = defineCollection<Note>({
  name: 'notes',
  fields: { kind: 'string', priority: 'number' },
  indexes: [['kind'], ['priority', 'kind']],
});
const notesV3 = defineCollection<Note>({
  name: 'notes',
  fields: { kind: 'string', priority: 'string' },
  indexes: [['priority']],
});

type Tables = StoreTables & { doc_notes: DocRow };

function note(n: number, extra: Partial<Note> = {}, tenantId = 'tenant-a'): Note {
  return {
    id: `0190${String(n).padStart(4, '0')}-0000-7000-8000-00000000000a`,
    tenantId,
    createdAt: '2026-11-23T09:00:00.000-03:00',
    updatedAt: '2026-11-23T09:00:00.000-03:00',
    kind: n % 2 ? 'retorno' : 'consulta',
    ...extra,
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? error.code : String(error);
}

async function seqs(db: SqlDatabase, tenantId: string): Promise<Record<string, number>> {
  const rows = await db.kysely
    .withTables<Tables>()
    .selectFrom('doc_notes')
    .select(['id', 'seq'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.seq)]));
}

async function tenantSeq(db: SqlDatabase, tenantId: string): Promise<number | undefined> {
  const row = await db.kysely
    .withTables<Tables>()
    .selectFrom('tenant_seq')
    .select('seq')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row && Number(row.seq);
}

async function indexNames(db: SqlDatabase): Promise<string[]> {
  const query =
    db.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'doc_notes'`
      : sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'doc_notes'`;
  return (await query.execute(db.kysely)).rows.map((r) => r.name).sort();
}

/** Registers the adapter tests for one engine; `fresh` gives a new empty location on every call. */
export function describeSqlAdapter(name: string, fresh: FreshTarget): void {
  const open = (
    target: ReturnType<FreshTarget>,
    def: CollectionDef<Note> = notesV1,
    more: Partial<OpenSqlDatabaseOptions> = {},
  ) => openSqlDatabase({ ...target, collections: [def], ...more });

  describe(`sql adapter: ${name}`, () => {
    it('keeps every write after closing and reopening', async () => {
      const target = fresh();
      const first = await open(target);
      const col = first.forTenant('tenant-a').collection(notesV1);
      const kept = await col.insert(note(1, { body: 'primeira consulta' }));
      const edited = await col.update(kept.id, kept._rev, note(1, { body: 'editada' }));
      const gone = await col.insert(note(2));
      await col.remove(gone.id, gone._rev);
      await first.close();

      const second = await open(target);
      const again = second.forTenant('tenant-a').collection(notesV1);
      expect(await again.get(kept.id)).toEqual(edited);
      expect(await again.get(gone.id)).toBeUndefined();
      expect(await codeOf(again.insert(note(2)))).toBe('conflict');
      const before = await tenantSeq(second, 'tenant-a');
      const later = await again.insert(note(3));
      expect((await seqs(second, 'tenant-a'))[later.id]).toBe((before ?? 0) + 1);
      await second.close();
    });

    it('fills a newly declared field from the stored documents and indexes it', async () => {
      const target = fresh();
      const v1 = await open(target, notesV1);
      await v1
        .forTenant('tenant-a')
        .collection(notesV1)
        .insertMany([
          note(1, { priority: 3 }),
          note(2, { priority: 1 }),
          note(3),
          note(4, { priority: 'alta' }),
          note(5, { priority: 2 }),
        ]);
      await v1.close();

      const v2 = await open(target, notesV2);
      const col = v2.forTenant('tenant-a').collection(notesV2);
      const found = await col.find({ selector: { priority: { $gte: 2 } }, sort: [{ priority: 'desc' }] });
      expect(found.map((d) => d.priority)).toEqual([3, 2]);
      // Missing and mistyped values are NULL in the column: first when sorting ascending.
      const all = await col.find({ sort: [{ priority: 'asc' }] });
      expect(all.map((d) => d.priority)).toEqual([undefined, 'alta', 1, 2, 3]);
      expect(await indexNames(v2)).toEqual(expect.arrayContaining(['doc_notes_ix_kind', 'doc_notes_ix_priority_kind']));
      await v2.close();

      // Undeclared for a while, the column goes stale; declared again, it is refilled.
      const back = await open(target, notesV1);
      const one = await back.forTenant('tenant-a').collection(notesV1).get(note(1).id);
      await back
        .forTenant('tenant-a')
        .collection(notesV1)
        .update(one!.id, one!._rev, note(1, { priority: 9 }));
      expect(await indexNames(back)).not.toContain('doc_notes_ix_priority_kind');
      await back.close();
      const refilled = await open(target, notesV2);
      const top = await refilled
        .forTenant('tenant-a')
        .collection(notesV2)
        .find({ selector: { priority: { $gt: 5 } } });
      expect(top.map((d) => d.id)).toEqual([note(1).id]);
      await refilled.close();

      // A field whose declared type changes gets a column of the new type.
      const retyped = await open(target, notesV3);
      const words = await retyped
        .forTenant('tenant-a')
        .collection(notesV3)
        .find({ selector: { priority: 'alta' } });
      expect(words.map((d) => d.id)).toEqual([note(4).id]);
      await retyped.close();
    });

    it("numbers every write of a tenant with the tenant's next seq", async () => {
      const db = await open(fresh());
      const a = db.forTenant('tenant-a').collection(notesV1);
      const b = db.forTenant('tenant-b').collection(notesV1);
      const one = await a.insert(note(1));
      await a.insertMany([note(2), note(3)]);
      expect(await seqs(db, 'tenant-a')).toEqual({ [note(1).id]: 1, [note(2).id]: 2, [note(3).id]: 3 });
      const two = await a.update(one.id, one._rev, note(1, { body: 'b' }));
      expect((await seqs(db, 'tenant-a'))[one.id]).toBe(4);
      await b.insert(note(1, {}, 'tenant-b'));
      expect(await seqs(db, 'tenant-b')).toEqual({ [note(1).id]: 1 });
      // A refused write hands out no seq.
      expect(await codeOf(a.update(one.id, one._rev, note(1)))).toBe('conflict');
      expect(await codeOf(a.insert(note(2)))).toBe('conflict');
      expect(await tenantSeq(db, 'tenant-a')).toBe(4);
      await a.remove(two.id, two._rev);
      expect((await seqs(db, 'tenant-a'))[one.id]).toBe(5);
      expect(await tenantSeq(db, 'tenant-a')).toBe(5);
      await db.close();
    });

    it("never lets another caller's write into a running transaction", async () => {
      const db = await open(fresh());
      const store = db.forTenant('tenant-a');
      let inserted!: () => void;
      const firstWrite = new Promise<void>((resolve) => (inserted = resolve));
      const tx = store.transaction(async (s) => {
        await s.collection(notesV1).insert(note(1));
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await s.collection(notesV1).insert(note(2));
        throw new Error('desfaz tudo');
      });
      await firstWrite;
      // Issued while the transaction is open: it must neither land inside it (and be rolled back
      // with it) nor slip between its writes.
      const outside = store.collection(notesV1).insert(note(3));
      await expect(tx).rejects.toThrow('desfaz tudo');
      await outside;
      const col = store.collection(notesV1);
      expect(await col.get(note(1).id)).toBeUndefined();
      expect(await col.get(note(2).id)).toBeUndefined();
      expect(await col.get(note(3).id)).toMatchObject(note(3));
      await db.close();
    });

    it('joins the transaction when the outer store is used inside it, and nests with savepoints', async () => {
      const db = await open(fresh());
      const store = db.forTenant('tenant-a');
      const outer = store.collection(notesV1);
      await expect(
        store.transaction(async () => {
          await outer.insert(note(1));
          throw new Error('não grava');
        }),
      ).rejects.toThrow('não grava');
      expect(await outer.get(note(1).id)).toBeUndefined();

      await store.transaction(async (tx) => {
        await tx.collection(notesV1).insert(note(2));
        await expect(
          tx.transaction(async (inner) => {
            await inner.collection(notesV1).insert(note(3));
            throw new Error('só o de dentro');
          }),
        ).rejects.toThrow('só o de dentro');
        // A refused write inside a transaction leaves it usable (PostgreSQL aborts on SQL errors).
        expect(await codeOf(tx.collection(notesV1).insert(note(2)))).toBe('conflict');
        expect(await codeOf(tx.collection(notesV1).insertMany([note(4), note(2)]))).toBe('conflict');
        await tx.collection(notesV1).insert(note(5));
      });
      expect((await outer.find()).map((d) => d.id)).toEqual([note(2).id, note(5).id]);

      // A store kept past its transaction must not write through a connection now serving others.
      let kept: Store | undefined;
      await store.transaction(async (tx) => {
        kept = tx;
        return Promise.resolve();
      });
      await expect(kept!.collection(notesV1).get(note(2).id)).rejects.toThrow(/já terminou/);
      await db.close();
    });

    it('inserts many documents across statements, all or none', async () => {
      const db = await open(fresh());
      const col = db.forTenant('tenant-a').collection(notesV1);
      const docs = Array.from({ length: 1_500 }, (_, n) => note(n, { body: `nota ${n}` }));
      await col.insert(docs[1_499]!);
      expect(await codeOf(col.insertMany(docs))).toBe('conflict');
      expect(await col.count()).toBe(1);
      expect(await codeOf(col.insertMany([docs[0]!, docs[0]!]))).toBe('conflict');
      await col.insertMany(docs.slice(0, 1_499));
      expect(await col.count()).toBe(1_500);
      expect(await col.count({ selector: { kind: 'retorno' } })).toBe(750);
      await db.close();
    });

    it('runs the migrations of other modules once, after its own', async () => {
      const target = fresh();
      const migrations = {
        test_0001_things: {
          async up(kysely: Kysely<unknown>) {
            await kysely.schema.createTable('things').addColumn('name', 'text').execute();
          },
        },
      };
      const first = await open(target, notesV1, { migrations });
      await sql`insert into things (name) values ('mesa')`.execute(first.kysely);
      await first.close();
      const second = await open(target, notesV1, { migrations });
      const { rows } = await sql<{ name: string }>`select name from things`.execute(second.kysely);
      expect(rows).toEqual([{ name: 'mesa' }]);
      await expect(second.ping()).resolves.toBeUndefined();
      await second.close();
    });
  });
}
