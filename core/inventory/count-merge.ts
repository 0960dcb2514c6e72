/**
 * Reconciling two desks' versions of one inventory count (INV-005): counting is often split between
 * people (one counts the shelves, another the cabinet), each on their desk. Lines counted on either
 * side are merged; the same line counted differently on both sides, or a count closed on one side
 * while the other changed it, goes to a person (the sync review list): never one count silently lost.
 */
import type { ConflictHandler } from '#core/sync/record-rules.js';
import type { CountLine } from './count-record.js';

type Doc = Record<string, unknown>;

const key = (line: Pick<CountLine, 'product' | 'lot'>) => `${line.product}\u0000${line.lot}`;
const linesOf = (doc: Doc | undefined): CountLine[] => (Array.isArray(doc?.lines) ? (doc.lines as CountLine[]) : []);

/** Lines whose `counted` differs from the assumed version's (new lines included). */
function changedLines(doc: Doc, assumed: Doc | undefined): Map<string, CountLine> {
  const before = new Map(linesOf(assumed).map((l) => [key(l), l]));
  const changed = new Map<string, CountLine>();
  for (const line of linesOf(doc)) {
    const was = before.get(key(line));
    if (!was || was.counted !== line.counted) changed.set(key(line), line);
  }
  return changed;
}

/** The count's {@link ConflictHandler}: merges the counted lines of both sides, or leaves it to a person. */
export const mergeCount: ConflictHandler = (master, assumed, pushed) => {
  const ours = changedLines(master, assumed);
  const theirs = changedLines(pushed, assumed);
  if (master.status !== 'open' || pushed.status !== 'open') {
    // A closing produced adjustments from its own lines: it merges only with a side that changed nothing.
    if (master.status === pushed.status) return undefined;
    if (pushed.status === 'closed' && ours.size === 0) return pushed;
    if (master.status === 'closed' && theirs.size === 0) return master;
    return undefined;
  }
  for (const [k, line] of theirs) {
    const mine = ours.get(k);
    if (mine && mine.counted !== line.counted) return undefined;
  }
  const lines = linesOf(master).map((line) => theirs.get(key(line)) ?? line);
  const known = new Set(lines.map(key));
  for (const [k, line] of theirs) if (!known.has(k)) lines.push(line);
  const updatedAt = String(pushed.updatedAt) > String(master.updatedAt) ? pushed.updatedAt : master.updatedAt;
  return { ...master, lines, updatedAt };
};
