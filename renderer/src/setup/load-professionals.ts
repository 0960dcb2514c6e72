/**
 * What Profissionais e agenda reads from the local core: the people who attend (the professional
 * role, or anyone with a council registration, e.g. an admin who is also the dentist), and one
 * professional's schedule at one clinic: what is saved for them there and what is in force.
 */
import { listUsers } from '#core/access/user-ops.js';
import type { User } from '#core/access/user.js';
import { searchKey } from '#core/br/text.js';
import { listClinics } from '#core/clinic/clinic-ops.js';
import type { Clinic } from '#core/clinic/clinic-record.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { effectiveSettings, type EffectiveSettings } from '#core/schedule/settings-ops.js';
import { scheduleSettings, type ScheduleSettings } from '#core/schedule/settings-record.js';
import type { Stored } from '#core/store/record.js';

/**
 * True when every word of `query` starts a word of `name`, accents and case ignored ("filial"
 * finds "Clínica Filial Centro", where the core's own list matches the name's start only).
 */
export function nameMatches(name: string, query: string): boolean {
  const words = searchKey(query).split(' ').filter(Boolean);
  const parts = searchKey(name).split(' ');
  return words.every((w) => parts.some((part) => part.startsWith(w)));
}

/** True when `user` attends patients: the professional role or a council registration. */
export function attends(user: Pick<User, 'role' | 'council'>): boolean {
  return user.role === 'professional' || user.council !== null;
}

/**
 * The professionals whose name has every word of `query` as a word start (accents and case
 * ignored), by name; deactivated ones only with `withInactive`.
 */
export async function loadProfessionals(
  ctx: OperationContext,
  query: string,
  withInactive: boolean,
): Promise<Stored<User>[]> {
  const found: Stored<User>[] = [];
  let cursor: string | undefined;
  do {
    const page = await invoke(listUsers, ctx, {
      limit: 500,
      ...(withInactive ? {} : { active: 'true' as const }),
      ...(cursor ? { cursor } : {}),
    });
    found.push(...(page.items as Stored<User>[]));
    cursor = page.next ?? undefined;
  } while (cursor);
  return found
    .filter((u) => attends(u))
    .filter((u) => nameMatches(u.name, query))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** The account's active clinics, by name. */
export async function loadActiveClinics(ctx: OperationContext): Promise<Stored<Clinic>[]> {
  const page = await invoke(listClinics, ctx, { active: true, limit: 100 });
  return page.items as Stored<Clinic>[];
}

/** One professional's schedule at one clinic. */
export interface ProfessionalSchedule {
  /** Saved for this professional at this clinic; absent: they follow the clinic. */
  own: ScheduleSettings | undefined;
  /** In force (own, else the clinic's settings, else its opening hours with the defaults). */
  effective: EffectiveSettings;
  /** The clinic's own week (its saved settings' hours, else its opening hours). */
  clinicHours: EffectiveSettings['workingHours'];
}

/** Reads `professional`'s schedule at `clinic`. @throws DomainError `not_found` for a clinic gone. */
export async function loadProfessionalSchedule(
  ctx: OperationContext,
  clinic: string,
  professional: string,
): Promise<ProfessionalSchedule> {
  const saved = await ctx.store.collection(scheduleSettings).find({ selector: { clinic }, limit: 200 });
  return {
    own: saved.find((s) => s.professional === professional),
    effective: await effectiveSettings(ctx.store, clinic, professional),
    clinicHours: (await effectiveSettings(ctx.store, clinic)).workingHours,
  };
}
