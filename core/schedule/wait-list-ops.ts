/**
 * The wait list (spec §4.3 "Create, edit, remove wait list entry"; §2.5 `WaitList`): patients who
 * want an earlier or any slot with a professional or a specialty, in preferred periods, by priority.
 * When a slot frees up, `GET /appointment/{id}/waitListMatches` lists who fits it, best first.
 */
import { z } from 'zod';
import { refInput } from '#core/references.js';
import { clinics } from '#core/clinic/clinic-record.js';
import { users } from '#core/access/user.js';
import { textInput } from '#core/br/schemas.js';
import {
  compact,
  EXAMPLE_ID,
  idInput,
  missingReference,
  newRecordBase,
  nowIso,
  recordOutputFields,
  requireRecord,
  requireReference,
} from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { defineOperation } from '#core/operation.js';
import { patients } from '#core/patient/patient-record.js';
import { specialties } from '#core/specialty/specialty-record.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { Store } from '#core/store/port.js';
import type { RecordBase } from '#core/store/record.js';
import { scheduleIdInput, type Appointment } from './appointment-record.js';
import { GROUP } from './appointment-ops.js';
import { loadAppointment, loadClinic, requireProfessional } from './appointment-write.js';
import { clockTimeInput, inZone, weekdayOf } from './time.js';

/** A preferred period: weekdays (all when empty) between two local times. */
export interface PreferredPeriod {
  weekdays: number[];
  from: string;
  to: string;
}

/** Priorities, lowest first; the list shows `urgent` first. */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

/** A wait-list entry as stored. */
export interface WaitListEntry extends RecordBase {
  patient: string;
  clinic?: string;
  professional?: string;
  specialty?: string;
  periods: PreferredPeriod[];
  priority: (typeof PRIORITIES)[number];
  notes?: string;
  active: boolean;
  createdBy: string;
}

/** The `wait_list` collection. */
export const waitList = defineCollection<WaitListEntry>({
  name: 'wait_list',
  fields: { patient: 'string', professional: 'string', specialty: 'string', active: 'boolean' },
  indexes: [['patient'], ['professional'], ['specialty'], ['active']],
});

const periodInput = z
  .strictObject({
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    from: clockTimeInput,
    to: clockTimeInput,
  })
  .refine((p) => p.from < p.to, { message: 'início antes do fim', path: ['to'] });

const fields = {
  patient: refInput(() => patients),
  clinic: refInput(() => clinics).optional(),
  professional: refInput(() => users).optional(),
  specialty: refInput(() => specialties).optional(),
  periods: z.array(periodInput).max(20).default([]),
  priority: z.enum(PRIORITIES).default('normal'),
  notes: textInput(1000).optional(),
};

const entryOutput = z
  .object({
    ...recordOutputFields,
    patient: z.string(),
    clinic: z.string().optional(),
    professional: z.string().optional(),
    specialty: z.string().optional(),
    periods: z.array(z.object({ weekdays: z.array(z.number()), from: z.string(), to: z.string() })),
    priority: z.enum(PRIORITIES),
    notes: z.string().optional(),
    active: z.boolean(),
    createdBy: z.string(),
  })
  .meta({ id: 'WaitList' });

async function checkEntryRefs(
  store: Store,
  input: {
    patient: string;
    clinic?: string | undefined;
    professional?: string | undefined;
    specialty?: string | undefined;
  },
) {
  const patient = await store.collection(patients).get(input.patient);
  if (!patient?.active)
    throw missingReference('Paciente', 'patient', input.patient, 'não é paciente ativo desta conta');
  if (input.clinic) await loadClinic(store, input.clinic);
  if (input.professional) await requireProfessional(store, input.professional);
  if (input.specialty)
    await requireReference(store.collection(specialties), input.specialty, 'Especialidade', 'specialty');
  if (!input.professional && !input.specialty)
    throw new DomainError('validation', 'Requisição inválida', [
      { path: 'professional', message: 'informe o profissional ou a especialidade' },
    ]);
}

/** `waitList.create`: `POST /waitList/` (201). */
export const createWaitListEntry = defineOperation({
  name: 'waitList.create',
  group: GROUP,
  summary: 'Cria uma entrada na lista de espera',
  permission: 'waitList:write',
  input: z.strictObject(fields),
  output: z.object({ message: z.string(), entry: entryOutput }),
  http: { method: 'POST', path: '/waitList/', status: 201 },
  example: {
    patient: EXAMPLE_ID,
    professional: EXAMPLE_ID,
    periods: [{ weekdays: [1, 3], from: '08:00', to: '12:00' }],
    priority: 'high',
  },
  async run(ctx, input) {
    await checkEntryRefs(ctx.store, input);
    const entry = await ctx.store
      .collection(waitList)
      .insert(compact({ ...newRecordBase(ctx), ...input, active: true, createdBy: ctx.actor.id }));
    return { message: 'Paciente incluído na lista de espera', entry };
  },
});

/** `waitList.edit`: `PUT /waitList/{id}` (replaces the entry's fields). */
export const editWaitListEntry = defineOperation({
  name: 'waitList.edit',
  group: GROUP,
  summary: 'Edita uma entrada da lista de espera',
  permission: 'waitList:write',
  input: z.strictObject({ id: scheduleIdInput, ...fields }),
  output: entryOutput,
  http: { method: 'PUT', path: '/waitList/{id}' },
  example: { id: EXAMPLE_ID, patient: EXAMPLE_ID, specialty: EXAMPLE_ID, priority: 'normal' },
  async run(ctx, { id, ...input }) {
    const collection = ctx.store.collection(waitList);
    const current = await requireRecord(collection, id, 'Entrada da lista de espera');
    if (!current.active)
      throw new DomainError('not_found', 'Entrada da lista de espera não encontrada', [
        { path: 'id', message: 'removida' },
      ]);
    await checkEntryRefs(ctx.store, input);
    const { clinic: _c, professional: _p, specialty: _s, notes: _n, ...kept } = current;
    return collection.update(id, current._rev, compact({ ...kept, ...input, updatedAt: nowIso(ctx) }));
  },
});

/** `waitList.remove`: `DELETE /waitList/{id}` (200, no body); the entry stays as history (`active: false`). */
export const removeWaitListEntry = defineOperation({
  name: 'waitList.remove',
  group: GROUP,
  summary: 'Remove uma entrada da lista de espera',
  permission: 'waitList:write',
  input: z.strictObject({ id: scheduleIdInput }),
  output: z.void(),
  http: { method: 'DELETE', path: '/waitList/{id}', emptyBody: true },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const collection = ctx.store.collection(waitList);
    const current = await requireRecord(collection, id, 'Entrada da lista de espera');
    if (current.active)
      await collection.update(id, current._rev, { ...current, active: false, updatedAt: nowIso(ctx) });
  },
});

const RANK: Record<string, number> = { urgent: 0, high: 1, normal: 2, low: 3 };
const byPriority = (a: WaitListEntry, b: WaitListEntry) =>
  (RANK[a.priority] ?? 9) - (RANK[b.priority] ?? 9) ||
  (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);

/** `waitList.list`: `GET /waitList/` — active entries, by priority then age. */
export const listWaitList = defineOperation({
  name: 'waitList.list',
  group: GROUP,
  summary: 'Lista a lista de espera (por prioridade e antiguidade)',
  permission: 'waitList:read',
  input: z.strictObject({
    professional: idInput.optional(),
    specialty: idInput.optional(),
    patient: idInput.optional(),
  }),
  output: z.object({ items: z.array(entryOutput), next: z.null() }),
  http: { method: 'GET', path: '/waitList/' },
  example: { professional: EXAMPLE_ID },
  async run(ctx, { professional, specialty, patient }) {
    const selector = patient
      ? { patient }
      : professional
        ? { professional }
        : specialty
          ? { specialty }
          : { active: true };
    const found = await ctx.store.collection(waitList).find({ selector, limit: 2000 });
    const items = found.filter(
      (e) =>
        e.active && (!professional || e.professional === professional) && (!specialty || e.specialty === specialty),
    );
    return { items: items.sort(byPriority), next: null };
  },
});

/**
 * A slot as {@link entryFits} reads it: an appointment's, or a free one (no patient) the desk offers
 * to a wait-list entry.
 */
export type FitSlot = Pick<Appointment, 'clinic' | 'professional' | 'start' | 'end' | 'timeZone'> & {
  patient?: string;
  specialty?: string | undefined;
};

/** True when the entry wants the slot the appointment held (or a free slot). */
export function entryFits(
  entry: Pick<WaitListEntry, 'active' | 'patient' | 'clinic' | 'professional' | 'specialty' | 'periods'>,
  slot: FitSlot,
  professionalSpecialties: readonly string[],
): boolean {
  if (!entry.active || entry.patient === slot.patient) return false;
  if (entry.clinic && entry.clinic !== slot.clinic) return false;
  if (entry.professional && entry.professional !== slot.professional) return false;
  if (entry.specialty && entry.specialty !== slot.specialty && !professionalSpecialties.includes(entry.specialty))
    return false;
  if (entry.periods.length === 0) return true;
  const local = inZone(slot.start, slot.timeZone);
  const weekday = weekdayOf(local.slice(0, 10));
  const from = local.slice(11, 16);
  const to = inZone(slot.end, slot.timeZone).slice(11, 16);
  return entry.periods.some(
    (p) => (p.weekdays.length === 0 || p.weekdays.includes(weekday)) && p.from <= from && to <= p.to,
  );
}

/** `waitList.matches`: `GET /appointment/{id}/waitListMatches` — who on the wait list fits this slot. */
export const waitListMatches = defineOperation({
  name: 'waitList.matches',
  group: GROUP,
  summary: 'Quem da lista de espera serve para o horário deste agendamento (ao desmarcar, para oferecer a vaga)',
  permission: 'waitList:read',
  input: z.strictObject({ id: scheduleIdInput }),
  output: z.object({ items: z.array(entryOutput), next: z.null() }),
  http: { method: 'GET', path: '/appointment/{id}/waitListMatches' },
  example: { id: EXAMPLE_ID },
  async run(ctx, { id }) {
    const slot = await loadAppointment(ctx.store, id);
    const professional = await ctx.store.collection(users).get(slot.professional);
    const found = await ctx.store.collection(waitList).find({ selector: { active: true }, limit: 5000 });
    const items = found.filter((e) => entryFits(e, slot, professional?.specialties ?? []));
    return { items: items.sort(byPriority), next: null };
  },
});

/** The operations of this file. */
export const waitListOperations = [
  createWaitListEntry,
  editWaitListEntry,
  removeWaitListEntry,
  listWaitList,
  waitListMatches,
];
