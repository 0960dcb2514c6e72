/**
 * Reads `read` every 250 ms until `ok` holds or `ms` (default 30 s) pass, and returns the last value
 * read either way: the caller's `expect` on it says what was missing. For state that reaches the
 * server by sync, a few seconds after the desk shows it.
 */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
