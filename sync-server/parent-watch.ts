/**
 * Why `kill <pid of npm run server>` stops the server (issue 20 point 10). npm forwards SIGTERM and
 * SIGINT to its child, but that child is the shell running the script (`sh -c "node …"`), and
 * Debian's dash neither execs the command nor relays the signal: the shell dies, and the server,
 * reparented, went on serving. A server started with `--exit-with-parent` (the npm script passes it)
 * therefore watches its parent and shuts down, as on SIGTERM, when that parent is gone. Started any
 * other way (systemd, Docker, `node … &`), it never watches: detaching it from its parent is wanted there.
 */

/** The flag of `npm run server`'s command line that turns the watch on. */
export const EXIT_WITH_PARENT_FLAG = '--exit-with-parent';

/** True while process `pid` exists (signal 0 tests for it without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Calls `onGone` once when the process that started this one exits. `process.ppid` is read once at
 * start by Node (it never changes after), so the parent's pid is probed instead. The timer never
 * keeps the process alive.
 *
 * @param intervalMs how often the parent is checked (default 500 ms).
 * @returns a function that stops watching.
 */
export function watchParent(onGone: () => void, intervalMs = 500): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (alive(parent)) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
