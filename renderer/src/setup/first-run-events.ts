/**
 * The first-run assistant's session state and its listeners, apart from the draft's code so the
 * shell can listen without loading the core's modules into its own bundle (their top-level zod
 * parses would run before zod-config and trip the CSP): put away for this session, or reopened.
 */
let left = false;
const listeners = new Set<() => void>();

/** True when the assistant was put away in this session. */
export const firstRunLeft = (): boolean => left;

/** Marks the assistant put away (`true`) or wanted again (`false`), and tells the listeners. */
export function setFirstRunLeft(value: boolean): void {
  left = value;
  for (const listener of listeners) listener();
}

/** Runs `show` whenever the assistant is opened or put away; @returns the unsubscribe function. */
export function onFirstRunChange(show: () => void): () => void {
  listeners.add(show);
  return () => {
    listeners.delete(show);
  };
}
