/**
 * The schedule filter configuration (spec §4.4 Authentication: "register, delete and get the
 * schedule filter configuration"): what the caller's schedule screen shows, saved per person so it
 * follows them from desk to desk.
 */
import { z } from 'zod';
import { isoWithOffset } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import { defineOperation, type OperationContext } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase, Stored } from '#core/store/record.js';
import { clinicListSchema, specialtyListSchema, userListSchema } from './user.js';

export const SCHEDULE_VIEWS = ['day', 'week', 'month'] as const;

export interface ScheduleFilter extends RecordBase {
  /** The user (or key) it belongs to. */
  owner: string;
  clinics: string[];
  professionals: string[];
  specialties: string[];
  view: (typeof SCHEDULE_VIEWS)[number];
  showCancelled: boolean;
}

export const scheduleFilters = defineCollection<ScheduleFilter>({
  name: 'schedule_filters',
  fields: { owner: 'string' },
  indexes: [['owner']],
});

/** The filter as answered. */
export const scheduleFilterOutput = z.object({
  clinics: z.array(z.string()),
  professionals: z.array(z.string()),
  specialties: z.array(z.string()),
  view: z.enum(SCHEDULE_VIEWS),
  showCancelled: z.boolean(),
  updatedAt: z.string(),
});

async function ownFilter(ctx: OperationContext): Promise<Stored<ScheduleFilter> | undefined> {
  const [found] = await ctx.store.collection(scheduleFilters).find({ selector: { owner: ctx.actor.id }, limit: 1 });
  return found;
}

export const registerScheduleFilter = defineOperation({
  name: 'scheduleFilter.register',
  group: 'Authentication',
  summary: 'Salva o filtro da agenda de quem chama',
  description: 'Substitui o filtro salvo; listas vazias mostram tudo.',
  permission: 'profile:write',
  input: z.strictObject({
    clinics: clinicListSchema.default([]),
    professionals: userListSchema.default([]),
    specialties: specialtyListSchema.default([]),
    view: z.enum(SCHEDULE_VIEWS).default('day'),
    showCancelled: z.boolean().default(false),
  }),
  output: scheduleFilterOutput,
  http: { method: 'PUT', path: '/scheduleFilter/' },
  example: { professionals: ['01936f0e-8c2a-7b1e-9d4c-2f5a6b7c8d9e'], view: 'week' },
  async run(ctx, filter) {
    const collection = ctx.store.collection(scheduleFilters);
    const now = isoWithOffset(ctx.clock.now());
    const current = await ownFilter(ctx);
    if (current) {
      const { _rev, ...record } = current;
      return collection.update(current.id, _rev, { ...record, ...filter, updatedAt: now });
    }
    const base = { id: ctx.ids.next(), tenantId: ctx.store.tenantId, createdAt: now, updatedAt: now };
    return collection.insert({ ...base, owner: ctx.actor.id, ...filter });
  },
});

export const getScheduleFilter = defineOperation({
  name: 'scheduleFilter.get',
  group: 'Authentication',
  summary: 'Mostra o filtro da agenda de quem chama',
  permission: 'profile:read',
  input: z.strictObject({}),
  output: scheduleFilterOutput,
  http: { method: 'GET', path: '/scheduleFilter/' },
  example: {},
  async run(ctx) {
    const found = await ownFilter(ctx);
    if (!found) throw new DomainError('not_found', 'Nenhum filtro de agenda salvo', []);
    return found;
  },
});

export const deleteScheduleFilter = defineOperation({
  name: 'scheduleFilter.delete',
  group: 'Authentication',
  summary: 'Apaga o filtro da agenda de quem chama',
  permission: 'profile:write',
  input: z.strictObject({}),
  output: z.void(),
  http: { method: 'DELETE', path: '/scheduleFilter/', emptyBody: true },
  example: {},
  async run(ctx) {
    const found = await ownFilter(ctx);
    if (found) await ctx.store.collection(scheduleFilters).remove(found.id, found._rev);
  },
});

export const scheduleFilterOperations = [registerScheduleFilter, getScheduleFilter, deleteScheduleFilter];
