/**
 * Issue #5: budget numbers stay unique when two installations create budgets offline. Two desks (RxDB
 * memory, only the collections they need) lease number blocks from one server counter over a SQLite
 * file, lose and regain their link at random, and create budgets through the core operation; the
 * server creates some too. No number may ever be issued twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#core/actor.js';
import { createBudget } from '#core/budget/budget-ops.js';
import { budgets } from '#core/budget/budget-record.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { blockNumberSource, numberBlocks } from '#core/numbering/number-blocks.js';
import type { NumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { patients } from '#core/patient/patient-record.js';
import type { Store } from '#core/store/port.js';
import { withoutRevision } from '#core/store/record.js';
import { memoryStorage, openRxdbDatabase, type RxdbDatabase } from '#core/store/rxdb/index.js';
import {
  leaseNumbers,
  numberSeriesMigrations,
  serverNumberSource,
  type NumberSeriesTables,
} from '../../sync-server/numbering/number-series.js';
import { openSqlDatabase, type SqlDatabase } from '../../sync-server/store/index.js';

const TENANT = 'clinica-offline';
const actor: Actor = { kind: 'user', id: 'recepcao', tenantId: TENANT, permissions: new Set(['*']) };
const dir = mkdtempSync(join(tmpdir(), 'clinic-budget-numbers-'));
let server: SqlDatabase;
const desks: RxdbDatabase[] = [];

const context = (store: Store, numbers: NumberSource): OperationContext => ({
  store,
  actor,
  clock: systemClock,
  ids: uuidV7Ids,
  outbox: memoryOutbox(),
  numbers,
});

let refs: { patient: string; clinic: string };

/** A desk (RxDB in memory) holding the clinic and patient as replication brought them before it went offline. */
async function openDesk(serverStore: Store): Promise<RxdbDatabase> {
  const desk = await openRxdbDatabase({
    name: `desk-${uuidV7Ids.next()}`,
    storage: memoryStorage(),
    collections: [numberBlocks, budgets, patients, clinics],
    multiInstance: false,
  });
  const store = desk.forTenant(TENANT);
  await store.collection(clinics).insert(withoutRevision((await serverStore.collection(clinics).get(refs.clinic))!));
  await store.collection(patients).insert(withoutRevision((await serverStore.collection(patients).get(refs.patient))!));
  return desk;
}

/** A desk's block source (blocks of 5, refilled below 2) that leases from the server's counter while `link` is online. */
function deskNumbers(store: Store, link: { online: boolean }): NumberSource {
  const counters = server.kysely.withTables<NumberSeriesTables>();
  return blockNumberSource({
    store,
    leaser: {
      lease: (series, n) =>
        link.online ? leaseNumbers(counters, TENANT, series, n) : Promise.reject(new Error('offline')),
    },
    clock: systemClock,
    ids: uuidV7Ids,
    policy: { size: 5, lowWater: 2 },
  });
}

beforeAll(async () => {
  server = await openSqlDatabase({
    url: join(dir, 'server.db'),
    collections: [budgets, patients, clinics],
    migrations: numberSeriesMigrations,
  });
  const serverStore = server.forTenant(TENANT);
  const seedCtx = context(serverStore, serverNumberSource(server.kysely.withTables<NumberSeriesTables>(), TENANT));
  const { clinic } = await invoke(createClinic, seedCtx, { name: 'Clínica Sorriso' });
  const { patient } = await invoke(createPatient, seedCtx, { name: 'Maria Aparecida da Silva' });
  refs = { patient: patient.id, clinic: clinic.id };
  for (let i = 0; i < 2; i++) desks.push(await openDesk(serverStore));
});
afterAll(async () => {
  await Promise.all(desks.map((d) => d.close()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('budget numbers across offline installations', () => {
  it('are never issued twice, whatever the order of creations and disconnections', async () => {
    const counters = server.kysely.withTables<NumberSeriesTables>();
    const links = desks.map(() => ({ online: true }));
    const sources = desks.map((desk, i) => deskNumbers(desk.forTenant(TENANT), links[i]!));
    const serverCtx = context(server.forTenant(TENANT), serverNumberSource(counters, TENANT));
    const issued: number[] = [];
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ who: fc.integer({ min: 0, max: 2 }), toggle: fc.boolean() }), { maxLength: 40 }),
        async (script) => {
          for (const { who, toggle } of script) {
            const link = links[who];
            if (toggle && link) {
              link.online = !link.online;
              continue;
            }
            const ctx = who < desks.length ? context(desks[who]!.forTenant(TENANT), sources[who]!) : serverCtx;
            try {
              const { budget } = await invoke(createBudget, ctx, refs);
              issued.push(budget.budgetNumber);
            } catch (err) {
              // Only a desk that is offline and ran out of leased numbers may refuse, and it says so.
              expect(link?.online).toBe(false);
              expect(err).toMatchObject({ code: 'conflict' });
              refusals++;
            }
          }
          expect(new Set(issued).size).toBe(issued.length);
        },
      ),
      { numRuns: 30, seed: 20261123 },
    );
    expect(issued.length).toBeGreaterThan(50);
    // Every budget stored anywhere carries its own number: what replication would merge on the server.
    const stored = (
      await Promise.all(
        [...desks.map((d) => d.forTenant(TENANT)), server.forTenant(TENANT)].map((s) => s.collection(budgets).find()),
      )
    )
      .flat()
      .map((b) => b.budgetNumber);
    expect(stored.sort((a, b) => a - b)).toEqual([...issued].sort((a, b) => a - b));
    expect(new Set(stored).size).toBe(stored.length);
    // The run reached the case that matters: desks offline long enough to run dry.
    expect(refusals).toBeGreaterThan(0);
  });

  it('lets a desk that reserved while online number its very first budget offline', async () => {
    const desk = await openDesk(server.forTenant(TENANT));
    const store = desk.forTenant(TENANT);
    const link = { online: false };
    const source = deskNumbers(store, link);
    try {
      // Offline from the start: nothing to reserve, and the first budget is refused with the reason.
      expect(await source.reserve!('budget')).toBe(false);
      await expect(invoke(createBudget, context(store, source), refs)).rejects.toMatchObject({ code: 'conflict' });

      link.online = true;
      expect(await source.reserve!('budget')).toBe(true);
      link.online = false;
      const { budget } = await invoke(createBudget, context(store, source), refs);
      const [block] = await store.collection(numberBlocks).find();
      expect(budget.budgetNumber).toBe(block!.from);
      // A full reserve leases nothing more.
      link.online = true;
      expect(await source.reserve!('budget')).toBe(true);
      expect(await store.collection(numberBlocks).find()).toHaveLength(1);
    } finally {
      await desk.close();
    }
  });
});
