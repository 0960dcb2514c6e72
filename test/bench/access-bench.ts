/**
 * Access bench (issue 3): login throughput, where the argon2id hash dominates (logins/s and the hash
 * time), and what the permission layer adds to a simple read of patient data: the guarded store's
 * `get` against the same `get` with no checks (target under 1.2x). Everything runs on real SQLite
 * files; the audit entries a guarded read produces are queued as in the server, and the cost of
 * writing them is reported apart (the server writes them once per request, shared by concurrent
 * requests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { guardStore } from '#core/access/guarded-store.js';
import { permissionsOf } from '#core/access/roles.js';
import type { Actor } from '#core/actor.js';
import { systemClock } from '#core/clock.js';
import { uuidV7Ids } from '#core/ids.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { auditMigrations, type AuditTables } from '../../sync-server/audit/audit-table.js';
import { AuditLog } from '../../sync-server/audit/writer.js';
import { ARGON2_OPTIONS } from '../../sync-server/auth/passwords.js';
import { addMember, seedAccount, startTestServer } from '../../sync-server/auth/test-server.js';
import { openSqlDatabase } from '../../sync-server/store/index.js';
import { median } from './workload.js';

/** Reads per timed round of the guard comparison, and rounds (alternating plain and guarded). */
const READS = Number(process.env.BENCH_ACCESS_READS ?? 5_000);
const ROUNDS = 7;
const PATIENTS = 2_000;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 60);

export interface AccessBenchResult {
  hashMs: number;
  verifyMs: number;
  loginsPerSecond: { sequential: number; concurrent8: number };
  plainReadUs: number;
  guardedReadUs: number;
  /** guarded / plain. */
  ratio: number;
  /** Writing one read's audit entry, amortised over a batch of many (µs per entry). */
  auditWriteUsBatched: number;
  /** Writing one read's audit entry alone, as a lone request does (µs). */
  auditWriteUsSingle: number;
}

async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function benchHash(): Promise<{ hashMs: number; verifyMs: number }> {
  const hashes: number[] = [];
  const verifies: number[] = [];
  for (let i = 0; i < 15; i++) {
    let stored = '';
    hashes.push(await timeMs(async () => (stored = await hash(`senha de teste ${i}`, ARGON2_OPTIONS))));
    verifies.push(await timeMs(() => verify(stored, `senha de teste ${i}`)));
  }
  return { hashMs: median(hashes), verifyMs: median(verifies) };
}

async function benchLogins(): Promise<AccessBenchResult['loginsPerSecond']> {
  const server = await startTestServer({ access: { apiKeyRatePerMinute: 1_000_000 } });
  try {
    const { tenantId } = await seedAccount(server, 'Bench', {
      email: 'admin@bench.com.br',
      password: 'senha do bench 2026',
    });
    await addMember(server, tenantId, {
      email: 'bia@bench.com.br',
      password: 'senha do bench 2026',
      role: 'reception',
    });
    // Distinct addresses: the per-address limits must not enter the measure.
    const once = async (i: number) => {
      const res = await server.call('POST', '/session/', {
        body: { email: 'bia@bench.com.br', password: 'senha do bench 2026' },
        ip: `10.9.${Math.floor(i / 250)}.${i % 250}`,
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
    };
    await once(0);
    const sequentialMs = await timeMs(async () => {
      for (let i = 0; i < LOGINS; i++) await once(i);
    });
    const concurrentMs = await timeMs(async () => {
      for (let i = 0; i < LOGINS; i += 8) await Promise.all(Array.from({ length: 8 }, (_, j) => once(LOGINS + i + j)));
    });
    const rounded = Math.ceil(LOGINS / 8) * 8;
    return { sequential: (LOGINS / sequentialMs) * 1000, concurrent8: (rounded / concurrentMs) * 1000 };
  } finally {
    await server.close();
  }
}

interface BenchPatient extends RecordBase {
  name: string;
  phone: string;
}
/** Named `patients`, so the guard treats it as patient data (checked and audited). */
const patients = defineCollection<BenchPatient>({ name: 'patients', fields: { name: 'string' }, indexes: [['name']] });

async function benchGuard(dir: string): Promise<Omit<AccessBenchResult, 'hashMs' | 'verifyMs' | 'loginsPerSecond'>> {
  const database = await openSqlDatabase({
    url: join(dir, 'guard.db'),
    collections: [patients],
    migrations: auditMigrations,
  });
  try {
    const tenantId = 'bench-tenant';
    const ids = Array.from({ length: PATIENTS }, () => uuidV7Ids.next());
    const now = '2026-11-23T09:00:00.000-03:00';
    await database
      .forTenant(tenantId)
      .collection(patients)
      .insertMany(
        ids.map((id, n) => ({
          id,
          tenantId,
          createdAt: now,
          updatedAt: now,
          name: `Paciente ${n}`,
          phone: '+5511987654321',
        })),
      );
    const audit = new AuditLog(database.kysely.withTables<AuditTables>(), systemClock, uuidV7Ids);
    const actor: Actor = { kind: 'user', id: 'u1', tenantId, permissions: new Set(permissionsOf('reception')) };
    const origin = { ip: '10.0.0.1', userAgent: 'bench' };
    const plain = database.forTenant(tenantId);
    const reads = async (guarded: boolean): Promise<number> => {
      const ms = await timeMs(async () => {
        for (let i = 0; i < READS; i++) {
          // A request's store is made per request, as the server does.
          const store = guarded ? guardStore(plain, { actor, audit, origin }) : plain;
          await store.collection(patients).get(ids[(i * 7919) % PATIENTS]!);
        }
      });
      return (ms * 1000) / READS;
    };
    const plainRuns: number[] = [];
    const guardedRuns: number[] = [];
    await reads(false);
    await reads(true);
    for (let round = 0; round < ROUNDS; round++) {
      plainRuns.push(await reads(false));
      guardedRuns.push(await reads(true));
    }
    const queued = audit.pending;
    const batchedMs = await timeMs(() => audit.flush());
    const single: number[] = [];
    for (let i = 0; i < 200; i++) {
      audit.record({
        tenantId,
        actorKind: 'user',
        actorId: 'u1',
        action: 'read',
        collection: 'patients',
        recordId: ids[i]!,
      });
      single.push(await timeMs(() => audit.flush()));
    }
    const plainReadUs = median(plainRuns);
    const guardedReadUs = median(guardedRuns);
    return {
      plainReadUs,
      guardedReadUs,
      ratio: guardedReadUs / plainReadUs,
      auditWriteUsBatched: (batchedMs * 1000) / queued,
      auditWriteUsSingle: median(single) * 1000,
    };
  } finally {
    await database.close();
  }
}

/** Runs the whole access bench on temporary SQLite files. */
export async function benchAccess(): Promise<AccessBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-access-bench-'));
  try {
    const hashing = await benchHash();
    const loginsPerSecond = await benchLogins();
    return { ...hashing, loginsPerSecond, ...(await benchGuard(dir)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The guard's target: a guarded read costs under 1.2x a plain one. */
export const GUARD_TARGET = 1.2;

/** The report lines and whether the guard target was met. */
export function reportAccess(r: AccessBenchResult): { lines: string[]; met: boolean } {
  const f = (n: number, digits = 1) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const met = r.ratio < GUARD_TARGET;
  return {
    met,
    lines: [
      '',
      'access bench (SQLite)',
      `argon2id (19 MiB, t=2, p=1): hash ${f(r.hashMs)} ms, verify ${f(r.verifyMs)} ms (median of 15)`,
      `logins/s over HTTP: ${f(r.loginsPerSecond.sequential)} one at a time, ${f(r.loginsPerSecond.concurrent8)} with 8 at once`,
      `patient read by id: plain ${f(r.plainReadUs)} µs, guarded ${f(r.guardedReadUs)} µs, ratio ${f(r.ratio, 2)} (median of ${ROUNDS} × ${READS})`,
      `audit entry write: ${f(r.auditWriteUsBatched)} µs each in a batch, ${f(r.auditWriteUsSingle)} µs alone (one request, one read)`,
      `guard target (under ${GUARD_TARGET}x a plain read): ${met ? 'met' : 'MISSED'}`,
    ],
  };
}
