/**
 * Stopping the server as an operator does (issue 20 point 10): `kill <pid>` of `npm run server`
 * must stop the server itself, not only npm. The server runs as a real child process over loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'clinic-signals-'));
const started: ChildProcess[] = [];

afterAll(() => {
  // Whatever a failed test left running: each child leads its own process group (detached).
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts `command args` in the worktree on a fresh SQLite file; resolves once /health answers. */
async function start(command: string, args: string[], name: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATABASE_URL: join(dir, `${name}.db`), LOG_LEVEL: 'silent' },
    stdio: 'ignore',
    detached: true,
  });
  started.push(child);
  await until('the server answers', () => answers(port), 60_000);
  return { child, port };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** True while some process of `child`'s group is alive. */
function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stopping the server', () => {
  it('kill of `npm run server` stops the server: the port closes and no process stays behind', async () => {
    const { child, port } = await start('npm', ['run', 'server'], 'npm');
    process.kill(child.pid!, 'SIGTERM');
    await exited(child);
    await until('the port closes', async () => !(await answers(port)), 15_000);
    await until('every process of the group ends', () => Promise.resolve(!groupAlive(child)), 15_000);
  }, 120_000);

  it('SIGTERM to the node process itself shuts it down cleanly (exit 0)', async () => {
    const { child, port } = await start(process.execPath, ['--import', 'tsx', 'sync-server/main.ts'], 'node');
    process.kill(child.pid!, 'SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(await answers(port)).toBe(false);
  }, 120_000);
});
