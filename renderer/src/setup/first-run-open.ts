/**
 * When the first-run assistant shows. It takes the agenda's place for an administrator whose account
 * has no clinic yet, or whose assistant was started and not finished (its draft says so), until they
 * leave it for this session ("Continuar depois"); "Primeiros passos" opens it again at any time.
 * The shell listens to move to the agenda area, where the assistant shows.
 */
import { emptyFirstRun, readFirstRun, writeFirstRun } from './first-run-draft.js';

let left = false;
const listeners = new Set<() => void>();

/** True when the assistant was put away in this session. */
export const firstRunLeft = (): boolean => left;

/** Puts the assistant away until the next session (or {@link openFirstRun}). */
export function leaveFirstRun(): void {
  left = true;
  for (const listener of listeners) listener();
}

/** Whether the assistant shows, given the account's draft (if any) and whether it has a clinic. */
export function firstRunDue(draft: { finished: boolean } | undefined, hasClinic: boolean): boolean {
  if (left) return false;
  return draft ? !draft.finished : !hasClinic;
}

/**
 * Opens the assistant again on the step it was left at (a finished one reopens at its last step's
 * data, nothing retyped), and asks the shell to show the agenda area.
 */
export function openFirstRun(storage: Pick<Storage, 'getItem' | 'setItem'>, tenantId: string): void {
  left = false;
  const draft = readFirstRun(storage, tenantId) ?? emptyFirstRun();
  writeFirstRun(storage, tenantId, { ...draft, finished: false });
  for (const listener of listeners) listener();
}

/** Runs `show` whenever the assistant is opened or put away; @returns the unsubscribe function. */
export function onFirstRunChange(show: () => void): () => void {
  listeners.add(show);
  return () => {
    listeners.delete(show);
  };
}
