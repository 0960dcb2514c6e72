/**
 * Double booking under concurrency on PostgreSQL (read committed, several connections): many
 * transactions ask for one professional's slot at once; exactly one wins, the others answer 409. On
 * SQLite and RxDB writers are serialized, so only PostgreSQL can interleave the check and the write.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '#core/access/user.js';
import { createClinic } from '#core/clinic/clinic-ops.js';
import { clinics, events } from '#core/clinic/index.js';
import { fixedClock } from '#core/clock.js';
import { isDomainError } from '#core/errors.js';
import { uuidV7Ids } from '#core/ids.js';
import { insurances } from '#core/insurance/insurance-record.js';
import { memoryNumberSource } from '#core/numbering/number-source.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { memoryOutbox } from '#core/outbox.js';
import { createPatient } from '#core/patient/patient-ops.js';
import { patients } from '#core/patient/patient-record.js';
import { moduleCollections } from '#core/module.js';
import { appointments } from '#core/schedule/index.js';
import { scheduleModule } from '#core/schedule/module.js';
import { createAppointment, editAppointment } from '#core/schedule/appointment-ops.js';
import { professionalRecord, testActor, TEST_NOW } from '#core/schedule/testing.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { openSqlDatabase, type SqlDatabase } from '../../sync-server/store/index.js';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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
if (skip) console.warn(`PostgreSQL schedule race test skipped: ${url} unreachable (${reason})`);
const schema = `test_schedule_${randomBytes(4).toString('hex')}`;
let database: SqlDatabase | undefined;

afterAll(async () => {
  await database?.close();
  if (reason !== undefined) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
});

async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}

describe.skipIf(skip)('double booking on PostgreSQL', () => {
  it('lets exactly one of many concurrent bookings (and moves) into one slot', async () => {
    database = await openSqlDatabase({
      url,
      schema,
      collections: [clinics, events, patients, specialties, insurances, users, ...moduleCollections(scheduleModule)],
    });
    const ctx: OperationContext = {
      store: database.forTenant('t1'),
      actor: testActor(),
      clock: fixedClock(TEST_NOW),
      ids: uuidV7Ids,
      outbox: memoryOutbox(),
      numbers: memoryNumberSource(),
    };
    const { clinic } = await invoke(createClinic, ctx, { name: 'Centro' });
    const { patient } = await invoke(createPatient, ctx, { name: 'Iara Costa' });
    const professional = uuidV7Ids.next();
    await ctx.store.collection(users).insert(professionalRecord(professional, 't1', 'Dra. Ana'));
    const slot = { start: '2026-12-01T09:00:00-03:00', end: '2026-12-01T09:30:00-03:00' };
    const base = { clinic: clinic.id, professional, patient: patient.id };
    // Appointments elsewhere in the day, each of which will try to move into the slot.
    const others = [];
    for (let i = 1; i <= 4; i++) {
      const start = `2026-12-01T1${i}:00:00-03:00`;
      others.push(
        (await invoke(createAppointment, ctx, { ...base, start, end: `2026-12-01T1${i}:30:00-03:00` })).appointment.id,
      );
    }
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => outcome(invoke(createAppointment, ctx, { ...base, ...slot }))),
      ...others.map((id) => outcome(invoke(editAppointment, ctx, { id, ...base, ...slot }))),
    ]);
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'conflict')).toBe(true);
    const inSlot = await ctx.store.collection(appointments).find({
      selector: { professional, startUtc: '2026-12-01T12:00:00.000Z' },
    });
    expect(inSlot).toHaveLength(1);
  });
});
