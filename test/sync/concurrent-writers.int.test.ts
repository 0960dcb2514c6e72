/**
 * On PostgreSQL a sequence value can commit out of order; the pull must never skip a row that commits
 * late. Writers hold their transaction open for a random while after taking their seq, a puller pulls
 * by checkpoint all along: it must end up with every row, each seen in increasing seq. Writers write
 * to two tables of one storage group and the puller reads the group's union, as desks do.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { patients } from '#core/patient/patient-record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { groupChangesAfter, lockTenant } from '../../sync-server/store/sync-feed.js';
import { executorOf } from '../../sync-server/store/database.js';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `test_sync_${randomBytes(4).toString('hex')}`;

async function unreachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
const reason = await unreachable();
const skip = reason !== undefined && !process.env.CI;
if (skip) console.warn(`PostgreSQL sync tests skipped: ${url} unreachable (${reason})`);

afterAll(async () => {
  if (reason !== undefined) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const plain = (def: unknown) => def as CollectionDef<RecordBase & Record<string, unknown>>;
const group = [patients, users];

it.skipIf(skip)(
  'a pull by seq never skips a late commit of concurrent writers (PostgreSQL)',
  async () => {
    const database = await openSqlDatabase({ url, schema, collections: group });
    const tenantId = 'tenant-concurrent';
    const written: string[] = [];
    const seen = new Set<string>();
    let done = false;
    const writer = async (w: number) => {
      for (let i = 0; i < 15; i++) {
        const id = `w${w}-${i}`;
        await database.forTenant(tenantId).transaction(async (tx) => {
          if (i % 2 === 0) await lockTenant(executorOf(tx), tenantId);
          await tx.collection(plain(group[(w + i) % 2])).insert({
            id,
            tenantId,
            createdAt: '2026-11-23T09:00:00-03:00',
            updatedAt: '2026-11-23T09:00:00-03:00',
            nameKey: id,
          });
          // Committing late, after writers that started later took their seq values... or tried to.
          await sleep(Math.floor(Math.random() * 8));
        });
        written.push(id);
      }
    };
    const puller = async () => {
      let seq = 0;
      while (!done) {
        const rows = await groupChangesAfter(database.kysely, group, tenantId, seq, 7);
        for (const row of rows) {
          expect(row.seq).toBeGreaterThan(seq);
          seq = row.seq;
          seen.add(row.id);
        }
        if (rows.length === 0) await sleep(1);
      }
      for (;;) {
        const rows = await groupChangesAfter(database.kysely, group, tenantId, seq, 100);
        if (rows.length === 0) return;
        for (const row of rows) seen.add(row.id);
        seq = rows.at(-1)!.seq;
      }
    };
    const pulling = puller();
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    done = true;
    await pulling;
    expect(written).toHaveLength(120);
    expect([...seen].sort()).toEqual([...written].sort());
    await database.close();
  },
  60_000,
);
