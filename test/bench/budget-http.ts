/**
 * Budget bench (issue #5): `POST /budget/` with 10 items against the real server (a child process,
 * `node --import tsx sync-server/main.ts`, as `npm run server` runs it, on a fresh SQLite file), 32
 * keep-alive connections of a lean client (budget-http-client.ts; `BENCH_CLIENT=node` uses Node's
 * http client instead) for a fixed time:
 * requests/s and latency percentiles, and the same load on `GET /health` in the same run, so the
 * ratio shows what a budget costs over the bare HTTP path. Target: ≥ 1,500 req/s, p99 < 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RawConnection, rawRequest } from './budget-http-client.js';
import type { SqliteTotals } from './sqlite-time-preload.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KEY = 'chave-do-bench-de-orcamentos-2026';
/** `node` drives the load with Node's http client (as the first measurements did); default: the lean client. */
const CLIENT = process.env.BENCH_CLIENT === 'node' ? 'node' : 'raw';

/** One measured load. */
export interface LoadFigures {
  requests: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * Server CPU (user + system) per answered request in ms, from /proc (undefined elsewhere): unlike
   * req/s it hardly moves when other processes share the cores, so it compares runs on a busy machine.
   */
  serverCpuMsPerRequest: number | undefined;
  /**
   * Milliseconds per request the server's event loop spent inside better-sqlite3 (statements and
   * commits), and how many statements that was: the part no HTTP or JavaScript saving can remove.
   */
  sqliteMsPerRequest?: number;
  statementsPerRequest?: number;
}

/** What the bench returns. */
export interface BudgetHttpResult {
  budget: LoadFigures;
  health: LoadFigures;
  /** budget req/s ÷ health req/s. */
  ratio: number;
  seconds: number;
  connections: number;
}

interface Answer {
  status: number;
  body: string;
}

function request(agent: http.Agent, port: number, method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          'auth-bearer': KEY,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** CPU seconds `pid` has used so far (Linux /proc; clock ticks of 1/100 s), or undefined. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** One request of the load, sent through either client. */
interface LoadRequest {
  method: string;
  path: string;
  body?: string;
}

/** A sender per connection: lean sockets (default) or Node's http client with a keep-alive agent. */
async function senders(
  port: number,
  agent: http.Agent,
  req: LoadRequest,
): Promise<{ sends: (() => Promise<Answer>)[]; close: () => void }> {
  if (CLIENT === 'node') {
    const send = () => request(agent, port, req.method, req.path, req.body);
    return { sends: Array.from({ length: CONNECTIONS }, () => send), close: () => undefined };
  }
  const headers: Record<string, string> = { 'auth-bearer': KEY };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const bytes = rawRequest(req.method, req.path, headers, req.body);
  const connections = await Promise.all(Array.from({ length: CONNECTIONS }, () => RawConnection.open(port)));
  return {
    sends: connections.map((connection) => () => connection.send(bytes)),
    close: () => connections.forEach((connection) => connection.close()),
  };
}

/** Runs `CONNECTIONS` loops sending `req` for `seconds`; counts answers with `ok` status. */
async function load(
  port: number,
  agent: http.Agent,
  req: LoadRequest,
  ok: number,
  seconds: number,
  pid?: number,
): Promise<LoadFigures> {
  const { sends, close } = await senders(port, agent, req);
  const cpuBefore = cpuSeconds(pid);
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    sends.map(async (send) => {
      while (performance.now() < end) {
        const t = performance.now();
        const answer = await send();
        latencies.push(performance.now() - t);
        if (answer.status !== ok) {
          errors++;
          if (errors === 1) console.error(`unexpected ${answer.status}: ${answer.body.slice(0, 300)}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(pid);
  close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: Math.round(latencies.length / elapsed),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    serverCpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || latencies.length === 0
        ? undefined
        : Number((((cpuAfter - cpuBefore) * 1000) / latencies.length).toFixed(3)),
  };
}

/**
 * The server's SQLite totals so far (sqlite-time-preload.ts): asks with SIGUSR2 and waits for the
 * file; undefined when it does not come (no /proc signals elsewhere, or a server without the preload).
 */
async function sqliteTotals(child: ChildProcess, file: string): Promise<SqliteTotals | undefined> {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 10)); // the write may still be under way
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SqliteTotals;
  } catch {
    return undefined;
  }
}

/** `load` with the server's time inside SQLite over it, per answered request. */
async function measuredLoad(child: ChildProcess, file: string, ...args: Parameters<typeof load>): Promise<LoadFigures> {
  const before = await sqliteTotals(child, file);
  const figures = await load(...args);
  const after = await sqliteTotals(child, file);
  if (!before || !after || figures.requests === 0) return figures;
  return {
    ...figures,
    sqliteMsPerRequest: Number(((after.micros - before.micros) / 1000 / figures.requests).toFixed(3)),
    statementsPerRequest: Number(((after.statements - before.statements) / figures.requests).toFixed(1)),
  };
}

/** This checkout: the server benched unless another checkout is named. */
export const THIS_CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));

async function startServer(dir: string, port: number, root: string): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // This checkout's preload, whichever checkout serves: it only times better-sqlite3.
  const timing = ['--import', fileURLToPath(new URL('./sqlite-time-preload.ts', import.meta.url))];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...timing, 'sync-server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_SQLITE_TIME: join(dir, 'sqlite-time.json'),
      DATABASE_URL: join(dir, 'bench.db'),
      PORT: String(port),
      CLINIC_API_KEY: KEY,
      CLINIC_API_KEY_RATE: '100000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const agent = new http.Agent({ keepAlive: true });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await request(agent, port, 'GET', '/health')).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('server did not start in 30 s');
}

/** Creates what a budget points at, over REST; @returns a 10-item budget body. */
async function seed(agent: http.Agent, port: number): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await request(agent, port, 'POST', path, JSON.stringify(body));
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.body}`);
    return JSON.parse(res.body) as Record<string, { id: string; plans?: { id: string }[] }>;
  };
  const clinic = (await post('/clinic/', { name: 'Clínica Bench' })).clinic!.id;
  const patient = (await post('/patient/', { name: 'Maria Bench', cellPhone: '(11) 98765-4321' })).patient!.id;
  const insurance = (await post('/insurance/', { name: 'Odonto Bench', plans: [{ name: 'Essencial' }] })).insurance!;
  const specialty = (await post('/specialty/', { name: 'Dentística', council: 'CRO' })).specialty!.id;
  const professional = (await post('/user/', { name: 'Dra. Bench', role: 'professional' })).user!.id;
  const events: string[] = [];
  for (let i = 0; i < 10; i++) events.push((await post('/event/', { name: `Procedimento ${i}` })).event!.id);
  const teeth = ['11', '12', '21', '22', '36', '37', '46', '47', '55', '85'];
  const items = events.map((event, i) => ({
    typeModel: 'Event',
    quantity: 1 + (i % 3),
    valueUnity: 100 + i * 12.5,
    event,
    item: event,
    type: 'procedure',
    copart: 10,
    transferPercent: 40,
    unit: 'un',
    expenseCode: '03',
    tooth: teeth[i],
    toothFace: ['O', 'M'],
  }));
  return JSON.stringify({
    type: 'dental',
    patientData: { identificationOnInsurance: '0012345678901', insurancePlan: insurance.plans![0]!.id },
    patient,
    clinic,
    insurance: insurance.id,
    professional,
    specialty,
    status: 1,
    items,
    paymentInformation: { period: 'monthly', quantity: 6, entry: 100, method: 'creditCard' },
  });
}

/**
 * Starts the server, seeds, loads `/health` then `POST /budget/`, stops the server.
 *
 * @param root the checkout whose `sync-server/main.ts` serves (another worktree, for an A/B across
 *   commits: budget-http-ab.ts); this one by default.
 */
export async function benchBudgetHttp(seconds = SECONDS, root = THIS_CHECKOUT): Promise<BudgetHttpResult> {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-bench-budget-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = await startServer(dir, port, root);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    const body = await seed(agent, port);
    const budget: LoadRequest = { method: 'POST', path: '/budget/', body };
    const health: LoadRequest = { method: 'GET', path: '/health' };
    await load(port, agent, budget, 201, 1); // warm-up: JIT, SQLite page cache
    await load(port, agent, health, 200, 1);
    const timeFile = join(dir, 'sqlite-time.json');
    const healthFigures = await measuredLoad(child, timeFile, port, agent, health, 200, seconds, child.pid);
    const budgetFigures = await measuredLoad(child, timeFile, port, agent, budget, 201, seconds, child.pid);
    return {
      budget: budgetFigures,
      health: healthFigures,
      ratio: Number((budgetFigures.perSecond / healthFigures.perSecond).toFixed(3)),
      seconds,
      connections: CONNECTIONS,
    };
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}
