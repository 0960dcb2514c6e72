import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { openSqlDatabase } from '../database.js';

interface Page extends RecordBase {
  body: string;
}

const pages = defineCollection<Page>({ name: 'pages', fields: {}, indexes: [] });
const dir = mkdtempSync(join(tmpdir(), 'clinic-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite checkpoints on a worker thread', () => {
  it('keeps the WAL bounded while the server keeps writing, and loses no commit on close', async () => {
    const url = join(dir, 'clinic.db');
    const db = await openSqlDatabase({ url, collections: [pages] });
    const store = db.forTenant('t');
    const body = 'x'.repeat(4000);
    const at = '2026-11-23T12:00:00.000-03:00';
    // ~12 MB of commits, one per record as requests make them, with pauses the timers run in.
    const total = 3000;
    for (let i = 0; i < total; i++) {
      await store.collection(pages).insert({ id: `p${i}`, tenantId: 't', createdAt: at, updatedAt: at, body });
      if (i % 50 === 49) await sleep(2);
    }
    // Each commit adds a few pages to the WAL (~70 MB in all); checkpoints keep it near its threshold.
    expect(statSync(`${url}-wal`).size).toBeLessThan(45_000_000);
    expect(statSync(url).size).toBeGreaterThan(6_000_000);
    await db.close();
    // The server's connection closed last, so it checkpointed the rest and removed the WAL.
    expect(existsSync(`${url}-wal`)).toBe(false);

    const reopened = await openSqlDatabase({ url, collections: [pages] });
    expect(await reopened.forTenant('t').collection(pages).count()).toBe(total);
    await reopened.close();
  }, 60_000);
});
