import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { blockNumberSource, numberBlocks } from '#core/numbering/number-blocks.js';
import type { NumberLeaser, NumberSource } from '#core/numbering/number-source.js';
import { memoryStorage, openRxdbDatabase, type RxdbDatabase } from '#core/store/rxdb/index.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { leaseNumbers, numberSeriesMigrations, serverNumberSource, type NumberSeriesTables } from './number-series.js';

const TENANT = 'clinica-a';
const dir = mkdtempSync(join(tmpdir(), 'clinic-numbers-'));
let server: SqlDatabase;
const locals: RxdbDatabase[] = [];

beforeAll(async () => {
  server = await openSqlDatabase({ url: join(dir, 'server.db'), collections: [], migrations: numberSeriesMigrations });
});
afterAll(async () => {
  await Promise.all(locals.map((db) => db.close()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const counters = () => server.kysely.withTables<NumberSeriesTables>();

/**
 * An installation whose link to the server can be cut, like a desk whose internet drops. Desks reuse
 * a few local databases (open-source RxDB caps open collections per process); each run uses its own
 * series, so their blocks never mix.
 */
async function installation(size: number, lowWater: number, slot = locals.length) {
  const db =
    locals[slot] ??
    (await openRxdbDatabase({
      name: `desk-${uuidV7Ids.next()}`,
      storage: memoryStorage(),
      collections: [numberBlocks],
      multiInstance: false,
    }));
  locals[slot] = db;
  const link = { online: true };
  const leaser: NumberLeaser = {
    lease: (series, n) =>
      link.online ? leaseNumbers(counters(), TENANT, series, n) : Promise.reject(new Error('offline')),
  };
  const source = blockNumberSource({
    store: db.forTenant(TENANT),
    leaser,
    clock: systemClock,
    ids: uuidV7Ids,
    policy: { size, lowWater },
  });
  return { link, source };
}

describe('number blocks', () => {
  it('never issues one budget number twice across offline desks and the server', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 2 }),
            action: fc.constantFrom('issue', 'issue', 'issue', 'toggle'),
          }),
          {
            maxLength: 120,
          },
        ),
        async (script) => {
          const series = `budget.t${uuidV7Ids.next().slice(-12)}`;
          const desks = [await installation(5, 2, 0), await installation(3, 1, 1)];
          const serverSource: NumberSource = serverNumberSource(counters(), TENANT);
          const issued: number[] = [];
          for (const { who, action } of script) {
            const desk = desks[who];
            if (action === 'toggle') {
              if (desk) desk.link.online = !desk.link.online;
              continue;
            }
            try {
              issued.push(await (desk ? desk.source : serverSource).next(series));
            } catch (err) {
              // Only an offline desk that ran dry may refuse, and it must say so.
              expect(desk?.link.online).toBe(false);
              expect((err as { code?: string }).code).toBe('conflict');
            }
          }
          expect(new Set(issued).size).toBe(issued.length);
        },
      ),
      { numRuns: 25, seed: 4242 },
    );
  });

  it('keeps issuing offline from the block leased ahead, then asks to reconnect', async () => {
    const desk = await installation(4, 2, 0);
    const first = await desk.source.next('budget');
    desk.link.online = false;
    const offline = [
      await desk.source.next('budget'),
      await desk.source.next('budget'),
      await desk.source.next('budget'),
    ];
    expect(offline).toEqual([first + 1, first + 2, first + 3]);
    const dry = desk.source.next('budget');
    await expect(dry).rejects.toMatchObject({ code: 'conflict' });
    await expect(dry).rejects.toThrow(/conecte ao servidor/);
    desk.link.online = true;
    expect(await desk.source.next('budget')).toBeGreaterThan(first + 3);
  });

  it('refuses absurd block sizes', async () => {
    await expect(leaseNumbers(counters(), TENANT, 'budget', 0)).rejects.toMatchObject({ code: 'validation' });
    await expect(leaseNumbers(counters(), TENANT, 'budget', 10_000)).rejects.toMatchObject({ code: 'validation' });
  });
});
