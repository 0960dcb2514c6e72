/**
 * Reads shared by the ticket operations: the clinic day of now, a ticket of a clinic, the queue, and
 * the latest calls.
 */
import { inClinicScope } from '#core/access/clinic-scope.js';
import type { Clinic } from '#core/clinic/clinic-record.js';
import { requireClinic } from '#core/clinic/clinic-ops.js';
import { notFound } from '#core/common/records.js';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { clinicDay } from './ticket-day.js';
import { tickets, type Ticket } from './ticket-record.js';

/** A clinic, its "today" and one of its active places (404 naming `placeId` for another or none). */
export async function clinicToday(
  ctx: OperationContext,
  clinicId: string,
  placeId?: string,
): Promise<{ clinic: Stored<Clinic>; day: string }> {
  const clinic = await requireClinic(ctx, clinicId);
  if (placeId !== undefined && !clinic.places.some((p) => p.id === placeId && p.active)) {
    throw notFound('Local', 'placeId', placeId);
  }
  return { clinic, day: clinicDay(ctx.clock.now(), clinic.timeZone) };
}

/**
 * A ticket, or 404 naming `path` (also for a ticket of another clinic when `clinicId` is given, or of
 * a clinic outside the actor's scope: a totem key sees its own clinic's tickets only).
 */
export async function requireTicket(
  ctx: OperationContext,
  id: string,
  path = 'id',
  clinicId?: string,
): Promise<Stored<Ticket>> {
  const found = await ctx.store.collection(tickets).get(id);
  if (!found || (clinicId !== undefined && found.clinic !== clinicId) || !inClinicScope(ctx.actor, found.clinic)) {
    throw notFound('Senha', path, id);
  }
  return found;
}

/** The tickets waiting in a clinic day's queue, oldest first. */
export function waitingTickets(ctx: OperationContext, clinicId: string, day: string): Promise<Stored<Ticket>[]> {
  return ctx.store.collection(tickets).find({
    selector: { clinic: clinicId, day, status: 'waiting' },
    sort: [{ issuedAt: 'asc' }],
  });
}

/** The clinic day's latest calls, newest first, by first-call order (`callSeq`) or panel order. */
export function latestCalls(
  ctx: OperationContext,
  clinicId: string,
  day: string,
  order: 'callSeq' | 'panelSeq',
  limit: number,
): Promise<Stored<Ticket>[]> {
  return ctx.store.collection(tickets).find({
    selector: { clinic: clinicId, day, [order]: { $gt: 0 } },
    sort: [{ [order]: 'desc' }],
    limit,
  });
}
