/**
 * Two offline installations issuing tickets for one clinic: each numbers from blocks leased from the
 * server's counter over a SQLite file, so no ticket code repeats within a clinic day, and the numbers
 * restart at the clinic's midnight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#core/actor.js';
import { clinics, type Clinic } from '#core/clinic/clinic-record.js';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { blockNumberSource, numberBlocks } from '#core/numbering/number-blocks.js';
import type { NumberLeaser } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { memoryStorage, openRxdbDatabase, type RxdbDatabase } from '#core/store/rxdb/index.js';
import { moduleCollections } from '#core/module.js';
import { ticketModule } from '#core/ticket/module.js';
import { createTicket } from '#core/ticket/issue-ops.js';
import { openSqlDatabase, type SqlDatabase } from '../store/index.js';
import { leaseNumbers, numberSeriesMigrations, type NumberSeriesTables } from '../numbering/number-series.js';

const TENANT = 'clinica-senhas';
const actor: Actor = { kind: 'user', id: 'totem-1', tenantId: TENANT, permissions: new Set(['*']) };
const dir = mkdtempSync(join(tmpdir(), 'clinic-tickets-'));
let server: SqlDatabase;
const desks: RxdbDatabase[] = [];
let now = Date.parse('2026-11-23T11:00:00.000Z');
const clock: Clock = { now: () => new Date(now) };

const clinic: Clinic = {
  id: uuidV7Ids.next(),
  tenantId: TENANT,
  createdAt: '2026-11-01T09:00:00.000-03:00',
  updatedAt: '2026-11-01T09:00:00.000-03:00',
  name: 'Clínica Duas Recepções',
  nameKey: 'clinica duas recepcoes',
  timeZone: 'America/Sao_Paulo',
  openingHours: [],
  places: [],
  subspecialties: [],
  active: true,
};

beforeAll(async () => {
  server = await openSqlDatabase({ url: join(dir, 'server.db'), collections: [], migrations: numberSeriesMigrations });
});
afterAll(async () => {
  await Promise.all(desks.map((db) => db.close()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An installation (a totem or a desk) holding the clinic, whose link to the server can drop. */
async function installation() {
  const db = await openRxdbDatabase({
    name: `ticket-desk-${uuidV7Ids.next()}`,
    storage: memoryStorage(),
    collections: [clinics, numberBlocks, ...moduleCollections(ticketModule)],
    multiInstance: false,
  });
  desks.push(db);
  const store = db.forTenant(TENANT);
  await store.collection(clinics).insert(clinic);
  const link = { online: true };
  const leaser: NumberLeaser = {
    lease: (series, n) =>
      link.online
        ? leaseNumbers(server.kysely.withTables<NumberSeriesTables>(), TENANT, series, n)
        : Promise.reject(new Error('offline')),
  };
  const ctx: OperationContext = {
    store,
    actor,
    clock,
    ids: uuidV7Ids,
    outbox: memoryOutbox(),
    numbers: blockNumberSource({ store, leaser, clock, ids: uuidV7Ids, policy: { size: 5, lowWater: 2 } }),
  };
  const issue = async (service: string) =>
    (await invoke(createTicket, ctx, { clinic: clinic.id, service })).ticket as { code: string; day: string };
  return { link, issue };
}

describe('ticket numbers across installations', () => {
  it('never repeat within a clinic day, online or offline, and restart the next day', async () => {
    const a = await installation();
    const b = await installation();
    const day1: string[] = [];
    for (let i = 0; i < 40; i++) {
      // Each desk drops offline now and then; the block leased ahead keeps it issuing.
      if (i % 7 === 3) a.link.online = !a.link.online;
      if (i % 5 === 1) b.link.online = !b.link.online;
      const desk = i % 3 === 0 ? b : a;
      const service = i % 4 === 0 ? 'P' : 'N';
      try {
        day1.push((await desk.issue(service)).code);
      } catch (error) {
        // Only a desk offline with its block spent may refuse; it must not invent a number.
        expect(desk.link.online).toBe(false);
        expect((error as { code?: string }).code).toBe('conflict');
      }
      now += 60_000;
    }
    expect(day1.length).toBeGreaterThan(30);
    expect(new Set(day1).size).toBe(day1.length);
    expect(day1).toContain('N001');
    expect(day1).toContain('P001');

    // 00:10 of the 24th in São Paulo: a new series, so numbers start over for both desks.
    a.link.online = true;
    b.link.online = true;
    now = Date.parse('2026-11-24T03:10:00.000Z');
    const day2 = [await b.issue('N'), await a.issue('N'), await b.issue('N'), await a.issue('P')];
    expect(day2.map((t) => t.day)).toEqual(['2026-11-24', '2026-11-24', '2026-11-24', '2026-11-24']);
    expect(day2[0]?.code).toBe('N001');
    expect(day2[3]?.code).toBe('P001');
    expect(new Set(day2.map((t) => t.code)).size).toBe(4);
    expect(isoWithOffset(new Date(now), -180).startsWith('2026-11-24T00:10')).toBe(true);
  });
});
