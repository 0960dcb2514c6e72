/**
 * WAL checkpoints of the server's SQLite file, mostly on a worker thread. SQLite checkpoints from the
 * connection that commits once the WAL passes 1,000 pages, and a checkpoint copies the WAL into the
 * database file and syncs both to disk: tens of milliseconds with the whole event loop stopped
 * behind it (the budget bench saw one every 60 requests, and they made most of its p99). Here a
 * second connection on a worker thread checkpoints every few tens of milliseconds in PASSIVE mode
 * (it never waits for nor blocks the writer), so that copying and syncing happen off the event loop.
 * The server's connection still checkpoints, more rarely ({@link MAIN_AUTOCHECKPOINT_PAGES}): only a
 * checkpoint run by the writer right after its commit sees the WAL fully copied, which lets SQLite
 * start the WAL over instead of growing it while writes never pause; by then little is left to copy.
 * Commits are as durable as before: with `synchronous=NORMAL` a committed transaction is in the WAL
 * before the commit returns, whoever later copies it into the database file.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the worker checkpoints. */
const INTERVAL_MS = 50;
/** The server connection's own automatic checkpoint threshold, in pages (SQLite's default: 1,000). */
export const MAIN_AUTOCHECKPOINT_PAGES = 8000;
/** WAL size past which the worker starts; below it (tests, quiet desks) no thread is spent on it. */
const START_AT_BYTES = 1024 * 1024;
/** How often the WAL size is looked at until then. */
const WATCH_MS = 1000;

/** The worker: plain CommonJS, so it runs the same under tsx, vitest and a build. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 5000 });
const timer = setInterval(() => {
  // A checkpoint that fails (the file busy past the timeout) is simply tried again on the next tick.
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Checkpoints `path` off the main thread once its WAL grows; {@link stop} before closing the file. */
export class SqliteCheckpointer {
  private worker: Worker | undefined;
  private readonly watch: NodeJS.Timeout;
  private stopped = false;

  /**
   * @param file the server's connection: its own automatic checkpoints become rarer once the worker
   *   runs, and go back to SQLite's default if the worker fails.
   */
  constructor(
    private readonly file: BetterSqlite3.Database,
    private readonly path: string,
  ) {
    this.watch = setInterval(() => this.startWhenGrown(), WATCH_MS);
    this.watch.unref();
  }

  private startWhenGrown(): void {
    let size = 0;
    try {
      size = statSync(`${this.path}-wal`).size;
    } catch {
      return; // no WAL yet
    }
    if (size < START_AT_BYTES || this.worker || this.stopped) return;
    clearInterval(this.watch);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        path: this.path,
        intervalMs: INTERVAL_MS,
      },
    });
    worker.unref();
    this.file.pragma(`wal_autocheckpoint = ${MAIN_AUTOCHECKPOINT_PAGES}`);
    const fallBack = () => {
      if (this.stopped) return;
      this.file.pragma('wal_autocheckpoint = 1000');
    };
    worker.on('error', fallBack);
    worker.on('exit', () => {
      this.worker = undefined;
      fallBack();
    });
    this.worker = worker;
  }

  /** Stops the worker (its connection closed) so the server's connection is the last to close. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watch);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('stop');
    await exited;
  }
}
