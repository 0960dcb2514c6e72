/**
 * A push's answer as an installation must take it (issue 18.1): the master states a push answers go
 * through the collection windows (core/sync/windows.ts) exactly as pulls send them, since RxDB
 * writes an answered master state over the installation's copy and records it as what the server
 * holds. A patient made inactive elsewhere, answered to a desk whose edit conflicted, must arrive as
 * a tombstone: the desk's pull of that tombstone was skipped while the edit was unsent (RxDB leaves
 * a document with local changes to the push), and its checkpoint has moved past it, so the answer is
 * the only chance the desk has to drop it.
 */
import type { SyncDocument } from '#core/sync/protocol.js';
import { throughWindow, type SyncWindows } from '#core/sync/windows.js';
import type { PushAnswer, PushEntry } from './push.js';

/**
 * What of `document` an installation that holds it takes as the server's state under `windows`: its
 * tombstone when it left a `where` window (a patient made inactive), else the document itself
 * (a `since` window leaves an installation the documents it holds, so the answer replaces its copy).
 */
export function answeredThroughWindow(
  windows: SyncWindows,
  collection: string,
  document: SyncDocument,
  now: Date,
): SyncDocument {
  return throughWindow(windows[collection], document, now, true) ?? document;
}

/**
 * The answers of a push batch through the windows, in the order of `entries`:
 * - each master state the push answered (conflict, merge, refusal) as {@link answeredThroughWindow};
 * - for a row the server took as sent (no answer) whose state left a `where` window, its tombstone:
 *   the installation's pull of its own write may have run while the push was under way and been
 *   skipped for the same reason, so without it the installation would keep the document for good.
 *
 * @param entries the batch's rows and their collections
 * @param answers what `pushEntries` answered for them
 * @param now the server's time (windows by age are judged at it)
 */
export function answersThroughWindows(
  windows: SyncWindows,
  entries: readonly PushEntry[],
  answers: readonly PushAnswer[],
  now: Date,
): PushAnswer[] {
  const key = (collection: string, id: string) => `${collection}\u0000${id}`;
  const answered = new Map(answers.map((answer) => [key(answer.collection, answer.document.id), answer]));
  const out: PushAnswer[] = [];
  for (const { def, row } of entries) {
    const k = key(def.name, row.newDocumentState.id);
    const answer = answered.get(k);
    answered.delete(k);
    if (answer) {
      out.push({ collection: def.name, document: answeredThroughWindow(windows, def.name, answer.document, now) });
      continue;
    }
    const pushed = row.newDocumentState;
    if (pushed._deleted) continue;
    const sent = throughWindow(windows[def.name], pushed, now, true);
    if (sent?._deleted) out.push({ collection: def.name, document: sent });
  }
  // Answers for no row of the batch (none today) still reach the installation.
  for (const answer of answered.values()) {
    out.push({ ...answer, document: answeredThroughWindow(windows, answer.collection, answer.document, now) });
  }
  return out;
}
