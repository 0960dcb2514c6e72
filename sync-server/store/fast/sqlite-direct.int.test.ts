import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { numberSeriesMigrations, serverNumberSource } from '../../numbering/number-series.js';
import { notes, type Note } from '../../testing/notes-fixture.js';
import { openSqlDatabase } from '../database.js';

const dir = mkdtempSync(join(tmpdir(), 'clinic-direct-'));
let opened = 0;
const open = () =>
  openSqlDatabase({
    url: join(dir, `db-${++opened}.db`),
    collections: [notes],
    migrations: numberSeriesMigrations,
  });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const note = (n: number): Note => ({
  id: `note-${n}`,
  tenantId: 'tenant-a',
  title: `Nota ${n}`,
  priority: n,
  pinned: false,
  createdAt: '2026-11-23T10:00:00-03:00',
  updatedAt: '2026-11-23T10:00:00-03:00',
});

describe('SQLite statements run without Kysely’s executor', () => {
  it('never shows a running transaction’s writes: a read issued meanwhile waits for its end', async () => {
    const db = await open();
    const store = db.forTenant('tenant-a');
    const col = store.collection(notes);
    await col.insert(note(1));
    const run = async (outcome: 'commit' | 'rollback') => {
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const tx = store.transaction(async (s) => {
        await s.collection(notes).insert(note(2));
        const current = await s.collection(notes).get('note-1');
        await s.collection(notes).update('note-1', current!._rev, { ...note(1), title: outcome });
        // Inside, the transaction sees its own writes.
        expect(await s.collection(notes).count()).toBe(2);
        written();
        await gate;
        if (outcome === 'rollback') throw new Error('desfaz');
      });
      await wrote;
      // Issued while the transaction holds the connection: they must not read its uncommitted rows.
      const reads = Promise.all([col.get('note-2'), col.get('note-1'), col.count(), col.find()]);
      release();
      await tx.catch(() => undefined);
      return reads;
    };
    const [missing, first, n, all] = await run('rollback');
    expect(missing).toBeUndefined();
    expect(first?.title).toBe('Nota 1');
    expect(n).toBe(1);
    expect(all.map((x) => x.id)).toEqual(['note-1']);
    const [added, changed, m] = await run('commit');
    expect(added?.title).toBe('Nota 2');
    expect(changed?.title).toBe('commit');
    expect(m).toBe(2);
    await db.close();
  });

  it('sees what another connection to the file committed, and keeps everything across a reopen', async () => {
    const first = await open();
    const path = join(dir, `db-${opened}.db`);
    const second = await openSqlDatabase({ url: path, collections: [notes], migrations: numberSeriesMigrations });
    await second.forTenant('tenant-a').collection(notes).insert(note(7));
    expect((await first.forTenant('tenant-a').collection(notes).get('note-7'))?.priority).toBe(7);
    await first.forTenant('tenant-a').collection(notes).insert(note(8));
    await second.close();
    await first.close();
    const again = await openSqlDatabase({ url: path, collections: [notes], migrations: numberSeriesMigrations });
    expect(await again.forTenant('tenant-a').collection(notes).count()).toBe(2);
    await again.close();
  });

  it('draws numbers in and out of transactions (a write that answers rows is never taken for a read)', async () => {
    const db = await open();
    const numbers = serverNumberSource(db, 'tenant-a');
    expect(await numbers.next('budget')).toBe(1);
    const store = db.forTenant('tenant-a');
    expect(await store.transaction((tx) => numbers.next('budget', tx))).toBe(2);
    await expect(
      store.transaction(async (tx) => {
        await numbers.next('budget', tx);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    // The rolled back draw is handed out again.
    expect(await numbers.next('budget')).toBe(3);
    await db.close();
  });

  it('answers a read issued behind many queued writes as soon as the running one ends, not after them all', async () => {
    const db = await open();
    const store = db.forTenant('tenant-a');
    const col = store.collection(notes);
    await col.insert(note(1));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const committed: number[] = [];
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const first = store.transaction(async (s) => {
      await s.collection(notes).insert(note(2));
      written();
      await gate;
    });
    await wrote;
    const queued = Array.from({ length: 20 }, (_, i) =>
      store.transaction(async (s) => {
        await s.collection(notes).insert(note(10 + i));
        committed.push(i);
      }),
    );
    const read = col.count().then((n) => ({ n, committedBefore: committed.length }));
    release();
    await Promise.all([first, ...queued]);
    // It saw the first transaction's commit and none of the 20 queued after it had run yet.
    expect(await read).toEqual({ n: 2, committedBefore: 0 });
    expect(await col.count()).toBe(22);
    await db.close();
  });
});
