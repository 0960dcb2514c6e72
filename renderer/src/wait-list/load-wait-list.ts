/**
 * The wait list as the screen shows it: the core's `waitList.list` (active entries, most urgent then
 * oldest first) with the names of the people and specialties it points at.
 */
import { users } from '#core/access/user.js';
import { invoke, type OperationContext } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import type { z } from 'zod';
import { listWaitList } from '#core/schedule/wait-list-ops.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { loadClinics, loadProfessionals, type ClinicChoice } from '../reception/load-day.js';

/** A wait-list entry as the core answers it. */
export type WaitListItem = z.output<typeof listWaitList.output>['items'][number];

/** An entry with the names the list shows. */
export interface ListedEntry extends WaitListItem {
  patientName: string;
  patientCpf: string | null;
  /** The patient's mobile, else landline (to call about a slot), or null. */
  patientPhone: string | null;
  professionalName: string | null;
  specialtyName: string | null;
}

/** What the wait-list screen reads. */
export interface WaitListData {
  entries: ListedEntry[];
  clinics: ClinicChoice[];
  professionals: { id: string; name: string }[];
  specialties: { id: string; name: string }[];
}

/** Reads the list and the choices its forms offer. @throws DomainError as `waitList.list`. */
export async function loadWaitList(ctx: OperationContext): Promise<WaitListData> {
  const { items } = await invoke(listWaitList, ctx, {});
  const professionals = await loadProfessionals(ctx);
  const allSpecialties = (await ctx.store.collection(specialties).find())
    .filter((s) => s.active)
    .map((s) => ({ id: s.id, name: s.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const entries = await nameEntries(ctx, items);
  return { entries, clinics: await loadClinics(ctx), professionals, specialties: allSpecialties };
}

/** Entries as the core answers them, with the names (and phone) the desk shows. */
export async function nameEntries(ctx: OperationContext, items: readonly WaitListItem[]): Promise<ListedEntry[]> {
  const entries: ListedEntry[] = [];
  for (const e of items) {
    const patient = await ctx.store.collection(patients).get(e.patient);
    const professional = e.professional ? await ctx.store.collection(users).get(e.professional) : null;
    const specialty = e.specialty ? await ctx.store.collection(specialties).get(e.specialty) : null;
    entries.push({
      ...e,
      patientName: patient?.socialName ?? patient?.name ?? '—',
      patientCpf: patient?.cpf ?? null,
      patientPhone: patient?.cellPhone ?? patient?.phone ?? null,
      professionalName: professional?.name ?? null,
      specialtyName: specialty?.name ?? null,
    });
  }
  return entries;
}

/** What an entry asks for, as a list shows it: `Dr. Ricardo Prado · Cardiologia`, or `—`. */
export function wantsLabel(entry: Pick<ListedEntry, 'professionalName' | 'specialtyName'>): string {
  return [entry.professionalName, entry.specialtyName].filter(Boolean).join(' · ') || '—';
}

/** The colour of each priority's badge, in the list and in the freed-slot offer. */
export const priorityColor = { urgent: 'red', high: 'orange', normal: 'blue', low: 'gray' } as const;
