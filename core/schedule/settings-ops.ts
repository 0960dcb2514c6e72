/**
 * Schedule settings operations: save and show a clinic's (or one professional's) working hours, slot
 * length and return window. Without saved settings, a professional follows the clinic's, and the
 * clinic its opening hours with 30-minute slots and a 30-day return window.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { users } from '#core/access/user.js';
import { compact, EXAMPLE_ID, idInput, newRecordBase, nowIso } from '#core/common/records.js';
import { defineOperation } from '#core/operation.js';
import type { Store } from '#core/store/port.js';
import type { Stored } from '#core/store/record.js';
import { GROUP } from './appointment-ops.js';
import { loadClinic, requireProfessional } from './appointment-write.js';
import {
  DEFAULT_SCHEDULE_SETTINGS,
  scheduleSettings,
  settingsOutput,
  workingPeriodInput,
  type ScheduleSettings,
  type WorkingPeriod,
} from './settings-record.js';

/** The settings in force for a professional at a clinic (or for the clinic), as answered. */
export interface EffectiveSettings {
  clinic: string;
  professional?: string;
  slotMinutes: number;
  returnWindowDays: number;
  workingHours: WorkingPeriod[];
  saved: boolean;
}

async function savedFor(
  store: Store,
  clinic: string,
  professional?: string,
): Promise<Stored<ScheduleSettings> | undefined> {
  const found = await store.collection(scheduleSettings).find({ selector: { clinic }, limit: 200 });
  return found.find((s) => s.professional === professional);
}

/**
 * The professional's settings at the clinic, else the clinic's, else the defaults over the clinic's
 * opening hours.
 * @throws DomainError `not_found` naming `clinic`.
 */
export async function effectiveSettings(
  store: Store,
  clinicId: string,
  professional?: string,
): Promise<EffectiveSettings> {
  const clinic = await loadClinic(store, clinicId);
  const own = professional ? await savedFor(store, clinicId, professional) : undefined;
  const general = await savedFor(store, clinicId);
  const found = own ?? general;
  const hours = own?.workingHours.length
    ? own.workingHours
    : general?.workingHours.length
      ? general.workingHours
      : clinic.openingHours.map((h) => ({ weekday: h.weekday, start: h.opens, end: h.closes }));
  return compact({
    clinic: clinicId,
    professional,
    slotMinutes: found?.slotMinutes ?? DEFAULT_SCHEDULE_SETTINGS.slotMinutes,
    returnWindowDays: found?.returnWindowDays ?? DEFAULT_SCHEDULE_SETTINGS.returnWindowDays,
    workingHours: hours,
    saved: own !== undefined || (professional === undefined && general !== undefined),
  });
}

/** `scheduleSettings.save`: `PUT /schedule/settings` (replaces the clinic's or the professional's). */
export const saveScheduleSettings = defineOperation({
  name: 'scheduleSettings.save',
  group: GROUP,
  summary: 'Salva horários de trabalho, duração do horário e janela de retorno (da clínica ou de um profissional nela)',
  permission: 'clinic:write',
  input: z.strictObject({
    clinic: refInput(() => clinics),
    professional: refInput(() => users).optional(),
    slotMinutes: z.number().int().min(5).max(480).default(DEFAULT_SCHEDULE_SETTINGS.slotMinutes),
    returnWindowDays: z.number().int().min(0).max(365).default(DEFAULT_SCHEDULE_SETTINGS.returnWindowDays),
    workingHours: z.array(workingPeriodInput).max(50).default([]),
  }),
  output: settingsOutput,
  http: { method: 'PUT', path: '/schedule/settings' },
  example: {
    clinic: EXAMPLE_ID,
    professional: EXAMPLE_ID,
    slotMinutes: 20,
    returnWindowDays: 30,
    workingHours: [{ weekday: 1, start: '08:00', end: '12:00' }],
  },
  async run(ctx, input) {
    await ctx.store.transaction(async (tx) => {
      await loadClinic(tx, input.clinic);
      if (input.professional) await requireProfessional(tx, input.professional);
      const current = await savedFor(tx, input.clinic, input.professional);
      const collection = tx.collection(scheduleSettings);
      if (current)
        await collection.update(current.id, current._rev, compact({ ...current, ...input, updatedAt: nowIso(ctx) }));
      else await collection.insert(compact({ ...newRecordBase({ ...ctx, store: tx }), ...input }));
    });
    return effectiveSettings(ctx.store, input.clinic, input.professional);
  },
});

/** `scheduleSettings.get`: `GET /schedule/settings?clinic=…&professional=…`. */
export const getScheduleSettings = defineOperation({
  name: 'scheduleSettings.get',
  group: GROUP,
  summary: 'Mostra as configurações de agenda em vigor',
  permission: 'appointment:read',
  input: z.strictObject({ clinic: idInput, professional: idInput.optional() }),
  output: settingsOutput,
  http: { method: 'GET', path: '/schedule/settings' },
  example: { clinic: EXAMPLE_ID },
  run: (ctx, { clinic, professional }) => effectiveSettings(ctx.store, clinic, professional),
});
