/**
 * Which waiting ticket a place calls next. Priority tickets alternate with normal ones by the clinic's
 * ratio (e.g. 2 priority per 1 normal): the law gives priority, not exclusivity, and a normal line that
 * never moves is the complaint every reception hears. Super-priority (80+, Lei 13.466/2017) goes first
 * among the priority ones; within a class the oldest ticket goes first.
 */
import type { TicketClass } from './ticket-record.js';

/** What the rules need of a waiting ticket. */
export interface Candidate {
  id: string;
  class: TicketClass;
  issuedAt: string;
  number: number;
}

const RANK: Record<TicketClass, number> = { super: 0, priority: 1, normal: 2 };

function oldestFirst(a: Candidate, b: Candidate): number {
  return (
    RANK[a.class] - RANK[b.class] ||
    Date.parse(a.issuedAt) - Date.parse(b.issuedAt) ||
    a.number - b.number ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * How many of the latest first calls, newest first, were priority before the latest normal one.
 * @param recent classes of the clinic day's first calls, newest first (at least `ratio` of them when
 *   there are that many).
 */
export function priorityStreak(recent: readonly TicketClass[]): number {
  let streak = 0;
  for (const cls of recent) {
    if (cls === 'normal') break;
    streak++;
  }
  return streak;
}

/**
 * The ticket to call next, or undefined when none waits.
 *
 * @param waiting the tickets the place may call.
 * @param streak priority calls since the last normal one ({@link priorityStreak}).
 * @param ratio priority calls allowed per normal call while both classes wait (1 or more).
 */
export function nextTicket<C extends Candidate>(waiting: readonly C[], streak: number, ratio: number): C | undefined {
  const priority = waiting.filter((t) => t.class !== 'normal').sort(oldestFirst);
  const normal = waiting.filter((t) => t.class === 'normal').sort(oldestFirst);
  if (!priority[0]) return normal[0];
  if (!normal[0]) return priority[0];
  return streak < ratio ? priority[0] : normal[0];
}
