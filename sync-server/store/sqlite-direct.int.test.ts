import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { numberSeriesMigrations, serverNumberSource } from '../numbering/number-series.js';
import { notes, type Note } from '../testing/notes-fixture.js';
import { openSqlDatabase } from './database.js';

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

describe('SQLite reads outside transactions (read connection) and statements inside them', () => {
  it('never shows a running transaction’s writes, shows them once committed, and never a rolled back one', async () => {
    const db = await open();
    const store = db.forTenant('tenant-a');
    const col = store.collection(notes);
    await col.insert(note(1));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tx = store.transaction(async (s) => {
      await s.collection(notes).insert(note(2));
      const current = await s.collection(notes).get('note-1');
      await s.collection(notes).update('note-1', current!._rev, { ...note(1), title: 'mudou' });
      // Inside, the transaction sees its own writes.
      expect(await s.collection(notes).count()).toBe(2);
      written();
      await gate;
    });
    await wrote;
    // Outside, while it is open: the last committed state, at once (no wait for the connection).
    expect(await col.get('note-2')).toBeUndefined();
    expect((await col.get('note-1'))?.title).toBe('Nota 1');
    expect(await col.count()).toBe(1);
    expect((await col.find({ selector: { priority: { $gte: 0 } } })).map((n) => n.id)).toEqual(['note-1']);
    release();
    await tx;
    expect((await col.get('note-2'))?.title).toBe('Nota 2');
    expect((await col.get('note-1'))?.title).toBe('mudou');

    await expect(
      store.transaction(async (s) => {
        await s.collection(notes).insert(note(3));
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(await col.get('note-3')).toBeUndefined();
    expect(await col.count()).toBe(2);
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

  it('draws numbers in and out of transactions (a write that answers rows never goes to the read connection)', async () => {
    const db = await open();
    const numbers = serverNumberSource(db, 'tenant-a');
    expect(await numbers.next('budget')).toBe(1);
    const store = db.forTenant('tenant-a');
    expect(await store.transaction(() => numbers.next('budget'))).toBe(2);
    await expect(
      store.transaction(async () => {
        await numbers.next('budget');
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    // The rolled back draw is handed out again.
    expect(await numbers.next('budget')).toBe(3);
    await db.close();
  });
});
