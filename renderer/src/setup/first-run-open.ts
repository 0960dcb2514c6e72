/**
 * When the first-run assistant shows. It takes the agenda's place for an administrator whose account
 * has no clinic yet, or whose assistant was started and not finished (its draft says so), until they
 * leave it for this session ("Continuar depois"); "Primeiros passos" opens it again at any time.
 * The shell listens (first-run-events.ts) to move to the agenda area, where the assistant shows.
 */
import { emptyFirstRun, readFirstRun, writeFirstRun } from './first-run-draft.js';
import { firstRunLeft, setFirstRunLeft } from './first-run-events.js';

/** Puts the assistant away until the next session (or {@link openFirstRun}). */
export const leaveFirstRun = (): void => setFirstRunLeft(true);

/** Whether the assistant shows, given the account's draft (if any) and whether it has a clinic. */
export function firstRunDue(draft: { finished: boolean } | undefined, hasClinic: boolean): boolean {
  if (firstRunLeft()) return false;
  return draft ? !draft.finished : !hasClinic;
}

/**
 * Opens the assistant again on the step it was left at (a finished one reopens on its last step,
 * nothing retyped), and asks the shell to show the agenda area.
 */
export function openFirstRun(storage: Pick<Storage, 'getItem' | 'setItem'>, tenantId: string): void {
  const draft = readFirstRun(storage, tenantId) ?? emptyFirstRun();
  writeFirstRun(storage, tenantId, { ...draft, finished: false });
  setFirstRunLeft(false);
}
