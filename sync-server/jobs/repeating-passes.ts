/**
 * The timing every background job of the server shares (outbox delivery, budget expiry): passes run
 * one at a time (a `runOnce` asked for during a pass waits for it), the next timed pass starts
 * `intervalMs` after the last one ended (a slow pass never piles up a backlog), and `stop` lets the
 * pass in flight finish before it resolves, so what it was writing is recorded before the database
 * closes. A pass reads {@link RepeatingPasses.stopping} between its units of work to end early.
 */
export class RepeatingPasses<R> {
  private pass: (() => Promise<R>) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  /** @param intervalMs pause between the end of one timed pass and the start of the next, ms. */
  constructor(private readonly intervalMs: number) {}

  /** True once {@link stop} was called: a pass should stop taking new work. */
  get stopping(): boolean {
    return this.stopped;
  }

  /**
   * Starts timing `pass`: its first run now (`now: true`) or after one interval. The timer alone
   * never keeps the process alive (tests, the admin CLI).
   */
  start(pass: () => Promise<R>, { now }: { now: boolean }): void {
    this.pass = pass;
    if (now) void this.runOnce().then(this.schedule, this.schedule);
    else this.schedule();
  }

  /**
   * One pass after the one in flight, if any. @returns its result.
   * @throws Error when called before {@link start}; whatever the pass throws.
   */
  runOnce(): Promise<R> {
    const pass = this.pass;
    if (!pass) return Promise.reject(new Error('RepeatingPasses.runOnce before start'));
    const result = this.running.then(pass);
    this.running = result.catch(() => undefined);
    return result;
  }

  /** Stops the timer and waits for the pass in flight. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private readonly schedule = (): void => {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runOnce().then(this.schedule, this.schedule), this.intervalMs);
    this.timer.unref?.();
  };
}
