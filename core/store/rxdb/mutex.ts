/**
 * A first-come, first-served async lock: `run` waits for every earlier `run` to settle, then runs
 * its work. Not re-entrant: work that calls `run` on the same mutex waits for itself forever.
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Runs `work` once every earlier call has settled; resolves or rejects as `work` does. */
  run<R>(work: () => Promise<R>): Promise<R> {
    const result = this.tail.then(work);
    // The next caller waits for this one to settle, whatever its outcome.
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
