/**
 * Time-slot blocks (spec §4.3 "Block one or more time slots for a professional"): a range when a
 * professional takes no appointments (a meeting, a holiday, a course). A recurring block is stored
 * as one record per occurrence sharing a `series`, so the overlap check and the views read blocks
 * exactly as they read appointments: by professional and start.
 */
import { z } from 'zod';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { recordOutputFields } from '#core/common/records.js';

/** Longest single block: a whole day. Longer absences are a daily recurrence. */
export const MAX_BLOCK_MINUTES = 24 * 60;

/** One blocked range of a professional. */
export interface ScheduleBlock extends RecordBase {
  professional: string;
  /** The clinic it applies to; absent: every clinic of the account. */
  clinic?: string;
  start: string;
  end: string;
  startUtc: string;
  endUtc: string;
  timeZone: string;
  reason: string;
  /** Shared by the occurrences of one recurring block (the first occurrence's id). */
  series: string;
  createdBy: string;
}

/** The `schedule_blocks` collection: read by professional and start, like appointments. */
export const scheduleBlocks = defineCollection<ScheduleBlock>({
  name: 'schedule_blocks',
  fields: { professional: 'string', clinic: 'string', startUtc: 'string', series: 'string' },
  indexes: [['professional', 'startUtc'], ['clinic', 'startUtc'], ['series']],
});

/** A block as answered. */
export const blockOutput = z
  .object({
    ...recordOutputFields,
    professional: z.string(),
    clinic: z.string().optional(),
    start: z.string(),
    end: z.string(),
    timeZone: z.string(),
    reason: z.string(),
    series: z.string(),
    createdBy: z.string(),
  })
  .meta({ id: 'ScheduleBlock' });
