/**
 * The one way a waiting ticket becomes a call on the panel: `ticket.call` (the queue's "Chamar") and
 * `appointment.call` with a place (the agenda's "Chamar" of a patient who checked in at the totem)
 * both write it here, so both keep the rules of docs/decisions/tickets.md: only a waiting ticket is
 * called, a place-bound ticket only by its place, and every first call takes the clinic day's next
 * `callSeq` (the priority alternation) and `panelSeq` (the panel's order).
 */
import { invalidTransition, nowIso } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import type { OperationContext } from '#core/operation.js';
import type { Stored } from '#core/store/record.js';
import { latestCalls } from './ticket-queries.js';
import { tickets, type Ticket } from './ticket-record.js';

/** The clinic day's next `callSeq` or `panelSeq`: the latest + 1 ("max + 1", see decisions). */
export async function nextSeq(
  ctx: OperationContext,
  clinic: string,
  day: string,
  order: 'callSeq' | 'panelSeq',
): Promise<number> {
  const [last] = await latestCalls(ctx, clinic, day, order, 1);
  return (last?.[order] ?? 0) + 1;
}

/**
 * True when `placeId` may call `ticket`: a ticket issued for a place (`POST /clinic/{id}/place/{placeId}/ticket/`)
 * is that place's own queue; any place calls the others.
 */
export function placeMayCall(ticket: Pick<Ticket, 'place'>, placeId: string): boolean {
  return ticket.place === undefined || ticket.place === placeId;
}

/**
 * Calls `ticket` to `placeId` through `ctx.store` (pass a transaction's store in `ctx` to call it in
 * that transaction). The caller has checked that `placeId` is an active place of the ticket's clinic
 * (`clinicToday`) and that the actor holds `ticket:write`.
 *
 * @param path the input field named by a refusal about the ticket (`ticket`, `patient`).
 * @returns the ticket as stored: `called`, with `calledAt`/`lastCalledAt` now, `calledPlace`, `calledBy`.
 * @throws DomainError `invalid_transition` (409) naming `path` when the ticket is not waiting (use
 *   recall); `validation` (400) naming `placeId` when the ticket is another place's; `conflict` when
 *   someone changed the ticket since it was read (another place called it at the same moment).
 */
export async function callAtPlace(
  ctx: OperationContext,
  ticket: Stored<Ticket>,
  placeId: string,
  path = 'ticket',
): Promise<Stored<Ticket>> {
  if (ticket.status !== 'waiting') throw invalidTransition('Esta senha já foi chamada: use rechamar', path);
  if (!placeMayCall(ticket, placeId))
    throw new DomainError('validation', 'Esta senha é de outro local: só ele a chama', [
      { path: 'placeId', message: `a senha ${ticket.code} é do local ${ticket.place}` },
    ]);
  const now = nowIso(ctx);
  return ctx.store.collection(tickets).update(ticket.id, ticket._rev, {
    ...ticket,
    status: 'called',
    calledAt: now,
    lastCalledAt: now,
    calledPlace: placeId,
    calledBy: ctx.actor.id,
    callSeq: await nextSeq(ctx, ticket.clinic, ticket.day, 'callSeq'),
    panelSeq: await nextSeq(ctx, ticket.clinic, ticket.day, 'panelSeq'),
    updatedAt: now,
  });
}
