/**
 * Schedule settings of a clinic, optionally for one professional there: working hours, slot length
 * and the return window. The clinic record has opening hours and a zone but nothing of this; the
 * professional-specific record wins over the clinic-wide one.
 */
import { z } from 'zod';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase } from '#core/store/record.js';
import { clockTimeInput } from './time.js';

/** One working period: weekday 0 (domingo) to 6 (sábado), `HH:mm` local times. */
export interface WorkingPeriod {
  weekday: number;
  start: string;
  end: string;
}

/** Settings of one clinic (professional absent) or of one professional at one clinic. */
export interface ScheduleSettings extends RecordBase {
  clinic: string;
  /** Absent: the clinic's defaults. */
  professional?: string;
  /** Length of a slot in the availability grid, minutes. */
  slotMinutes: number;
  /** A visit within this many days after an attended one (same patient, professional, specialty) is a return. */
  returnWindowDays: number;
  /** Empty: the clinic's opening hours. */
  workingHours: WorkingPeriod[];
}

/** The `schedule_settings` collection, found by clinic (then professional). */
export const scheduleSettings = defineCollection<ScheduleSettings>({
  name: 'schedule_settings',
  fields: { clinic: 'string', professional: 'string' },
  indexes: [['clinic', 'professional']],
});

/** Defaults when nothing is saved: 30-minute slots, returns within 30 days (the usual Brazilian practice). */
export const DEFAULT_SCHEDULE_SETTINGS = { slotMinutes: 30, returnWindowDays: 30 } as const;

/** A working period as input. */
export const workingPeriodInput = z
  .strictObject({ weekday: z.number().int().min(0).max(6), start: clockTimeInput, end: clockTimeInput })
  .refine((p) => p.start < p.end, { message: 'início antes do fim', path: ['end'] });

/** Settings as answered (`saved: false` when they are the defaults). */
export const settingsOutput = z
  .object({
    clinic: z.string(),
    professional: z.string().optional(),
    slotMinutes: z.number(),
    returnWindowDays: z.number(),
    workingHours: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
    saved: z.boolean(),
  })
  .meta({ id: 'ScheduleSettings' });
