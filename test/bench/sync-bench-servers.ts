/**
 * What the sync benches share: server child processes (sync-server-child.ts) on one PostgreSQL schema
 * of the bench's own, an account with enrolled desks seeded in-process on the same schema, the
 * server's RSS from /proc, and percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allCollections } from '#core/catalogue.js';
import { patients } from '#core/patient/patient-record.js';
import type { CollectionDef } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { benchPatient } from './sync-bench-patient.js';
import { startTestServer } from '../../sync-server/auth/test-server.js';
import { serverMigrations } from '../../sync-server/server.js';
import { openSqlDatabase, type SqlDatabase } from '../../sync-server/store/index.js';
import { dropSchema, postgresUrl } from '../../sync-server/testing/postgres.js';
import { enrolDevice, seedAdmin, type SyncTestServer } from '../sync/sync-fixture.js';

const ACCOUNT = 'Clínica Bench Sync';

/** One server child process. */
export interface ServerChild {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A fresh schema name for one bench run. */
export const benchSchema = (): string => `bench_sync_${randomBytes(4).toString('hex')}`;

/** Opens the bench schema in this process (creating it); the caller closes it. */
export function openBenchDatabase(schema: string): Promise<SqlDatabase> {
  return openSqlDatabase({ url: postgresUrl, schema, collections: allCollections, migrations: serverMigrations });
}

/** Seeds an account and `desks` enrolled desks on `database`; @returns the tenant and the desk tokens. */
export async function seedDesks(
  database: SqlDatabase,
  desks: number,
): Promise<{ tenantId: string; deskTokens: string[] }> {
  const server = (await startTestServer({ database })) as SyncTestServer;
  const admin = await seedAdmin(server, ACCOUNT);
  const deskTokens: string[] = [];
  for (let i = 0; i < desks; i++)
    deskTokens.push((await enrolDevice(server, admin.token, 'desk', `Recepção ${i}`)).token);
  return { tenantId: admin.tenantId, deskTokens };
}

/**
 * Logs the seeded admin in on a server child: the token `seedDesks` returns was signed at the test
 * server's fixed clock and has expired for a server on the system clock.
 */
export async function adminLogin(url: string): Promise<string> {
  const name = ACCOUNT.toLowerCase().replace(/\W/g, '');
  const res = await fetch(`${url}/session/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `admin@${name}.test`, password: 'senha-muito-segura-1' }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const def = patients as unknown as CollectionDef<RecordBase & Record<string, unknown>>;

/** Inserts `docs` patients of `tenantId` on `database`, 5000 at a time. */
export async function seedPatients(database: SqlDatabase, tenantId: string, docs: number): Promise<void> {
  const store = database.forTenant(tenantId).collection(def);
  for (let at = 0; at < docs; at += 5000) {
    await store.insertMany(Array.from({ length: Math.min(5000, docs - at) }, (_, i) => benchPatient(tenantId, at + i)));
  }
}

/** Starts a server child on `schema` at `port`; resolves once it listens. */
export async function startServerChild(schema: string, port: number): Promise<ServerChild> {
  const script = fileURLToPath(new URL('sync-server-child.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, BENCH_PG_SCHEMA: schema, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server child did not start in 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of process `pid` in MiB (Linux /proc), undefined elsewhere. */
export function rssMiB(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) process `pid` has used so far (Linux /proc), 0 elsewhere. */
export function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The `p`th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export { dropSchema };
