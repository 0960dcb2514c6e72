/**
 * The blocks the block dialog lists for a day, each with what unblocking it (or its series) and
 * undoing that needs.
 */
import { invoke, type OperationContext } from '#core/operation.js';
import { listBlocks } from '#core/schedule/block-ops.js';
import { scheduleBlocks } from '#core/schedule/block-record.js';
import { dayIn } from '#core/schedule/time.js';
import { seriesRecurrence, type RecurrenceInput } from './repeat.js';

/** The recurring series a listed block belongs to (two or more blocks share its `series`). */
export interface DaySeries {
  id: string;
  /** How many blocks of the series are stored, past ones included: what removing it removes. */
  size: number;
  /** The first and last blocks' days (`YYYY-MM-DD` in the series' zone). */
  first: string;
  last: string;
  /** What re-creates exactly these blocks after a removal; null when no recurrence does (see seriesRecurrence). */
  again: { start: string; end: string; recurrence: RecurrenceInput } | null;
}

/** A block as the day's list shows it, with what undoing its unlock needs. */
export interface DayBlock {
  id: string;
  professional: string;
  clinic?: string | undefined;
  start: string;
  end: string;
  reason: string;
  /** Set when the block is one of a recurring series. */
  series?: DaySeries | undefined;
}

/**
 * The blocks of `professionals` at `clinic` starting on `day` (`YYYY-MM-DD`), earliest first, by
 * `scheduleBlock.list`; each block of a series carries the whole series, read by its `series` index
 * (every block has one: a single block is a series of one, and the list shows no mark for it).
 */
export async function loadDayBlocks(
  ctx: OperationContext,
  clinic: string,
  professionals: readonly string[],
  day: string,
): Promise<DayBlock[]> {
  const out: DayBlock[] = [];
  const seen = new Map<string, DaySeries | undefined>();
  for (const professional of professionals) {
    const { items } = await invoke(listBlocks, ctx, { professional, clinic, date: day, days: 1 });
    for (const b of items) {
      if (!seen.has(b.series)) seen.set(b.series, await readSeries(ctx, b.series));
      out.push({
        id: b.id,
        professional: b.professional,
        clinic: b.clinic,
        start: b.start,
        end: b.end,
        reason: b.reason,
        series: seen.get(b.series),
      });
    }
  }
  return out.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

async function readSeries(ctx: OperationContext, id: string): Promise<DaySeries | undefined> {
  const members = await ctx.store.collection(scheduleBlocks).find({ selector: { series: id } });
  if (members.length < 2) return undefined;
  const sorted = members.sort((a, b) => a.startUtc.localeCompare(b.startUtc));
  const zone = sorted[0]!.timeZone;
  return {
    id,
    size: sorted.length,
    first: dayIn(sorted[0]!.start, zone),
    last: dayIn(sorted.at(-1)!.start, zone),
    again: seriesRecurrence(sorted),
  };
}
