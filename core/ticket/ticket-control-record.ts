/**
 * A clinic's ticket settings: its service lines (normal, priority, and lines of its own such as exams)
 * and the calling ratio. One record per clinic, kept apart from the clinic record so the clinic group's
 * documents stay theirs; places are the clinic's own (`core/clinic/places-ops.ts`), never copied here.
 */
import { z } from 'zod';
import { nameInput } from '#core/br/schemas.js';
import type { OperationContext } from '#core/operation.js';
import { defineCollection } from '#core/store/collection-def.js';
import type { RecordBase, Stored } from '#core/store/record.js';

/** A service line: its letter prefix names it and starts its tickets' codes (`N` → N001). */
export interface TicketService {
  prefix: string;
  name: string;
  /** `priority` lines hold legal-priority tickets; an 80+ reason makes a ticket super-priority. */
  class: 'normal' | 'priority';
  active: boolean;
}

/** A clinic's ticket settings as stored. */
export interface TicketControl extends RecordBase {
  clinic: string;
  services: TicketService[];
  /** Priority calls per normal call while both wait. */
  priorityRatio: number;
}

/** The `ticket_controls` collection, one record per clinic. */
export const ticketControls = defineCollection<TicketControl>({
  name: 'ticket_controls',
  fields: { clinic: 'string' },
  indexes: [['clinic']],
});

/** What a clinic that never saved settings uses: Normal (N), Prioritário (P), 2 priority per normal. */
export const DEFAULT_SERVICES: readonly TicketService[] = [
  { prefix: 'N', name: 'Normal', class: 'normal', active: true },
  { prefix: 'P', name: 'Prioritário', class: 'priority', active: true },
];
export const DEFAULT_PRIORITY_RATIO = 2;

/** A service line as input and output. */
export const ticketServiceInput = z.strictObject({
  prefix: z.string().regex(/^[A-Z]{1,3}$/, '1 a 3 letras maiúsculas'),
  name: nameInput(60),
  class: z.enum(['normal', 'priority'], { message: 'use normal ou priority' }).default('normal'),
  active: z.boolean().default(true),
});

/** The calling ratio as input: 1 to 10 priority calls per normal one. */
export const priorityRatioInput = z.number().int().min(1).max(10);

/** The settings a clinic uses now: its saved record (the newest, if two desks saved offline) or the defaults. */
export async function loadTicketControl(
  ctx: Pick<OperationContext, 'store'>,
  clinicId: string,
): Promise<{ record?: Stored<TicketControl>; services: TicketService[]; priorityRatio: number }> {
  const saved = await ctx.store.collection(ticketControls).find({ selector: { clinic: clinicId } });
  const record = saved.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))[0];
  if (!record) return { services: DEFAULT_SERVICES.map((s) => ({ ...s })), priorityRatio: DEFAULT_PRIORITY_RATIO };
  return { record, services: record.services, priorityRatio: record.priorityRatio };
}
